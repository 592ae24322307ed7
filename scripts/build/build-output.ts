import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { LoadedSite } from '../../core/site/model.ts';
import { prerender, type PrerenderedPages } from './prerender.ts';
import { assetsKey, sha1 } from './build-keys.ts';
import { htmlFiles, inlineHashes, mergeCspHashes, writeCspHashes } from './csp-hashes.ts';
import { writeHeadersFile } from './csp-headers-file.ts';
import { derivedCache } from './derived-cache.ts';
import { addTree, createCompressor } from './precompress.ts';
import type { BundlesWanted } from './render-bundles.ts';
import type { EntryLoad } from './render-pages.ts';
import type { RenderPool } from './render-pool.ts';
import { addSrcsetUses } from './render-srcsets.ts';
import { buildResponsiveImages, generateResponsiveImages } from './responsive-images.ts';
import { writeServerSite } from './server-site-file.ts';

/** A build's folder once its client files are in it (built by Vite, or taken from the previous build). */
export interface OutputBuild {
  out: string;
  /** the live build, an incremental build takes what did not change from */
  previous: string | undefined;
  /** the site's folder, and its files as loaded */
  siteRoot: string;
  site: LoadedSite;
  engine: string;
  /** the bundles built now (the others were taken from the previous build) */
  wanted: BundlesWanted;
  /** the render workers, loading `entryLoad` */
  pool: RenderPool;
  entryLoad: EntryLoad;
  /** the workers stay for the next build (a watching build's); otherwise they end with the prerender */
  keepPool?: boolean;
  /** marks the end of a phase of the build's figures */
  phase?: (name: string) => void;
}

/**
 * Everything of a build after its bundles: the pages (rendered, or linked from the previous build when their key is
 * unchanged), the image widths and the srcset check, the CSP hashes and `_headers`, the server's copy of the site,
 * and each file compressed as soon as it is final (`compressor.finish()` waits for the last).
 */
export async function buildOutput({ out, previous, siteRoot, site, engine, wanted, pool, entryLoad, keepPool = false, phase = () => {} }: OutputBuild) {
  // image widths and the shared assets' compressed bytes a build on this machine made before (BUILD_CACHE=0: none)
  const derived = process.env.BUILD_CACHE === '0' ? undefined : derivedCache();
  // Each file is compressed as soon as it is final, on zlib's threads: the client build's files now, the few files this
  // thread writes as it writes them; the workers compress their pages themselves.
  const compressor = createCompressor({ cache: derived });
  // HTML files of public/ are pages too (for the CSP and the srcset check): listed before the routes are written
  const publicPages = await htmlFiles(out);
  // client files taken from the previous build are links to its files and come with their .br and .gz: never written to
  await addTree(compressor, out, (rel) => !rel.endsWith('.html') && (wanted.client || !rel.startsWith('assets/')));
  // public/ is copied: the image widths render on sharp's threads while the pages are made (an unchanged image's
  // widths are linked from the previous build when its engine was this one)
  const images = generateResponsiveImages(join(out, 'images'), wanted.server ? undefined : join(previous!, 'images'), derived);
  images.catch(() => {}); // awaited below; this only keeps an early failure from being reported as unhandled
  const reuse = { buildKey: sha1(engine, assetsKey(out)), ...(previous ? { previousDir: previous } : {}) };
  const rendering = prerender({ pool, onFile: (file) => compressor.add(file), reuse, outDir: out, siteRoot, ...entryLoad });
  const pages = await (keepPool ? rendering : rendering.finally(() => pool.close()));
  for (const done of pages.compressed) compressor.count(done);
  phase('prerender (render, document, write, compress, hash)');
  await addPublicPages(out, pages, publicPages);

  // the widths each srcset names (WebP: never precompressed), then every srcset URL of the pages checked against the files
  await buildResponsiveImages(out, images, pages.srcsets);
  phase('image widths and srcset check');
  // after the pages: the hashes are of their final inline scripts
  const hashes = await writeCspHashes(out, pages.hashes);
  await writeHeadersFile(out, { hashes, integrations: pages.site.integrations, env: process.env });
  console.log(`.csp.json: ${hashes.scriptHashes.length} script and ${hashes.styleHashes.length} style hashes; _headers written`);
  // what the server reads of the site
  const serverSite = writeServerSite(out, site);
  return { pages, serverSite, compressor, derived };
}

/** HTML files that came from public/ and no route replaced: read once, for their CSP hashes and srcset URLs. */
async function addPublicPages(out: string, pages: PrerenderedPages, files: string[]): Promise<void> {
  for (const file of files) {
    const rel = relative(out, file).split(sep).join('/');
    if (pages.files.has(rel)) continue;
    const html = await readFile(file, 'utf8');
    pages.hashes = mergeCspHashes([pages.hashes, inlineHashes(html)]);
    addSrcsetUses(html, rel, pages.srcsets.uses);
    pages.srcsets.pages++;
  }
}
