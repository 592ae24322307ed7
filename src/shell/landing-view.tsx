import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { LandingPage } from '../config/model.ts';
import { useSite } from '../renderer/site-context.tsx';
import { Head } from './head.tsx';
import styles from './landing-view.module.css';

/** A city landing page: its own title and description for search engines, then on to the home page. */
export function LandingView({ landing }: { landing: LandingPage }) {
  const { site } = useSite();
  const { redirectTo, redirectDelayMs, message, linkText } = site.landing;
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => navigate(redirectTo, { replace: true }), redirectDelayMs);
    return () => clearTimeout(id);
  }, [navigate, redirectTo, redirectDelayMs, landing.path]);
  return (
    <section className={styles.landing}>
      <Head title={landing.title} description={landing.description} path={landing.path} />
      <div className="container">
        <h1>{landing.heading}</h1>
        <p className={styles.lead}>{landing.description}</p>
        <p role="status">
          {message}{' '}
          <Link to={redirectTo} replace>
            {linkText}
          </Link>
        </p>
      </div>
    </section>
  );
}
