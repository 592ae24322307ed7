import { Navigate, useLocation } from 'react-router-dom';
import { useSite } from '../site/site-context.tsx';
import { findLanding } from '../../core/site/resolve.ts';
import { LandingView } from './landing-view.tsx';

/** Paths that are not pages: a landing page of the city x service matrix, or back to the home page. */
export function RouteFallback() {
  const { site, cities } = useSite();
  const { pathname } = useLocation();
  const landing = findLanding(site.landing, cities, pathname);
  if (landing) return <LandingView landing={landing} />;
  return <Navigate to="/" replace />;
}
