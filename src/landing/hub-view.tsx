import type { HubPage } from '../../core/site/model.ts';
import { hubContent } from '../../core/site/landing-links.ts';
import { breadcrumbList, itemList } from '../../core/seo/structured-data.ts';
import { useSite } from '../site/site-context.tsx';
import { Head } from '../renderer/head.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import styles from './landing.module.css';

/** An overview of the matrix: one service in every city, or every service in one city, each a link. */
export function HubView({ hub }: { hub: HubPage }) {
  const { site, cities } = useSite();
  const content = hubContent(site, cities, hub);
  if (!content) throw new Error(`no hub page at ${hub.path}`);
  const structuredData = [breadcrumbList(site, content.crumbs), itemList(site, content.title, content.links)];
  return (
    <>
      <Head title={content.title} description={content.description} path={hub.path} structuredData={structuredData} />
      <Breadcrumbs label={site.landing.labels?.breadcrumb ?? 'Breadcrumb'} crumbs={content.crumbs} />
      <section className={`section ${styles.hub}`}>
        <div className="container">
          <h1>{content.title}</h1>
          <p className={styles.lead}>{content.description}</p>
          <ul className={styles.cards} data-testid="hub-links">
            {content.links.map((l) => (
              <li key={l.path}>
                <a href={l.path}>{l.name}</a>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
