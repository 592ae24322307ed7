import { writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { paths } from '../../core/paths.ts';

/**
 * The child process of admin-bundle.ts: Vite builds the back office's pages (admin/index.html and what it imports)
 * into the folder named by its first argument, and writes the project's source files it read to the file named by
 * the second (the next build's key). Its own config, not vite.config.ts: none of the site's plugins, no public/.
 * No inline script: the back office's CSP allows scripts from files only, so Vite's module-preload polyfill is off.
 */
const [outDir, inputsFile] = process.argv.slice(2);
if (!outDir || !inputsFile) throw new Error('usage: admin-vite.ts <out dir> <inputs file>');

/** Every module of the project the bundle was made of (node_modules are keyed by the lockfile instead). */
function recordInputs(): Plugin {
  return {
    name: 'helder-admin-inputs',
    buildEnd() {
      const files = new Set<string>();
      for (const id of this.getModuleIds()) {
        const file = id.split('?')[0]!;
        if (!file.startsWith(paths.root) || file.includes(`${sep}node_modules${sep}`)) continue;
        files.add(relative(paths.root, file));
      }
      writeFileSync(inputsFile!, JSON.stringify([...files].sort()));
    },
  };
}

// the pages are the same whoever builds them: a build started under Vitest (NODE_ENV=test) would otherwise compile JSX
// for React's development runtime, which the production React it bundles does not have
process.env.NODE_ENV = 'production';

await build({
  configFile: false,
  mode: 'production',
  root: `${paths.root}admin`,
  base: '/',
  publicDir: false,
  // the build prints one line of its own for the pages
  logLevel: 'warn',
  plugins: [react(), recordInputs()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
