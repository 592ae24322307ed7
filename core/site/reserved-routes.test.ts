import { describe, expect, it } from 'vitest';
import { RESERVED_ROUTES, reservedRoute } from './reserved-routes.ts';

const owner = (path: string) => reservedRoute(path)?.owner;

describe('the reserved routes', () => {
  it.each([
    ['/index', 'the home page, which the build writes as index.html'],
    ['/404', 'the not-found page, which the build writes as 404.html'],
    ['/healthz', "the server's health check"],
    ['/api', "the server's forms and mail"],
    ['/api/forms/contact', "the server's forms and mail"],
    ['/uploads/photo.jpg', 'the uploaded photos'],
    ['/3/image', "the photo host's upload address"],
    ['/sitemap.xml', 'the sitemap'],
    ['/sitemap-12.xml', 'the sitemap'],
    ['/robots.txt', 'robots.txt, which tells search engines what to read'],
    ['/assets/app-abc12345.js', "the site's scripts and styles"],
    ['/__studio', 'the studio'],
    ['/__studio/api/files', 'the studio'],
    ['/__open-in-editor', "the development server's own addresses"],
    ['/@vite/client', "the development server's own addresses"],
    ['/src/main.tsx', "the development server's source files"],
    ['/areas/index', "a folder's page, which the build writes as index.html"],
    ['/.build/routes.json', 'hidden files, which the server never shows'],
    ['/favicon.ico', "files: an address with an extension, such as .xml or .html, is a file's"],
  ])('%s is reserved for %s', (path, whose) => {
    expect(owner(path)).toBe(whose);
  });

  it('holds an address however the server would be asked for it: any case, a trailing slash, escaped letters', () => {
    for (const path of ['/HealthZ', '/healthz/', '/API/', '/Api/Forms/X', '/%61pi', '/Index', '/uploads//x', '/__Studio/'])
      expect(reservedRoute(path), path).toBeDefined();
  });

  it.each([
    '/',
    '/contact',
    '/api-koppelingen',
    '/apis',
    '/healthz-check',
    '/3d-printen',
    '/uploads-beheer',
    '/404-pagina',
    '/indexeren',
    '/src',
    '/assetsbeheer',
  ])('leaves %s free: a page may start with the same letters', (path) => {
    expect(reservedRoute(path)).toBeUndefined();
  });

  it('names each reserved address once', () => {
    const paths = RESERVED_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
