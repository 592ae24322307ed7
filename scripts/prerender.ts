import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { paths } from './lib/paths.ts';
import type { SiteConfig } from '../src/config/schema-types.ts';

/** The parts of the site the build steps after the pages need. */
export type PrerenderedSite = Pick<SiteConfig, 'lang' | 'seo' | 'integrations'>;

interface ServerEntry {
  render(url: string): Promise<string>;
  routePaths(): string[];
  pageIds: Record<string, string>;
  model: { site: PrerenderedSite };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/** React 19 emits hoisted <title>/<meta>/<link> first in the output: they belong in <head>. */
export function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  const head: string[] = [];
  for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
    head.push(m[0]);
    rest = rest.slice(m[0].length);
  }
  return { head: head.join('\n    '), body: rest };
}

export function fileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

export interface PrerenderOptions {
  /** called with each file as soon as it is written (the build compresses it meanwhile) */
  onFile?: (file: string) => void;
}

export async function prerender({ onFile = () => {} }: PrerenderOptions = {}): Promise<PrerenderedSite> {
  const started = performance.now();
  const template = readFileSync(join(paths.dist, 'index.html'), 'utf8');
  const entry = (await import(pathToFileURL(join(paths.distSsr, 'entry-server.js')).href)) as ServerEntry;
  // Vite's manifest names each page's data chunk; it is read here and not published.
  const manifestFile = join(paths.dist, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  rmSync(join(paths.dist, '.vite'), { recursive: true, force: true });
  const routes = entry.routePaths();
  for (const path of routes) {
    const rendered = splitHead(await entry.render(path));
    const pageId = entry.pageIds[path];
    const chunk = pageId ? manifest[`virtual:site-page/${pageId}`]?.file : undefined;
    // the page's own data is needed before hydration: fetch it alongside the entry, not after it
    const head = chunk ? `${rendered.head}\n    <link rel="modulepreload" crossorigin href="/${chunk}">` : rendered.head;
    const body = rendered.body;
    const html = template.replace('<!--app-head-->', head).replace('<!--app-html-->', body);
    const target = join(paths.dist, fileFor(path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, html);
    onFile(target);
  }
  // Unknown paths get this page: not a prerendered route, the client sends the visitor to /.
  const { site } = entry.model;
  const notFound = template
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(site.lang)}">`)
    .replace('<!--app-head-->', `<title>${escapeHtml(site.seo.siteName)}</title>\n    <meta name="robots" content="noindex" />`)
    .replace('<!--app-html-->', '');
  writeFileSync(join(paths.dist, '404.html'), notFound);
  onFile(join(paths.dist, '404.html'));

  const siteUrl = site.seo.siteUrl;
  const urls = routes.map((p) => `  <url><loc>${siteUrl}${p}</loc></url>`).join('\n');
  writeFileSync(
    join(paths.dist, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  );
  writeFileSync(join(paths.dist, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  for (const name of ['sitemap.xml', 'robots.txt']) onFile(join(paths.dist, name));
  console.log(`prerendered ${routes.length} routes + 404.html, sitemap.xml, robots.txt in ${Math.round(performance.now() - started)} ms`);
  return site;
}
