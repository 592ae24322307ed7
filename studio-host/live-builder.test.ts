import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { buildSite } from '../scripts/test-support/build-site.ts';
import { liveBuilder, liveRelease, type LiveBuild } from './live-builder.ts';

/**
 * A publish's build on the live server: a content edit built by the warm builder in the server's process, byte for
 * byte what `npm run build` makes of the same files; a build told not to go live leaves the live build and no folder
 * behind; a change that needs a bundle built is built by `npm run build`'s work and goes live too.
 */
const work = mkdtempSync(join(tmpdir(), 'live-builder-'));
const site = join(work, 'site');
const live = join(work, 'live');
const HOME = join(site, 'content/pages/home.json');
const HEADLINE = 'A website you will be proud to show your customers';
cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
let build: LiveBuild;

beforeAll(async () => {
  build = liveBuilder({ siteRoot: site, live });
  // the first build: no live build to start from, so `npm run build`'s work
  expect((await build()).live).toBe(true);
  expect(await build.prime()).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await build?.close();
  rmSync(work, { recursive: true, force: true });
});

const folders = () => readdirSync(`${live}-builds`).filter((name) => !name.startsWith('.'));
const liveHome = () => readFileSync(join(realpathSync(live), 'index.html'), 'utf8');

it('builds a content edit in its own process, the same bytes as npm run build of the same files from the same live build, and makes it live', async () => {
  writeFileSync(HOME, readFileSync(HOME, 'utf8').replace(HEADLINE, 'Websites die werken'));
  const before = realpathSync(live);
  const made = await build();
  expect(made.live).toBe(true);
  expect(realpathSync(live)).not.toBe(before);
  expect(liveHome()).toContain('Websites die werken');
  const clean = join(work, 'clean');
  // from the same live build (a sitemap keeps the dates it gave unchanged pages before)
  const built = buildSite({ siteRoot: site, out: clean, previous: before });
  expect(built.status, built.output).toBe(0);
  for (const file of ['index.html', 'contact.html', 'sitemap.xml', '.csp.json'])
    expect(readFileSync(join(realpathSync(live), file), 'utf8'), file).toBe(readFileSync(join(clean, file), 'utf8'));
}, 120_000);

it('told not to go live, leaves the live build as it was and no build folder of its own', async () => {
  const before = realpathSync(live);
  const known = folders();
  writeFileSync(HOME, readFileSync(HOME, 'utf8').replace('Websites die werken', 'Nooit live'));
  const made = await build(undefined, Promise.resolve(false));
  expect(made.live).toBe(false);
  expect(realpathSync(live)).toBe(before);
  expect(folders()).toEqual(known);
  expect(liveHome()).not.toContain('Nooit live');
  // told to go live once it is built: it is
  expect((await build(undefined, Promise.resolve(true))).live).toBe(true);
  expect(liveHome()).toContain('Nooit live');
}, 60_000);

it('a change of what the islands see (the theme) is built with its bundles, and goes live', async () => {
  const config = join(site, 'site.config.json');
  const text = readFileSync(config, 'utf8');
  const parsed = JSON.parse(text) as { theme: { colors: Record<string, string> } };
  parsed.theme.colors.accent = '#123456';
  writeFileSync(config, JSON.stringify(parsed, null, 2));
  const made = await build();
  expect(made.live).toBe(true);
  const dir = realpathSync(live);
  const texts = [join(dir, 'index.html'), ...readdirSync(join(dir, 'assets')).map((name) => join(dir, 'assets', name))]
    .filter((file) => /\.(html|css|js)$/.test(file))
    .map((file) => readFileSync(file, 'utf8').toLowerCase());
  expect(texts.some((text) => text.includes('#123456'))).toBe(true);
}, 120_000);

it('a build of a release older than the live build, finishing late, is thrown away; a newer one goes live and says which version it is', async () => {
  const before = realpathSync(live);
  const shown = liveRelease(live)!;
  const known = folders();
  const release = join(work, 'release');
  rmSync(release, { recursive: true, force: true });
  cpSync(site, release, { recursive: true });
  writeFileSync(join(release, 'content/pages/home.json'), readFileSync(HOME, 'utf8').replace('Nooit live', 'Elders gepubliceerd'));
  // a release recorded before the live build's version was made: never switched in
  const older = await build(release, undefined, { at: new Date(Date.parse(shown.at) - 60_000).toISOString() });
  expect(older.live).toBe(false);
  expect(realpathSync(live)).toBe(before);
  expect(folders()).toEqual(known);
  expect(liveHome()).not.toContain('Elders gepubliceerd');
  // one recorded after it goes live, and the live build names it
  const mark = { at: new Date(Date.parse(shown.at) + 60_000).toISOString() };
  expect((await build(release, undefined, mark)).live).toBe(true);
  expect(liveHome()).toContain('Elders gepubliceerd');
  expect(liveRelease(live)).toEqual(mark);
}, 180_000);
