import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { validateSite, formatProblems, type ValidationResult } from './lib/validate.ts';
import { loadSchemaSet } from './lib/schemas.ts';
import { themeCss } from './lib/theme-css.ts';
import { resolveSite } from '../src/config/resolve.ts';
import type { SiteConfig } from '../src/config/schema-types.ts';

const VIRTUAL_ID = 'virtual:site-model';
const RESOLVED_ID = '\0' + VIRTUAL_ID;

export interface SitePluginOptions {
  /** folder with site.config.json, content/ and public/ */
  siteRoot: string;
  schemaDir: string;
}

/**
 * Validates the site config in every build and in the dev server, and serves
 * the resolved model as `virtual:site-model`. An invalid config fails the
 * build; in dev it shows in the overlay and the terminal until it is fixed.
 */
export function sitePlugin({ siteRoot, schemaDir }: SitePluginOptions): Plugin {
  let server: ViteDevServer | undefined;
  const run = (): ValidationResult => validateSite({ roots: [siteRoot], schemaDir, schemas: loadSchemaSet(schemaDir) });
  const isSiteFile = (file: string) => {
    const rel = relative(siteRoot, file).split(sep).join('/');
    return rel === 'site.config.json' || /^content\/.+\.json$/.test(rel) || file.startsWith(schemaDir + sep);
  };
  const readTheme = (): SiteConfig | undefined => {
    try {
      return JSON.parse(readFileSync(join(siteRoot, 'site.config.json'), 'utf8')) as SiteConfig;
    } catch {
      return undefined;
    }
  };

  return {
    name: 'site-config',
    enforce: 'pre',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const result = run();
      for (const f of result.files) this.addWatchFile(f);
      if (result.problems.length > 0 || !result.site) {
        const message = `Invalid site config:\n${formatProblems(result.problems)}`;
        // Vite prints plugin errors in the terminal and shows them in the dev overlay.
        this.error({ message, stack: '' });
      }
      const model = resolveSite(result.site);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(model))});`;
    },
    transformIndexHtml(html) {
      const site = readTheme();
      if (!site?.theme) return html;
      return html
        .replace(/<html lang="[^"]*">/, `<html lang="${site.lang}">`)
        .replace('<!--app-head-->', `<style>${themeCss(site.theme)}</style>\n    <!--app-head-->`);
    },
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add([join(siteRoot, 'site.config.json'), join(siteRoot, 'content'), schemaDir]);
      const onChange = (file: string) => {
        if (!isSiteFile(file) || !server) return;
        const mod = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (mod) server.moduleGraph.invalidateModule(mod);
        const result = run();
        if (result.problems.length > 0) {
          const message = `Invalid site config:\n${formatProblems(result.problems)}`;
          server.config.logger.error(message, { timestamp: true });
          server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'site-config', id: file } });
        } else {
          server.config.logger.info('site config valid, reloading', { timestamp: true });
          server.ws.send({ type: 'full-reload' });
        }
      };
      devServer.watcher.on('change', onChange);
      devServer.watcher.on('add', onChange);
      devServer.watcher.on('unlink', onChange);
    },
    handleHotUpdate({ file }) {
      // Site files are handled by the watcher above: a full reload, never a partial HMR update.
      if (isSiteFile(file)) return [];
      return undefined;
    },
  };
}
