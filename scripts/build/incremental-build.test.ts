import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { buildSite } from '../test-support/build-site.ts';

/**
 * An incremental build (a page whose inputs did not change is taken from the previous build) against a clean build of
 * the same sources: after a sequence of edits of the content landing fixture, the two are the same files, byte for
 * byte, the compressed ones and the manifest included; and each edit rendered only what it changed.
 */
const work = mkdtempSync(join(tmpdir(), 'incremental-'));
const site = join(work, 'site');
cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Stats {
  bundlesBuilt: { client: boolean; server: boolean };
  routes: number;
  rendered: number;
  reused: number;
}

function build(name: string, previous?: string): { out: string; stats: Stats } {
  const out = join(work, name);
  const statsFile = join(work, `${name}.json`);
  const run = buildSite({ siteRoot: site, out, env: { BUILD_STATS: statsFile }, ...(previous ? { previous: join(work, previous) } : {}) });
  expect(run.status, run.output).toBe(0);
  return { out, stats: JSON.parse(readFileSync(statsFile, 'utf8')) as Stats };
}

/** Every file of a build, relative, sorted. */
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();

const edit = (file: string, from: string, to: string) => {
  const path = join(site, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};

/** The same file in two builds is one file on disk: taken over, not rendered again. */
const sameFile = (a: string, b: string, file: string) => statSync(join(work, a, file)).ino === statSync(join(work, b, file)).ino;

it('an incremental build renders only what an edit changed, and ends byte-identical to a clean build', () => {
  const first = build('a');
  expect(first.stats.rendered).toBe(first.stats.routes - 1); // every route (404.html is counted beside them)
  expect(first.stats.reused).toBe(0);
  const routes = first.stats.rendered;

  // a text of the home page: that one page
  edit('content/pages/home.json', 'A website you will be proud to show your customers', 'A website your customers remember');
  const second = build('b', 'a');
  expect(second.stats).toMatchObject({ rendered: 1, reused: routes - 1 });
  // the engine and what the islands see did not change: both bundles come from the previous build, Vite never starts
  expect(second.stats.bundlesBuilt).toEqual({ client: false, server: false });
  expect(readFileSync(join(second.out, 'index.html'), 'utf8')).toContain('A website your customers remember');
  expect(sameFile('a', 'b', 'contact.html')).toBe(true);
  expect(sameFile('a', 'b', 'index.html')).toBe(false);

  // one city's data: the content landing pages and the overviews, which read the cities; not the forwarding pages
  edit('content/collections/cities.json', 'Bristol is our home.', 'Bristol has been our home since 2014.');
  const third = build('c', 'b');
  expect(third.stats.rendered).toBeGreaterThan(0);
  expect(third.stats.rendered).toBeLessThan(routes);
  expect(readFileSync(join(third.out, 'web-design-bristol.html'), 'utf8')).toContain('Bristol has been our home since 2014.');
  expect(sameFile('b', 'c', 'hosting-bath.html')).toBe(true);
  expect(sameFile('b', 'c', 'contact.html')).toBe(true);

  // a service leaves the matrix: its pages leave the build
  const config = JSON.parse(readFileSync(join(site, 'site.config.json'), 'utf8')) as { landing: { services: { slug: string }[] } };
  config.landing.services = config.landing.services.filter((service) => service.slug !== 'hosting');
  writeFileSync(join(site, 'site.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  const fourth = build('d', 'c');
  // a site-wide setting: every page again
  expect(fourth.stats.reused).toBe(0);
  expect(fourth.stats.bundlesBuilt.server).toBe(false);
  expect(existsSync(join(third.out, 'hosting-bath.html'))).toBe(true);
  expect(existsSync(join(fourth.out, 'hosting-bath.html'))).toBe(false);
  expect(readFileSync(join(fourth.out, 'sitemap.xml'), 'utf8')).not.toContain('hosting-');

  // a clean build of the same sources: the same files, the same bytes
  const clean = build('clean');
  expect(clean.stats.reused).toBe(0);
  const files = filesOf(clean.out);
  // compressed files compared too: the client's, the sitemap's and 404.html's (a page's are the server's to make)
  expect(files.filter((f) => f.endsWith('.br')).length).toBeGreaterThan(5);
  expect(files).toContain('.build/routes.json');
  expect(filesOf(fourth.out)).toEqual(files);
  const differ = files.filter((file) => !readFileSync(join(fourth.out, file)).equals(readFileSync(join(clean.out, file))));
  expect(differ).toEqual([]);
}, 300_000);
