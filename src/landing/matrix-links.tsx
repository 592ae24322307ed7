import { useId } from 'react';
import { fill } from '../../core/text/fill.ts';
import type { LandingLinks, MatrixLink } from '../../core/site/landing-links.ts';
import type { LandingWords } from '../../core/site/landing-words.ts';
import styles from './landing.module.css';

function LinkGroup({ heading, links, more }: { heading: string; links: MatrixLink[]; more?: MatrixLink & { text: string } }) {
  const id = useId();
  if (links.length === 0 && !more) return null;
  return (
    <nav aria-labelledby={id} className={styles.group}>
      <h2 id={id}>{heading}</h2>
      <ul className={styles.links}>
        {links.map((l) => (
          <li key={l.path}>
            <a href={l.path}>{l.name}</a>
          </li>
        ))}
      </ul>
      {more && (
        <p className={styles.more}>
          <a href={more.path}>{more.text}</a>
        </p>
      )}
    </nav>
  );
}

/** The foot of a content landing page: the same service in other cities, other services here, and both overviews. */
export function MatrixLinks({ links, labels, values }: { links: LandingLinks; labels: LandingWords; values: Record<string, string> }) {
  const text = (template: string) => fill(template, values);
  return (
    <section className={`section section--muted ${styles.matrix}`} data-testid="matrix-links">
      <div className={`container ${styles.columns}`}>
        <LinkGroup
          heading={text(labels.otherCities)}
          links={links.otherCities}
          more={links.serviceHub && { ...links.serviceHub, text: text(labels.allCities) }}
        />
        <LinkGroup
          heading={text(labels.otherServices)}
          links={links.otherServices}
          more={links.cityHub && { ...links.cityHub, text: text(labels.allServices) }}
        />
      </div>
    </section>
  );
}
