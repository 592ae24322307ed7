import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyOps } from '../../../core/edit/ops.ts';
import { loadSchemaSet } from '../../../core/validate/schemas.ts';
import { linkKind, linksTo, matchRoutes, plainLink, relinkEdits, retarget, routeChoices, routeOf, routePattern, routeProblem, suggestRoute } from './links.ts';
import type { SchemaFiles } from './schema.ts';
import { indexSite } from '../files/site-index.ts';

const root = process.cwd();
const schemas = Object.fromEntries(loadSchemaSet(join(root, 'schemas')).byPath) as SchemaFiles;

/** A fixture site's files by path (its config and content/), as the studio holds them. */
function fixtureFiles(name: string): Record<string, { text: string }> {
  const site = join(root, 'tests/fixtures', name);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
  const paths = ['site.config.json', ...walk(join(site, 'content')).map((f) => relative(site, f).split(sep).join('/'))];
  return Object.fromEntries(paths.map((path) => [path, { text: readFileSync(join(site, path), 'utf8') }]));
}

const where = (uses: ReturnType<typeof linksTo>) => uses.map((u) => `${u.file.path}#${u.text.pointer}`);

describe('links to a route', () => {
  it("reads a link's route, kind and all", () => {
    expect(['/contact', '/contact#form', '/contact/', '/contact?x=1#y'].map(routeOf)).toEqual(['/contact', '/contact', '/contact', '/contact']);
    expect(['/', '/#top', 'https://a.nl/contact', '//cdn.nl/x', 'tel:+31', '#faq'].map(routeOf)).toEqual([
      '/',
      '/',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(['/x', 'https://a.nl', 'tel:0612345678', 'mailto:a@b.nl', '#faq', 'ftp://x'].map(linkKind)).toEqual([
      'page',
      'external',
      'phone',
      'email',
      'anchor',
      'other',
    ]);
  });

  it("finds every link field's value that goes to the route in every file of the Dutch fixture, never the route table", () => {
    const files = indexSite(schemas, 'nl', fixtureFiles('base'));
    expect(where(linksTo(files, ['/contact']))).toEqual([
      'site.config.json#/navigation/links/1/to',
      'site.config.json#/navigation/ctas/0/to',
      'site.config.json#/footer/links/1/to',
      'site.config.json#/footer/cta/to',
      'content/pages/home.json#/blocks/0/buttons/0/to',
    ]);
    // a landing page's link, and the home page's links (the landing pages forward to it)
    expect(where(linksTo(files, ['/seo-den-haag']))).toEqual(['content/pages/home.json#/blocks/3/links/0/to']);
    expect(where(linksTo(files, ['/']))).toContain('site.config.json#/landing/redirectTo');
    // those in the page itself can be left out (they go with it)
    expect(where(linksTo(files, ['/'], 'content/pages/contact.json'))).not.toContain('content/pages/contact.json#/blocks/0/buttons/1/to');
    expect(where(linksTo(files, ['/']))).toContain('content/pages/contact.json#/blocks/0/buttons/1/to');
  });

  it('points the links of the English fixture elsewhere, anchors kept, with one list of edits per file that applies', () => {
    const texts = fixtureFiles('en');
    texts['content/pages/home.json'] = { text: texts['content/pages/home.json']!.text.replace('"to": "/contact"', '"to": "/contact#form"') };
    const files = indexSite(schemas, 'en', texts);
    const uses = linksTo(files, ['/contact']);
    expect(uses.length).toBeGreaterThan(2);
    const edits = relinkEdits(uses, '/get-in-touch');
    expect([...edits.keys()].sort()).toEqual(['content/pages/home.json', 'site.config.json']);
    for (const [path, ops] of edits) texts[path] = { text: applyOps(texts[path]!.text, ops) };
    const after = indexSite(schemas, 'en', texts);
    expect(linksTo(after, ['/contact'])).toEqual([]);
    expect(linksTo(after, ['/get-in-touch']).map((u) => u.text.value)).toContain('/get-in-touch#form');
    expect(linksTo(after, ['/get-in-touch'])).toHaveLength(uses.length);
    expect(retarget('/oud?a=1#b', '/')).toBe('/?a=1#b');
  });
});

describe('a new route', () => {
  const routes = ['/', '/contact', '/webdesign-amersfoort'];
  it('starts with /, has lower-case letters, digits and single hyphens as the schema says, and is free', () => {
    const pattern = routePattern(schemas);
    expect(pattern).toBe('^/([a-z0-9]+(-[a-z0-9]+)*)?$');
    const problem = (path: string) => routeProblem(path, routes, '/contact', pattern);
    expect(problem('/over-ons')).toBeUndefined();
    expect(problem('')).toBe('empty');
    expect(problem('/contact')).toBe('unchanged');
    expect(problem('over-ons')).toBe('slash');
    expect(problem('/Over ons')).toBe('characters');
    expect(problem('/over--ons')).toBe('characters');
    expect(problem('/over/ons')).toBe('characters');
    expect(problem('/webdesign-amersfoort')).toBe('taken');
    expect(problem('/')).toBe('taken');
  });

  it('is none the build writes itself or the server keeps, however it is written', () => {
    const problem = (path: string) => routeProblem(path, routes, '/contact', routePattern(schemas));
    for (const path of ['/healthz', '/index', '/404', '/api', '/uploads', '/3', '/assets']) expect(problem(path), path).toBe('reserved');
    expect(problem('/api-koppelingen')).toBeUndefined();
    expect(problem('/3d-printen')).toBeUndefined();
  });

  it('is suggested from what the person typed', () => {
    expect(suggestRoute('Over ons!')).toBe('/over-ons');
    expect(suggestRoute('/Diensten/SEO  Café')).toBe('/diensten-seo-cafe');
  });
});

describe('the routes a link picks', () => {
  const texts = fixtureFiles('base');
  const config = JSON.parse(texts['site.config.json']!.text) as { routes: { path: string; page: string }[] };
  const title = (page: string) => (JSON.parse(texts[`content/pages/${page}.json`]?.text ?? '{}') as { title?: string }).title;
  const routes = ['/', '/contact', '/webdesign-amersfoort', '/seo-den-haag', '/nieuw'];
  const choices = routeChoices(config, title, routes);

  it('are the pages with their titles, then the landing pages with their headings', () => {
    expect(choices.map((c) => [c.path, c.title, c.kind])).toEqual([
      ['/', 'Home', 'page'],
      ['/contact', 'Contact', 'page'],
      ['/webdesign-amersfoort', 'Webdesign in Amersfoort', 'landing'],
      ['/seo-den-haag', 'SEO in Den Haag', 'landing'],
      ['/nieuw', '/nieuw', 'landing'],
    ]);
    expect(routeChoices(undefined, title, ['/x'])).toEqual([{ path: '/x', title: '/x', kind: 'landing' }]);
  });

  it('are found by words of their title or path, case and accents aside', () => {
    expect(matchRoutes(choices, 'den haag').map((c) => c.path)).toEqual(['/seo-den-haag']);
    expect(matchRoutes(choices, 'CONTÄCT').map((c) => c.path)).toEqual(['/contact']);
    expect(matchRoutes(choices, '/webdesign-a').map((c) => c.path)).toEqual(['/webdesign-amersfoort']);
    expect(matchRoutes(choices, '')).toHaveLength(routes.length);
  });
});

describe('another kind of link, typed plainly', () => {
  it('is a phone number, an e-mail address or another site when it looks like one', () => {
    expect(plainLink('phone', '06 12 34 56 78')).toBe('tel:0612345678');
    // the trunk zero in brackets after a country code is not dialled
    expect(plainLink('phone', '+31 (0)6-1234 5678')).toBe('tel:+31612345678');
    expect(plainLink('phone', 'bel ons')).toBeUndefined();
    expect(plainLink('email', 'info@voorbeeld.nl')).toBe('mailto:info@voorbeeld.nl');
    expect(plainLink('email', 'info@')).toBeUndefined();
    expect(plainLink('external', 'www.voorbeeld.nl/over')).toBe('https://www.voorbeeld.nl/over');
    expect(plainLink('external', 'https://voorbeeld.nl')).toBe('https://voorbeeld.nl');
    expect(plainLink('external', 'voorbeeld')).toBeUndefined();
  });
});
