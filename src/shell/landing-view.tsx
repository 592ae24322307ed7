import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LandingPage } from '../../core/site/model.ts';
import type { Defaulted } from '../../core/site/defaulted.ts';
import type { LandingConfig } from '../../core/site/schema-types.ts';
import { useSite } from '../site/site-context.tsx';
import { Head } from '../renderer/head.tsx';
import { useIslandCollector } from '../islands/collector.tsx';
import landingScript from 'virtual:inline-script/landing';
import { LANDING_ATTR } from '../../core/islands/attributes.ts';
import styles from './landing-view.module.css';

/** Staff look at a landing page in the dev server or with ?preview; visitors are forwarded. */
const isPreview = (search: string) => import.meta.env.DEV || new URLSearchParams(search).has('preview');

/** A city landing page: its own title and description for search engines, then on to the home page. */
export function LandingView({ landing }: { landing: LandingPage }) {
  const { site } = useSite();
  // previewNotice is filled from the schema's default at build time
  const { redirectTo, redirectDelayMs, message, linkText, previewNotice } = site.landing as Defaulted<LandingConfig, 'previewNotice'>;
  // prerendered: static HTML whose tiny inline script forwards the visitor (or shows the preview notice)
  const prerendered = useIslandCollector() !== null;
  const navigate = useNavigate();
  const { search } = useLocation();
  // state set in an effect, not read while rendering: the prerendered HTML (no query) must hydrate without a mismatch
  const [preview, setPreview] = useState(false);
  useEffect(() => {
    if (prerendered) return;
    if (isPreview(search)) return setPreview(true);
    setPreview(false);
    const id = setTimeout(() => void navigate(redirectTo, { replace: true }), redirectDelayMs);
    return () => clearTimeout(id);
  }, [prerendered, navigate, redirectTo, redirectDelayMs, landing.path, search]);
  return (
    <section className={styles.landing}>
      {/* a preview is not a page of its own for search engines; the prerendered page stays indexable */}
      <Head title={landing.title} description={landing.description} path={landing.path} noindex={preview} />
      <div className="container">
        {preview || prerendered ? (
          <p className={styles.preview} role="note" data-testid="landing-preview-notice" {...{ [LANDING_ATTR.preview]: '' }} hidden={!preview}>
            {previewNotice}
          </p>
        ) : null}
        <h1>{landing.heading}</h1>
        <p className={styles.lead}>{landing.description}</p>
        <p role="status">
          {message}{' '}
          <Link to={redirectTo} replace>
            {linkText}
          </Link>
        </p>
      </div>
      {prerendered ? (
        <script {...{ [LANDING_ATTR.to]: redirectTo, [LANDING_ATTR.delay]: redirectDelayMs }} dangerouslySetInnerHTML={{ __html: landingScript }} />
      ) : null}
    </section>
  );
}
