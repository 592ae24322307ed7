import { readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { validateSite, formatProblems, type ValidationResult } from '../../core/validate/validate.ts';
import { loadSchemaSet, type SchemaSet } from '../../core/validate/schemas.ts';
import { themeCss } from '../../core/site/theme-css.ts';
import { islandSiteModel, resolvePages, resolveSite } from '../../core/site/resolve.ts';
import type { SiteConfig } from '../../core/site/schema-types.ts';
import { PROBLEMS_EVENT, STUDIO_WRITE_EVENT, pagesWhileInvalid, problemsClientPlugin } from './site-preview.ts';
import { settledChanges } from './site-watch.ts';
import { renderGate, type RenderGate } from './render-gate.ts';
import { VERSION_URL, siteFreshness } from './site-freshness.ts';
import { SITE_DATA_KEY, type ClientSiteData } from './site-data.ts';
import { CONFIG_FILE, CONTENT_DIR, PUBLIC_DIR, isSiteData } from '../../core/site/layout.ts';

/** site-wide model; the map of page loaders; one module per page (its own chunk) */
const MODEL_ID = 'virtual:site-model';
const PAGES_ID = 'virtual:site-pages';
const PAGE_PREFIX = 'virtual:site-page/';
/** what an island needs in the browser: the site-wide settings only, the same bytes whatever the size of the landing matrix */
const CLIENT_ID = 'virtual:site-client';
/** the theme's custom properties as a stylesheet (an inline <style> would need a CSP hash), linked by the dev server's pages */
const THEME_URL = '/@site-theme.css';
const THEME_ID = '\0site-theme.css';
/** the same stylesheet imported from the islands' entry */
const THEME_MODULE = 'virtual:site-theme.css';

/** A page map whose data never changes while it is loaded: all but the dev server's renders' (pagesChannel). */
const NO_VERSION = 'export const version = undefined;';

/**
 * What the site plugin offers the dev server's other plugins (the studio): the validation of the files as they are
 * now, shared, and a way to say that a file was just written, so the pages reload without waiting for the watcher.
 */
export interface SiteApi {
  validation(): ValidationResult;
  /** a site file was just written (atomically): validate, and reload the open pages or show the problems, now */
  changed(file: string): void;
  /** runs a render of pages; a change of the site's modules waits for it (render-gate.ts) */
  rendering<T>(render: () => Promise<T>): Promise<T>;
  /** the pages' data the renders see: a new object after each change (pagesChannel), so it also keys what was rendered */
  pagesData(): unknown;
  /** the build that started this Vite (vite-bundles.ts) hands in what the client build takes of the site, once valid */
  handClient(site: Promise<ClientSiteData>): void;
}

export const SITE_PLUGIN = 'site-config';

export interface SitePluginOptions {
  /** folder with site.config.json, content/ and public/ */
  siteRoot: string;
  schemaDir: string;
}

/**
 * A virtual module of the server entry's build: the site's data as the render workers hand it in, at load. The model
 * is read once; the pages are read from the handed-in object at each load of a page, and have the version it gives
 * (`pagesVersion`): a build never changes them, the studio's preview (studio-host/preview-renderer.ts)
 * hands in a page's new data with a new version, and the entry renders it with everything else already loaded.
 */
function handedIn(model: boolean): string {
  const data = `globalThis[Symbol.for(${JSON.stringify(SITE_DATA_KEY)})]`;
  if (model) return `export default ${data}.model;`;
  return [
    `const data = ${data};`,
    // says that this entry reads a page's new data (an entry of an older engine read the pages once)
    'data.livePages = true;',
    'export default Object.fromEntries(Object.keys(data.pages).map((id) => [id, async () => ({ default: data.pages[id] })]));',
    'export const version = () => data.pagesVersion;',
  ].join('\n');
}

/**
 * A site module as a build has it, where it differs from the dev server's. The browser never loads a page's data
 * (the pages are HTML; an island gets its props): the client build names the page map only to gather the blocks'
 * CSS (entry-islands.tsx). Left empty there, no page's content is in the client's files, so the runtime every page
 * links keeps its name when a page's text changes. The server entry's build leaves the site's data out: the render
 * workers hand it in (scripts/build/render-pages.ts), so one server entry serves every version of the content. An
 * incremental build then reuses both (scripts/build/bundle-reuse.ts).
 */
function builtModule(id: string, ssr: boolean, handedClient: Promise<ClientSiteData> | undefined): string | Promise<string> | undefined {
  if (!ssr && id === `\0${PAGES_ID}`) return `export default {};\n${NO_VERSION}`;
  if (ssr && (id === `\0${MODEL_ID}` || id === `\0${PAGES_ID}`)) return handedIn(id === `\0${MODEL_ID}`);
  // what the islands see of the site, when the build that started Vite hands it in (else validated here)
  const handed = !ssr && id === `\0${CLIENT_ID}` ? handedClient : undefined;
  return handed?.then((data) => asModule(data.client));
}

const asModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;

type ValidSite = NonNullable<ValidationResult['site']>;

interface Made {
  site?: ReturnType<typeof resolveSite>;
  pages?: ReturnType<typeof resolvePages>;
  texts: Map<string, string | undefined>;
}

/**
 * Each virtual module's text, made once per version of the files (the site resolved once for all of them): after
 * a change its text is compared with the one served (servedTexts), and the load that follows takes the same text.
 */
const made = new WeakMap<ValidSite, Made>();

/** What was made of one version of the files. */
function madeOf(valid: ValidSite): Made {
  let of = made.get(valid);
  if (!of) made.set(valid, (of = { texts: new Map() }));
  return of;
}

const pagesOf = (valid: ValidSite) => {
  const of = madeOf(valid);
  return (of.pages ??= resolvePages(valid));
};

function moduleText(id: string, valid: ValidSite): string | undefined {
  const of = madeOf(valid);
  const site = () => (of.site ??= resolveSite(valid));
  if (id === MODEL_ID) return asModule(site());
  if (id === CLIENT_ID) return asModule(islandSiteModel(site()));
  const pages = pagesOf(valid);
  if (id === PAGES_ID) {
    const entries = Object.keys(pages).map((p) => `  ${JSON.stringify(p)}: () => import(${JSON.stringify(PAGE_PREFIX + p)}),`);
    return `export default {\n${entries.join('\n')}\n};\n${NO_VERSION}`;
  }
  const page = pages[id.slice(PAGE_PREFIX.length)];
  return page ? asModule(page) : undefined;
}

/** The text of a virtual module of a valid site; undefined for a page id that no route names. */
function virtualModule(id: string, valid: ValidSite): string | undefined {
  const { texts } = madeOf(valid);
  if (!texts.has(id)) texts.set(id, moduleText(id, valid));
  return texts.get(id);
}

/**
 * The pages' data as the dev server's renders take it: handed in through a global of this process, not as a module
 * per page. An edit of a page is then a new version of the data (a new site object), and the next render takes it
 * with the code already loaded and warm. With a module per page, the edited page's module would invalidate its
 * importers up to the server entry, and each render after an edit would load the entry again, load every page's data
 * into the new entry and render the islands again: most of what the studio's preview waits for after an edit.
 */
interface PagesChannel {
  /** the version the renders see: the site they render, moved on between renders (render-gate.ts) */
  version(): unknown;
  page(id: string): unknown;
}

function pagesChannel(usable: () => ValidationResult | undefined): PagesChannel & { moveOn(): void } {
  let site: ValidSite | undefined;
  const current = () => (site ??= usable()?.site);
  return {
    version: current,
    page(id) {
      const valid = current();
      return valid && pagesOf(valid)[id];
    },
    moveOn() {
      site = undefined;
    },
  };
}

/** The global the dev server's page map finds the channel under: one per site root, in the dev server's process. */
const channelKey = (siteRoot: string) => `helder.dev-site-pages ${siteRoot}`;

/** The page map of the dev server's renders: its list of pages is its text (a page added is a new module), its data the channel's. */
function channelModule(key: string, valid: ValidSite): string {
  const ids = Object.keys(pagesOf(valid));
  return [
    `const channel = globalThis[Symbol.for(${JSON.stringify(key)})];`,
    'export const version = channel.version;',
    `export default Object.fromEntries(${JSON.stringify(ids)}.map((id) => [id, async () => ({ default: channel.page(id) })]));`,
  ].join('\n');
}

/** A virtual module's text in one environment of the dev server (the page map of its renders differs). */
type ModuleText = (environment: string, id: string, valid: ValidSite) => string | undefined;

/** The text each virtual module was last loaded with: after a change, one whose text is the same stays loaded. */
function servedTexts(usable: () => ValidationResult | undefined, textOf: ModuleText) {
  const served = new Map<string, string>();
  const key = (environment: string, id: string) => `${environment}\0${id}`;
  return {
    loaded: (environment: string, id: string, text: string) => served.set(key(environment, id), text),
    stale: (environment: string, id: string) => {
      const site = usable()?.site;
      const was = served.get(key(environment, id));
      return !site || was === undefined || textOf(environment, id.slice(1), site) !== was;
    },
  };
}

/**
 * Drops the site's virtual modules whose text changed (`stale`), and the theme, from every module graph, so their
 * importers load them again. A page's file edited is then that page's module alone: the site model and the other
 * pages stay loaded (dropping all of them would load every page's module again after each edit); in the dev server's
 * renders, none (pagesChannel).
 */
function invalidateSiteModules(server: ViteDevServer, stale: (environment: string, id: string) => boolean) {
  // in the browser's graph and in the one that renders the pages
  for (const [name, environment] of Object.entries(server.environments)) {
    const graph = environment.moduleGraph;
    for (const mod of graph.idToModuleMap.values()) {
      if ((mod.id?.startsWith('\0virtual:site-') && stale(name, mod.id)) || mod.id === THEME_ID) graph.invalidateModule(mod);
    }
  }
}

const problemsText = (result: ValidationResult) => `Invalid site config:\n${formatProblems(result.problems)}`;

/**
 * After a site file changed: the problems in the terminal and, as an event each page decides on, in the overlay of
 * the pages a developer opened (the studio's preview keeps its last valid render); or a full reload of the pages.
 */
function reportOrReload(server: ViteDevServer, result: ValidationResult, file: string, byStudio: boolean) {
  if (result.problems.length > 0) {
    const message = problemsText(result);
    server.config.logger.error(message, { timestamp: true });
    server.ws.send(PROBLEMS_EVENT, { message, stack: '', plugin: 'site-config', id: file });
    return;
  }
  server.config.logger.info('site config valid, reloading', { timestamp: true });
  // the studio's own write: every page reloads but the studio's previews, which the studio reloads once it has
  // shown the change (a reload of theirs now would render the page again beside the studio's own render of it)
  if (byStudio) server.ws.send(STUDIO_WRITE_EVENT, { file });
  else server.ws.send({ type: 'full-reload' });
}

/** The theme's stylesheet for the dev server's pages, which link it (Vite serves no virtual module as plain CSS). */
function serveTheme(devServer: ViteDevServer, readSite: () => SiteConfig | undefined) {
  devServer.middlewares.use(THEME_URL, (_req, res) => {
    const site = readSite();
    res.setHeader('Content-Type', 'text/css; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(site?.theme ? themeCss(site.theme) : '');
  });
}

/**
 * The islands' entry imports the theme, so in a build it joins the site's one hashed CSS file; the dev server's
 * pages link it as a stylesheet of its own.
 */
function themePlugin(readSite: () => SiteConfig | undefined, handedClient: () => Promise<ClientSiteData> | undefined): Plugin {
  let building = false;
  return {
    name: 'site-theme',
    resolveId: (id) => (id === THEME_URL || id === THEME_MODULE ? THEME_ID : undefined),
    configResolved(resolved) {
      building = resolved.command === 'build';
    },
    load(id) {
      if (id !== THEME_ID) return undefined;
      const css = (theme: SiteConfig['theme'] | undefined) => (theme ? themeCss(theme) : '');
      const handed = building ? handedClient() : undefined;
      return handed ? handed.then((data) => css(data.theme as SiteConfig['theme'])) : css(readSite()?.theme);
    },
  };
}

/**
 * The site's validation, once per version of its files (shared by all the virtual modules), with the schemas
 * compiled once (again only when one changes), and the last valid version: the site's modules keep serving it while
 * the files are invalid, so the studio's preview renders it (a developer's tab gets the problems, site-preview.ts).
 */
function siteValidation(siteRoot: string, schemaDir: string) {
  let current: ValidationResult | undefined;
  let schemas: SchemaSet | undefined;
  let lastValid: ValidationResult | undefined;
  const validate = (): ValidationResult => {
    if (current) return current;
    current = validateSite({ roots: [siteRoot], schemaDir, schemas: (schemas ??= loadSchemaSet(schemaDir)) });
    if (current.problems.length === 0) lastValid = current;
    return current;
  };
  return {
    validate,
    /** the site the pages render: the files as they are when valid, else as they last were valid */
    usable: (): ValidationResult | undefined => (validate().problems.length === 0 ? current : lastValid),
    hasLastValid: () => lastValid !== undefined,
    /** a file changed: validated again when next asked */
    forget(file: string) {
      current = undefined;
      if (file.startsWith(schemaDir + sep)) schemas = undefined;
    },
  };
}

/** The config the theme comes from: the usable site's, or the file as it is when it was never valid. */
function siteConfigOf(siteRoot: string, usable: () => ValidationResult | undefined): SiteConfig | undefined {
  const site = usable()?.site?.site;
  if (site) return site;
  try {
    return JSON.parse(readFileSync(join(siteRoot, CONFIG_FILE), 'utf8')) as SiteConfig;
  } catch {
    return undefined;
  }
}

/** Every site file on each change, and a file of public/ when it comes or goes, to `schedule`. */
function watchSiteFiles(
  devServer: ViteDevServer,
  {
    siteRoot,
    schemaDir,
    isSiteFile,
    schedule,
  }: { siteRoot: string; schemaDir: string; isSiteFile: (file: string) => boolean; schedule: (file: string) => void },
) {
  // a file added to or removed from public/ can make an "image not found" problem appear or go
  // (not a hidden file: the studio writes an upload as one before it links it in place)
  const isPublicFile = (file: string) => file.startsWith(join(siteRoot, PUBLIC_DIR) + sep) && !basename(file).startsWith('.');
  devServer.watcher.add([join(siteRoot, CONFIG_FILE), join(siteRoot, CONTENT_DIR), join(siteRoot, PUBLIC_DIR), schemaDir]);
  for (const event of ['change', 'add', 'unlink'] as const)
    devServer.watcher.on(event, (file: string) => {
      if (isSiteFile(file) || (event !== 'change' && isPublicFile(file))) schedule(file);
    });
}

/**
 * A site file changed: the validation is asked again at once (the studio reads it); the modules are invalidated
 * between renders (render-gate.ts), and the pages reload or show the problems.
 */
function siteChangeHandler(
  server: () => ViteDevServer | undefined,
  {
    forget,
    validate,
    gate,
    stale,
    moveOn,
  }: {
    forget: (file: string) => void;
    validate: () => ValidationResult;
    gate: RenderGate;
    stale: (environment: string, id: string) => boolean;
    /** the renders' pages take the new version */
    moveOn: () => void;
  },
) {
  return (file: string, byStudio: boolean) => {
    const dev = server();
    if (!dev) return;
    forget(file);
    gate.write(() => {
      try {
        const result = validate();
        moveOn();
        invalidateSiteModules(dev, stale);
        reportOrReload(dev, result, file, byStudio);
      } catch (error) {
        moveOn();
        invalidateSiteModules(dev, () => true);
        // a schema that does not compile, say: shown like any problem, and the dev server keeps running
        const message = `The site could not be validated: ${(error as Error).message}`;
        dev.config.logger.error(message, { timestamp: true });
        dev.ws.send(PROBLEMS_EVENT, { message, stack: '', plugin: 'site-config', id: file });
      }
    });
  };
}

/**
 * Each virtual module's text as the environment that loads it sees it: the dev server's renders take the pages'
 * data from the channel once it is installed, everything else a module per page.
 */
function moduleTexts(siteRoot: string, usable: () => ValidationResult | undefined) {
  const channel = pagesChannel(usable);
  const key = channelKey(siteRoot);
  let installed = false;
  const textOf: ModuleText = (environment, id, valid) =>
    installed && environment === 'ssr' && id === PAGES_ID ? channelModule(key, valid) : virtualModule(id, valid);
  return {
    channel,
    textOf,
    /** the dev server's renders run in this process; Vitest's tests run in workers of their own, where no channel is */
    install() {
      if (process.env.VITEST) return;
      (globalThis as Record<symbol, unknown>)[Symbol.for(key)] = channel;
      installed = true;
    },
  };
}

/**
 * The site's files a module was made from, watched: in a build (watch mode), as the module's own, so it builds again.
 * Not so in the dev server, whose own watcher handles each change between renders (siteChangeHandler): a file watched
 * by a module is a module of Vite's graph, and Vite invalidated the site's modules and all their importers at its own
 * watcher's event, the server entry included, and reloaded the pages before the change was validated. There each file
 * is watched by itself as well as through its folder, as addWatchFile did for a site outside the project: a file git
 * replaces stays seen.
 */
function watchLoaded(files: string[], by: { addWatchFile(file: string): void } | ViteDevServer | undefined) {
  if (!by) return;
  if ('watcher' in by) by.watcher.add(files);
  else for (const file of files) by.addWatchFile(file);
}

/** A render runs between changes (render-gate.ts), on the files as they are when it is asked for (site-freshness.ts). */
function settledRendering(fresh: () => Promise<void>, gate: RenderGate): SiteApi['rendering'] {
  return async (render) => {
    await fresh();
    return gate.read(render);
  };
}

/** Whether a file is one of the site's: its config, a JSON file under content/, or a schema. */
function siteFileTest(siteRoot: string, schemaDir: string) {
  return (file: string) => {
    const rel = relative(siteRoot, file).split(sep).join('/');
    return isSiteData(rel) || file.startsWith(schemaDir + sep);
  };
}

/** What the client build takes of the site, when the build that started this Vite hands it in (else validated here). */
function clientHandover() {
  let handed: Promise<ClientSiteData> | undefined;
  return {
    site: () => handed,
    hand: (site: Promise<ClientSiteData>) => {
      handed = site;
    },
  };
}

/**
 * Validates the site config in every build and in the dev server, and serves
 * the resolved site as virtual modules. An invalid config fails the build; in
 * dev it shows in the terminal and in the overlay of a developer's pages until it
 * is fixed, while the studio's preview keeps the last valid site.
 */
export function sitePlugin({ siteRoot, schemaDir }: SitePluginOptions): Plugin[] {
  let server: ViteDevServer | undefined;
  let building = false;
  const { validate, usable, hasLastValid, forget } = siteValidation(siteRoot, schemaDir);
  const isSiteFile = siteFileTest(siteRoot, schemaDir);
  const readSite = () => siteConfigOf(siteRoot, usable);
  const gate = renderGate();
  const { channel, textOf, install } = moduleTexts(siteRoot, usable);
  const served = servedTexts(usable, textOf);
  const handle = siteChangeHandler(() => server, { forget, validate, gate, stale: served.stale, moveOn: channel.moveOn });
  const { watched: schedule, written: changed, settled } = settledChanges(handle);
  const freshness = siteFreshness({ settled, validate, data: channel.version });
  const handover = clientHandover();
  const rendering = settledRendering(freshness.fresh, gate);
  const api: SiteApi = { validation: validate, changed, rendering, pagesData: channel.version, handClient: handover.hand };
  const config: Plugin<SiteApi> = {
    name: SITE_PLUGIN,
    api,
    enforce: 'pre',
    resolveId(id) {
      return id === MODEL_ID || id === PAGES_ID || id === CLIENT_ID || id.startsWith(PAGE_PREFIX) ? `\0${id}` : undefined;
    },
    configResolved(resolved) {
      building = resolved.command === 'build';
    },
    load(id, options) {
      if (!id.startsWith('\0virtual:site-')) return undefined;
      const built = building ? builtModule(id, Boolean(options?.ssr), handover.site()) : undefined;
      if (built !== undefined) return built;
      const result = validate();
      watchLoaded(result.files, building ? this : server);
      const site = usable()?.site;
      // never valid yet: Vite prints plugin errors in the terminal (and a build fails)
      if (!site) this.error({ message: problemsText(result), stack: '' });
      const text = textOf(this.environment.name, id.slice(1), site);
      if (text === undefined) this.error(`no routed page "${id.slice(1 + PAGE_PREFIX.length)}"`);
      served.loaded(this.environment.name, id, text);
      return text;
    },
    configureServer(devServer) {
      server = devServer;
      install();
      serveTheme(devServer, readSite);
      freshness.serve(devServer, siteRoot, schemaDir);
      devServer.middlewares.use(
        pagesWhileInvalid(devServer, {
          problems: () => (validate().problems.length > 0 ? problemsText(validate()) : undefined),
          hasLastValid,
          lang: () => readSite()?.lang ?? 'en',
        }),
      );
      watchSiteFiles(devServer, { siteRoot, schemaDir, isSiteFile, schedule });
    },
    // Site files are handled by the watcher above: a full reload, never a partial HMR update.
    handleHotUpdate: ({ file }) => (isSiteFile(file) ? [] : undefined),
  };

  return [config, themePlugin(readSite, handover.site), problemsClientPlugin({ versionOf: freshness.ofPage, versionUrl: VERSION_URL })];
}
