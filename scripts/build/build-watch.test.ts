import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { COMPLETE_MARKER } from './build-folders.ts';

/**
 * `npm run build:watch` on the content landing fixture: each save is built and made live by the watching process,
 * rendering what it changed; a broken save leaves the live build as it was and says where the problem is; and what
 * is live at the end is the same files, byte for byte, as a clean build of the same sources.
 */
const work = mkdtempSync(join(tmpdir(), 'build-watch-'));
const site = join(work, 'site');
const live = join(work, 'dist');
cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, SITE_ROOT: site, SITE_OUT: live, BUILD_QUIET: '1' };
delete env.SITE_PREVIOUS_OUT;
delete env.BUILD_INCREMENTAL;
delete env.BUILD_STATS;
const watcher = spawn(process.execPath, [join(paths.root, 'scripts/run-bundled.mjs'), join(paths.root, 'scripts/build/build-watch.ts')], {
  cwd: paths.root,
  env,
});
let output = '';
watcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
watcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
const exited = new Promise((done) => watcher.once('exit', done));
afterAll(async () => {
  watcher.kill();
  await exited;
  rmSync(work, { recursive: true, force: true });
});

/** Waits until the watcher has printed `text` (after `from`, a length of its output). */
async function printed(text: string | RegExp, from: number, timeout = 60_000): Promise<string> {
  await expect.poll(() => output.slice(from), { timeout, interval: 50 }).toMatch(text);
  return output.slice(from);
}

const edit = (file: string, from: string, to: string) => {
  const path = join(site, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};

/** Every file of a build, relative, sorted (the marker of a live build's completion aside). */
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== COMPLETE_MARKER && statSync(join(dir, name)).isFile())
    .sort();

it('builds each save and makes it live, keeps the live build on a broken save, and ends as a clean build would', async () => {
  // the workers were given the site once before the first save (a build thrown away): it is built as fast as the next
  expect(await printed('watching', 0, 120_000)).toMatch(/the workers are ready[^\n]*\n[^\n]*watching/);
  const first = realpathSync(live);

  // a text of the home page: built here, one page rendered, live
  let from = output.length;
  edit('content/pages/home.json', 'A website you will be proud to show your customers', 'A website your customers remember');
  expect(await printed(/live: build .* after the save of content\/pages\/home\.json \(1 rendered, \d+ unchanged\)/, from)).not.toContain('npm run build');
  expect(realpathSync(live)).not.toBe(first);
  expect(readFileSync(join(live, 'index.html'), 'utf8')).toContain('A website your customers remember');

  // a broken save: the problem with its file and line, and the live build stays
  const before = realpathSync(live);
  from = output.length;
  edit('content/pages/home.json', '"type": "hero"', '"type": "hreo"');
  expect(await printed(/not built, the live build stays/, from)).toMatch(/content\/pages\/home\.json:\d+:\d+ +\/blocks\/0\/type +unknown block type "hreo"/);
  expect(realpathSync(live)).toBe(before);

  // fixed (the home page as it is live), and one city's data changed in the same save: that city's two pages, its
  // overview and the two services' overviews, not the other cities' pages
  from = output.length;
  edit('content/pages/home.json', '"type": "hreo"', '"type": "hero"');
  edit('content/collections/cities.json', 'Bristol is our home.', 'Bristol has been our home since 2014.');
  await printed(/live: build .* after the save of .* \(5 rendered, 12 unchanged\)/, from);
  await expect.poll(() => readFileSync(join(live, 'web-design-bristol.html'), 'utf8'), { timeout: 30_000 }).toContain('Bristol has been our home since 2014.');

  // the template of one service's landing pages, from the model the workers kept: its three cities' pages, and the
  // four overviews that show its description on their cards (the service's and each city's)
  from = output.length;
  edit('content/pages/landing-seo.json', 'Get found on Google in {city}', 'Found on Google in {city}');
  expect(await printed(/live: build .* after the save of content\/pages\/landing-seo\.json \(7 rendered, 10 unchanged\)/, from)).not.toContain('npm run build');
  for (const city of ['bath', 'bristol', 'milton-keynes']) expect(readFileSync(join(live, `seo-${city}.html`), 'utf8')).toContain('Found on Google in');

  // its description: on those pages and on the overviews' cards
  from = output.length;
  edit('content/pages/landing-seo.json', 'local search, technical foundations', 'local search, sound foundations');
  await printed(/live: build .* after the save of content\/pages\/landing-seo\.json \(7 rendered, 10 unchanged\)/, from);
  for (const file of ['seo-bath.html', 'services/seo.html', 'areas/bath.html', 'areas/bristol.html', 'areas/milton-keynes.html'])
    expect(readFileSync(join(live, file), 'utf8'), file).toContain('local search, sound foundations');

  // a clean build of the same sources: the same files, the same bytes
  const clean = join(work, 'clean');
  const run = spawnSync(process.execPath, [join(paths.root, 'scripts/run-bundled.mjs'), join(paths.root, 'scripts/build/build.ts')], {
    cwd: paths.root,
    env: { ...env, SITE_OUT: clean, BUILD_INCREMENTAL: '0' },
    encoding: 'utf8',
  });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  rmSync(`${clean}-ssr`, { recursive: true, force: true });
  const files = filesOf(clean);
  expect(files).toContain('.build/routes.json');
  expect(filesOf(live)).toEqual(files);
  expect(files.filter((file) => !readFileSync(join(live, file)).equals(readFileSync(join(clean, file))))).toEqual([]);
}, 300_000);
