import { performance } from 'node:perf_hooks';
import { build } from 'vite';
import { paths } from './lib/paths.ts';
import { prerender } from './prerender.ts';

/** Client build, server build, then every route to static HTML. */
const started = performance.now();
const quiet = process.env.BUILD_QUIET ? ('warn' as const) : undefined;
await build({ root: paths.root, logLevel: quiet, build: { outDir: paths.dist, emptyOutDir: true } });
await build({ root: paths.root, logLevel: quiet ?? 'warn', build: { ssr: 'src/entry-server.tsx', outDir: paths.distSsr, emptyOutDir: true } });
await prerender();
console.log(`build finished in ${((performance.now() - started) / 1000).toFixed(2)} s`);
