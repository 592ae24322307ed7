import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { paths } from '../lib/paths.ts';
import { launchChromium, serveBuild } from '../lib/browser.ts';

/**
 * gzip size of the JavaScript (and CSS) each page loads: "first" is what the
 * prerendered HTML references (entry + modulepreload), "total" is every script
 * Chromium fetched once the page is idle (lazy blocks, the chat). Run after `npm run build`.
 */
const routes = ['/', '/web-development', '/marketing', '/portfolio', '/contact', '/offerte', '/demo', '/algemene-voorwaarden', '/seo-amersfoort'];
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const fileOf = (route: string) => join(paths.dist, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);

function firstLoad(route: string): { js: number; css: number } {
  const html = readFileSync(fileOf(route), 'utf8');
  const js = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"|<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? m[2]!);
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const sum = (list: string[]) => [...new Set(list)].reduce((n, p) => n + gz(join(paths.dist, p)), 0);
  return { js: sum(js), css: sum(css) };
}

async function main() {
  if (!existsSync(fileOf('/'))) throw new Error('no build: run npm run build first');
  const server = await serveBuild(4391);
  const browser = await launchChromium();
  try {
    console.log(`${'route'.padEnd(24)} ${'first JS'.padStart(10)} ${'first CSS'.padStart(10)} ${'all JS when idle'.padStart(18)}`);
    for (const route of routes) {
      const page = await browser.newPage();
      const scripts = new Set<string>();
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
      });
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2500);
      const total = [...scripts].reduce((n, p) => n + gz(join(paths.dist, p)), 0);
      const first = firstLoad(route);
      console.log(`${route.padEnd(24)} ${kb(first.js).padStart(10)} ${kb(first.css).padStart(10)} ${kb(total).padStart(18)}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
