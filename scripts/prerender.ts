import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { paths } from '../core/paths.ts';
import { writeSitemap } from './lib/sitemap.ts';
import { ISLANDS_ENTRY, fileFor, notFoundDocument, routeDocument, type ClientAssets, type PrerenderedSite, type ServerEntry } from './lib/page-document.ts';

export { ISLANDS_ENTRY, type PrerenderedSite };

/** The stylesheet(s) and the runtime, from Vite's manifest (read here and not published). */
export function readClientAssets(): ClientAssets {
  const manifestFile = join(paths.dist, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  rmSync(join(paths.dist, '.vite'), { recursive: true, force: true });
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) throw new Error(`${ISLANDS_ENTRY} is not in the client build's manifest`);
  // one stylesheet for the whole site (cssCodeSplit off): Vite names it in the entry or as its own manifest item
  const css = [
    ...new Set([
      ...(entry.css ?? []),
      ...Object.values(manifest)
        .filter((m) => m.file.endsWith('.css'))
        .map((m) => m.file),
    ]),
  ];
  return { css, runtime: entry.file };
}

export interface PrerenderOptions {
  /** called with each file as soon as it is written (the build compresses it meanwhile) */
  onFile?: (file: string) => void;
}

export async function prerender({ onFile = () => {} }: PrerenderOptions = {}): Promise<PrerenderedSite> {
  const started = performance.now();
  const entry = (await import(pathToFileURL(join(paths.distSsr, 'entry-server.js')).href)) as ServerEntry;
  const assets = readClientAssets();
  const { site } = entry.model;
  const scripts = entry.inlineScripts;
  const routes = entry.routePaths();
  const write = (file: string, text: string) => {
    const target = join(paths.dist, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    onFile(target);
  };
  for (const path of routes) write(fileFor(path), await routeDocument(entry, path, assets));
  // Unknown paths get this page: it sends the visitor on to the home page
  write('404.html', notFoundDocument(site, assets, scripts));

  writeSitemap(entry, routes, site.seo.siteUrl, write);
  console.log(`prerendered ${routes.length} routes + 404.html, sitemap.xml, robots.txt in ${Math.round(performance.now() - started)} ms`);
  return site;
}
