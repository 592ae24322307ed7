import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { buildSite } from '../scripts/test-support/build-site.ts';
import { previewRenderer, type PreviewRenderer } from './preview-renderer.ts';

/**
 * The studio's preview without Vite, against the build: every route of the content landing fixture rendered by the
 * preview is the page the build wrote, byte for byte; after an edit of a page and one of the site's model (a city's
 * text), every route is the page a new build of the edited files writes.
 */
const work = mkdtempSync(join(tmpdir(), 'preview-renderer-'));
const site = join(work, 'site');
cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
afterAll(async () => {
  await preview?.close();
  rmSync(work, { recursive: true, force: true });
});

function build(name: string, previous?: string): string {
  const out = join(work, name);
  const run = buildSite({ siteRoot: site, out, ...(previous ? { previous: join(work, previous) } : {}) });
  expect(run.status, run.output).toBe(0);
  return out;
}

/** Every page of a build by its route (404.html is no route). */
function pagesOf(out: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html') || file === '404.html' || file.startsWith('.')) continue;
    const route = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
    pages.set(route, readFileSync(join(out, file), 'utf8'));
  }
  return pages;
}

const edit = (file: string, from: string, to: string) => {
  const path = join(site, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};

async function expectSamePages(preview: PreviewRenderer, out: string) {
  const pages = pagesOf(out);
  expect(pages.size).toBeGreaterThan(10);
  for (const [route, html] of pages) expect(await preview.render(route), route).toBe(html);
}

let first: string;
let preview: PreviewRenderer;
beforeAll(() => {
  first = build('a');
  preview = previewRenderer({ siteRoot: site, schemaDir: paths.schemas, build: first });
}, 120_000);

it('renders every route as the build wrote it, and nothing for a path that is no route', async () => {
  await expectSamePages(preview, first);
  expect(await preview.render('/no-such-page')).toBeUndefined();
  expect(preview.loads).toBe(1);
}, 60_000);

it('after an edit of a page and of a city, renders every route as a new build of the edited files writes it', async () => {
  edit('content/pages/home.json', 'A website you will be proud to show your customers', 'A website that brings in customers');
  const home = await preview.render('/');
  expect(home).toContain('A website that brings in customers');
  // a page's new data is handed to the entry already loaded
  expect(preview.loads).toBe(1);
  edit('content/collections/cities.json', 'Bristol is our home.', 'Bristol is where we live and work.');
  await expectSamePages(preview, build('b', 'a'));
  // a city is part of the site's model: the entry was loaded again, once
  expect(preview.loads).toBe(2);
}, 120_000);

it('says which file and where when the files are not valid, and renders again once they are', async () => {
  const file = 'content/pages/home.json';
  const good = readFileSync(join(site, file), 'utf8');
  writeFileSync(join(site, file), good.replace('"variant": "home"', '"variant": 7'));
  await expect(preview.render('/')).rejects.toThrow(/home\.json.*\n?.*variant/);
  writeFileSync(join(site, file), good);
  expect(await preview.render('/')).toContain('A website that brings in customers');
}, 60_000);
