import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { sitePlugin } from './scripts/vite-plugin-site.ts';
import { inlineScriptsPlugin } from './scripts/vite-plugin-inline-scripts.ts';
import { devPagesPlugin } from './scripts/dev-pages.ts';
import { studioPlugin } from './scripts/studio/plugin.ts';
import { devImagesPlugin } from './scripts/dev-images.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// SITE_ROOT builds another site's data (site.config.json + content/) with this engine, e.g. the benchmark's
const siteRoot = process.env.SITE_ROOT ? `${resolve(process.env.SITE_ROOT)}/` : root;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    sitePlugin({ siteRoot, schemaDir: `${root}schemas` }),
    inlineScriptsPlugin({ dir: `${root}src/islands/inline` }),
    devPagesPlugin(),
    devImagesPlugin({ publicDir: `${siteRoot}public` }),
    studioPlugin({ root, siteRoot, schemaDir: `${root}schemas` }),
  ],
  // the site's own files (images, favicon, sounds) come from its root, like its config
  publicDir: `${siteRoot}public`,
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    // the prerenderer reads it to preload each page's own data chunk
    manifest: true,
  },
  // the build bundles everything into the prerender script's entry so it runs without Vite's resolver; the dev
  // server renders with Node's own packages (React is CommonJS)
  ssr: command === 'build' ? { noExternal: true } : {},
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['core/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['tests/setup-dom.ts'] },
      },
    ],
  },
}));
