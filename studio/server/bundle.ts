import { statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export interface StudioBundle {
  js: string;
  css: string;
}

/** The newest change time of the studio's sources: the bundle is made again when one changes. */
function newest(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);
}

/**
 * The studio's page script and stylesheet, bundled by esbuild from studio/ui/ (React from node_modules). It is not
 * served through Vite's module pipeline: that would load Vite's client, which reloads every open page (the studio
 * too) on each edit of the site and covers it with the error overlay while a file is invalid; the studio shows
 * those problems itself, and only its previews reload.
 */
export function studioBundler(root: string): () => Promise<StudioBundle> {
  const dir = join(root, 'studio/ui');
  let cached: { at: number; bundle: Promise<StudioBundle> } | undefined;
  return () => {
    const at = newest(dir);
    if (cached && cached.at === at) return cached.bundle;
    const bundle = build({
      absWorkingDir: root,
      entryPoints: { app: 'studio/ui/main.tsx' },
      bundle: true,
      format: 'esm',
      target: 'es2022',
      jsx: 'automatic',
      outdir: 'studio-out',
      write: false,
      // React's production build: the studio re-renders its forms on every keystroke
      minify: true,
      sourcemap: 'inline',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    }).then((result) => ({
      js: result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '',
      css: result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '',
    }));
    cached = { at, bundle };
    bundle.catch(() => (cached = undefined));
    return bundle;
  };
}
