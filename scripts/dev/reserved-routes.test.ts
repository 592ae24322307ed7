import { describe, expect, it } from 'vitest';
import { reservedRoute } from '../../core/site/reserved-routes.ts';
import { OPEN_IN_EDITOR } from './guard.ts';
import { isPagePath } from '../site-bundles/page-paths.ts';
import { PAGE_LINK_PATH } from '../../studio/server/page-link.ts';
import { STUDIO_PATH } from './studio-plugin.ts';

/**
 * The development server's and the studio's own addresses against the one list of reserved routes
 * (core/site/reserved-routes.ts; the production server's are in server/reserved-routes.test.ts): a page there would
 * show in production and never in `npm run dev`, or the other way round.
 */
describe('the development server keeps its addresses', () => {
  it('the studio, its API and its scripts are reserved', () => {
    const studio = [STUDIO_PATH, `${STUDIO_PATH}/`, `${STUDIO_PATH}/api/`, `${STUDIO_PATH}/api/files`, `${STUDIO_PATH}/api/publish/push`, PAGE_LINK_PATH];
    expect(studio.filter((path) => reservedRoute(path) === undefined)).toEqual([]);
  });

  it('every address the development server does not render as a page is reserved', () => {
    const addresses = [
      OPEN_IN_EDITOR,
      `${OPEN_IN_EDITOR}/x`,
      '/@vite/client',
      '/@site-theme.css',
      '/@site-styles.css',
      '/@fs/work/x.ts',
      '/@id/react',
      '/src/entry-client.tsx',
      '/node_modules/react/index.js',
      '/__x',
      '/sitemap.xml',
      '/robots.txt',
      '/favicon.svg',
      '/images/hero.webp',
      '/diensten/seo.html',
    ];
    expect(addresses.filter((path) => isPagePath(path))).toEqual([]);
    expect(addresses.filter((path) => reservedRoute(path) === undefined)).toEqual([]);
  });

  it('leaves the pages it renders free', () => {
    for (const path of ['/', '/contact', '/seo-amersfoort', '/areas/bath', '/src', '/apis']) {
      expect(isPagePath(path), path).toBe(true);
      expect(reservedRoute(path), path).toBeUndefined();
    }
  });
});
