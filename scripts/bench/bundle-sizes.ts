import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { paths } from '../../core/paths.ts';
import { launchChromium, scrollThrough, serveBuild } from '../test-support/browser.ts';
import { fileFor } from '../lib/page-document.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/**
 * gzip size of the JavaScript each page type loads, in three moments:
 * - "first": what the page fetches on load with nothing touched (the first screen's islands only);
 * - "scrolled": after scrolling through the whole page by script (every island that hydrates on view);
 * - "touched": after the visitor has pointed at each island that waits for it (the form, the chat).
 * And the CSS every page links. Run after `npm run build`. BENCH_SMOKE=1: the first route only.
 */
const allRoutes: [string, string][] = [
  ['/', 'home'],
  ['/web-development', 'static page'],
  ['/portfolio', 'static page'],
  ['/algemene-voorwaarden', 'static page'],
  // ?preview: the landing page stays instead of forwarding to / after 1.5 s
  ['/seo-amersfoort?preview', 'landing page'],
  ['/marketing', 'testimonial slider'],
  ['/contact', 'form'],
  ['/offerte', 'form'],
  ['/demo', 'carousel + form'],
];
const routes = smoke ? allRoutes.slice(0, 1) : allRoutes;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const fileOf = (route: string) => {
  const path = route.replace(/\?.*$/, '');
  return join(paths.dist, fileFor(path));
};
const sum = (files: Iterable<string>) => [...new Set(files)].reduce((n, p) => n + gz(join(paths.dist, p)), 0);

async function main(): Promise<Row[]> {
  const rows: Row[] = [];
  if (!existsSync(fileOf('/'))) throw new Error('no build: run npm run build first');
  const server = await serveBuild(4391);
  const browser = await launchChromium();
  try {
    console.log(`${'route'.padEnd(24)} ${'type'.padEnd(20)} ${'first JS'.padStart(9)} ${'scrolled'.padStart(9)} ${'touched'.padStart(9)} ${'CSS'.padStart(8)}`);
    for (const [route, type] of routes) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      const first = sum(scripts);
      await scrollThrough(page, 50);
      await page.waitForTimeout(300);
      const scrolled = sum(scripts);
      for (const island of await page.locator('[data-hydrate="interaction"]').all()) await island.locator(':scope > *').first().hover();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const touched = sum(scripts);
      const html = readFileSync(fileOf(route), 'utf8');
      const css = sum([...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!));
      console.log(
        `${route.padEnd(24)} ${type.padEnd(20)} ${kb(first).padStart(9)} ${kb(scrolled).padStart(9)} ${kb(touched).padStart(9)} ${kb(css).padStart(8)}`,
      );
      rows.push({ route, type, 'first JS': kb(first), scrolled: kb(scrolled), touched: kb(touched), CSS: kb(css), note: '-' });
      await page.close();
    }
    return rows;
  } finally {
    await browser.close();
    server.stop();
  }
}

await recordRun(TABLES['bundle-sizes'], await main());
