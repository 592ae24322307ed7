import { performance } from 'node:perf_hooks';
import { build } from 'vite';
import { paths } from '../core/paths.ts';
import { ISLANDS_ENTRY, prerender } from './prerender.ts';
import { writeCspHashes } from './lib/csp-hashes.ts';
import { writeHeadersFile } from './lib/csp-headers-file.ts';
import { addTree, createCompressor } from './lib/precompress.ts';
import { buildResponsiveImages, generateResponsiveImages } from './lib/responsive-images.ts';
import { join, resolve } from 'node:path';
import { loadValidSite, writeServerSite } from './lib/server-site-file.ts';
import { bundleServer } from './lib/server-bundle.ts';

/** Client build, server build, every route to static HTML, then what serving it needs: CSP hashes, _headers, .br/.gz. */
const started = performance.now();
const quiet = process.env.BUILD_QUIET ? ('warn' as const) : undefined;
// The browser gets the islands' runtime only (each island a chunk of its own, loaded when its directive fires) and
// one stylesheet for the whole site; the pages themselves are HTML from the prerender below.
await build({
  root: paths.root,
  logLevel: quiet,
  build: {
    outDir: paths.dist,
    emptyOutDir: true,
    cssCodeSplit: false,
    rollupOptions: { input: { hydrate: ISLANDS_ENTRY }, preserveEntrySignatures: 'exports-only' },
  },
});

// Each file is compressed as soon as it is final, on zlib's threads, while the main thread builds and renders:
// the client build's files now, every page as it is written.
const compressor = createCompressor();
// public/ is copied: the image widths render on sharp's threads while the pages are made
const images = generateResponsiveImages(join(paths.dist, 'images'));
images.catch(() => {}); // awaited below; this only keeps an early failure from being reported as unhandled
await addTree(compressor, paths.dist, (rel) => !rel.endsWith('.html'));
await build({ root: paths.root, logLevel: quiet ?? 'warn', build: { ssr: 'src/entry-server.tsx', outDir: paths.distSsr, emptyOutDir: true } });
const site = await prerender({ onFile: (file) => compressor.add(file) });
// the widths each srcset names (WebP: never precompressed), then every srcset URL of the pages checked against the files
await buildResponsiveImages(paths.dist, images);

// after the pages: the hashes are of their final inline scripts
const hashes = await writeCspHashes(paths.dist);
await writeHeadersFile(paths.dist, { hashes, integrations: site.integrations, env: process.env });
console.log(`.csp.json: ${hashes.scriptHashes.length} script and ${hashes.styleHashes.length} style hashes; _headers written`);
// what the server reads of the site (the forms as validated for these pages), and the server as plain JavaScript
const siteRoot = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
const serverSite = writeServerSite(paths.dist, loadValidSite(siteRoot, paths.schemas));
const bundled = await bundleServer(paths.root, paths.distServer);
console.log(`.server/site.json: ${Object.keys(serverSite.forms).length} forms; dist-server/: ${bundled.files.filter((f) => f.endsWith('.js')).join(', ')}`);
const waitStarted = performance.now();
const packed = await compressor.finish();
const kB = (n: number) => `${Math.round(n / 1024)} kB`;
console.log(
  `precompressed ${packed.files} files (${kB(packed.bytes)} -> br ${kB(packed.brBytes)}, gzip ${kB(packed.gzBytes)}) in ${packed.ms} ms, ` +
    `${Math.round(performance.now() - waitStarted)} ms of it after the pages`,
);
console.log(`build finished in ${((performance.now() - started) / 1000).toFixed(2)} s`);
