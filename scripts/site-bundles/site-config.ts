import { resolve } from 'node:path';
import type { UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { sitePlugin } from './site-plugin.ts';
import { inlineScriptsPlugin } from './inline-scripts-plugin.ts';
import { PUBLIC_DIR } from '../../core/site/layout.ts';

/**
 * The site's part of Vite's config: the plugins that make its bundles (React, the site's data as virtual modules, the
 * inline scripts), its public files and the build's options. vite.config.ts adds the dev server's plugins and options
 * to it; the build's bundling process (scripts/build/vite-bundles.ts) is handed it alone, so the build imports no
 * config of the project's top floor and nothing of the dev server.
 */

/** The root of the site's data (site.config.json, content/, public/): SITE_ROOT builds another site's with this engine, e.g. the benchmark's. */
export const siteRootOf = (root: string) => (process.env.SITE_ROOT ? `${resolve(process.env.SITE_ROOT)}/` : root);

export interface SiteConfigOptions {
  /** the project's root, with a trailing / */
  root: string;
  /** the site's root, with a trailing / (siteRootOf) */
  siteRoot: string;
  command: 'build' | 'serve';
}

/** A new set of the site's plugins and options each call. */
export function siteViteConfig({ root, siteRoot, command }: SiteConfigOptions) {
  return {
    plugins: [react(), sitePlugin({ siteRoot, schemaDir: `${root}schemas` }), inlineScriptsPlugin({ dir: `${root}src/islands/inline` })],
    // the site's own files (images, favicon, sounds) come from its root, like its config
    publicDir: `${siteRoot}${PUBLIC_DIR}`,
    build: {
      target: 'es2022',
      cssCodeSplit: true,
      // the prerenderer reads it to preload each page's own data chunk
      manifest: true,
    },
    // the build bundles everything into the prerender script's entry so it runs without Vite's resolver; the dev
    // server renders with Node's own packages (React is CommonJS)
    ssr: command === 'build' ? { noExternal: true as const } : {},
  } satisfies UserConfig;
}
