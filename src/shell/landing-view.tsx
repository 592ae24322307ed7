import type { LandingPage } from '../../core/site/model.ts';
import type { Defaulted } from '../../core/site/defaulted.ts';
import type { LandingConfig } from '../../core/site/schema-types.ts';
import { useSite } from '../site/site-context.tsx';
import { Head } from '../renderer/head.tsx';
import landingScript from 'virtual:inline-script/landing';
import { LANDING_ATTR } from '../../core/islands/attributes.ts';
import styles from './landing-view.module.css';

/**
 * A city landing page: its own title and description for search engines, then on to the home page. Its tiny
 * inline script forwards the visitor, or shows staff the preview notice with ?preview.
 */
export function LandingView({ landing }: { landing: LandingPage }) {
  const { site } = useSite();
  // previewNotice is filled from the schema's default at build time
  const { redirectTo, redirectDelayMs, message, linkText, previewNotice } = site.landing as Defaulted<LandingConfig, 'previewNotice'>;
  return (
    <section className={styles.landing}>
      {/* noindexRedirects (off by default) keeps these doorway pages out of search engines and the sitemap */}
      <Head title={landing.title} description={landing.description} path={landing.path} noindex={site.landing.noindexRedirects === true} />
      <div className="container">
        <p className={styles.preview} role="note" data-testid="landing-preview-notice" {...{ [LANDING_ATTR.preview]: '' }} hidden>
          {previewNotice}
        </p>
        <h1>{landing.heading}</h1>
        <p className={styles.lead}>{landing.description}</p>
        <p role="status">
          {message} <a href={redirectTo}>{linkText}</a>
        </p>
      </div>
      <script {...{ [LANDING_ATTR.to]: redirectTo, [LANDING_ATTR.delay]: redirectDelayMs }} dangerouslySetInnerHTML={{ __html: landingScript }} />
    </section>
  );
}
