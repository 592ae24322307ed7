import { use } from 'react';
import type { HubPage, SiteModel } from '../../core/site/model.ts';
import { hubContent, type HubLink } from '../../core/site/landing-links.ts';
import { hasWords, landingWords } from '../../core/site/landing-words.ts';
import { contentLandingDescription } from '../../core/site/landing.ts';
import { cityBySlug, findLanding } from '../../core/site/resolve.ts';
import { loadPage } from '../site/page-store.ts';
import { breadcrumbList, itemList } from '../../core/seo/structured-data.ts';
import { useSite } from '../site/site-context.tsx';
import { Head } from '../renderer/head.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import styles from './landing.module.css';

/**
 * The description of the landing page a hub links: the same words a search result shows for it (a content page's
 * from its template, a redirecting page's from its service). A description without a word ("...") is left out: the
 * guard warns about it.
 */
function useDescription(model: SiteModel, link: HubLink): string | undefined {
  const landing = findLanding(model.site.landing, model.cities, link.path);
  const city = landing && cityBySlug(model.cities, landing.citySlug);
  if (!landing || !city) return undefined;
  const description = landing.pageId ? contentLandingDescription(use(loadPage(landing.pageId)), city, landing.service) : landing.description;
  return hasWords(description) ? description : undefined;
}

function HubCard({ model, link }: { model: SiteModel; link: HubLink }) {
  const description = useDescription(model, link);
  return (
    <li>
      <a href={link.path}>
        <span className={styles.cardTitle}>{link.name}</span>
        {description && <span className={styles.cardText}>{description}</span>}
      </a>
    </li>
  );
}

/** An overview of the matrix: one service in every city, or every landing page of one city, each a link. */
export function HubView({ hub }: { hub: HubPage }) {
  const model = useSite();
  const { site, cities } = model;
  const content = hubContent(site, cities, hub);
  if (!content) throw new Error(`no hub page at ${hub.path}`);
  const structuredData = [breadcrumbList(site, content.crumbs), itemList(site, content.title, content.links)];
  return (
    <>
      <Head title={content.title} description={content.description} path={hub.path} structuredData={structuredData} />
      <Breadcrumbs label={landingWords(site).breadcrumb} crumbs={content.crumbs} />
      <section className={`section ${styles.hub}`}>
        <div className="container">
          <h1>{content.title}</h1>
          <p className={styles.lead}>{content.description}</p>
          <ul className={styles.cards} data-testid="hub-links">
            {content.links.map((l) => (
              <HubCard key={l.path} model={model} link={l} />
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
