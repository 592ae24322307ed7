import { build, mergeConfig, type Plugin, type UserConfig } from 'vite';
import { paths } from '../../core/paths.ts';
import { ISLANDS_ENTRY } from '../lib/page-document.ts';
import { SITE_PLUGIN, type SiteApi } from '../site-bundles/site-plugin.ts';
import { siteRootOf, siteViteConfig } from '../site-bundles/site-config.ts';
import type { ClientSiteData } from '../site-bundles/site-data.ts';
import type { BundlesWanted, FromBundles, ToBundles } from './render-bundles.ts';

/**
 * The child process of render-bundles.ts: Vite's two builds, handed the site's plugins and options
 * (scripts/site-bundles/site-config.ts, the part of vite.config.ts a build uses) as a module of this script (bundled
 * with it by scripts/run-bundled.mjs, which keeps the bundle between builds) instead of Vite loading vite.config.ts
 * again at each build; the dev server's plugins apply to `serve` only, so the builds give the same bytes.
 */

// the site as the build validated it, sent once it has (render-bundles.ts): the client build waits for it, the server's never
const handedSite = new Promise<ClientSiteData>((resolve) => process.once('message', (message: ToBundles) => resolve(message.site)));

/** The site plugin among a config's plugins (site-config.ts lists it), with its API. */
function sitePluginOf(config: UserConfig): Plugin<SiteApi> | undefined {
  const plugins = ([config.plugins] as unknown[]).flat(10) as (Plugin | null | undefined | false)[];
  return plugins.find((plugin): plugin is Plugin<SiteApi> => Boolean(plugin) && (plugin as Plugin).name === SITE_PLUGIN);
}

/**
 * The site's config for a build, with `overrides` merged in; a new set of plugins each call, whose site plugin is
 * handed the site as the build validated it.
 */
function configFor(overrides: UserConfig) {
  const base: UserConfig = siteViteConfig({ root: paths.root, siteRoot: siteRootOf(paths.root), command: 'build' });
  sitePluginOf(base)?.api?.handClient(handedSite);
  return { ...mergeConfig(base, overrides), configFile: false as const };
}

async function buildBoth(quiet: boolean, wanted: BundlesWanted): Promise<void> {
  const logLevel = quiet ? ('warn' as const) : undefined;
  // The browser gets the islands' runtime only (each island a chunk of its own, loaded when its directive fires)
  // and one stylesheet for the whole site; the pages themselves are HTML from the prerender.
  const client =
    wanted.client &&
    build(
      configFor({
        root: paths.root,
        logLevel,
        build: {
          outDir: paths.dist,
          emptyOutDir: true,
          cssCodeSplit: false,
          rollupOptions: { input: { hydrate: ISLANDS_ENTRY }, preserveEntrySignatures: 'exports-only' },
        },
      }),
    );
  const server =
    wanted.server &&
    // the render workers load the server entry as soon as it is written, while the client build may go on
    build(
      configFor({
        root: paths.root,
        logLevel: logLevel ?? 'warn',
        // React's build (production, unless NODE_ENV says otherwise, as under vitest) chosen when bundled, as Vite chose
        // the JSX transform: the render workers run in another process than Vite, which sets NODE_ENV in its own only
        define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
        // the site's public files are the client build's; the server entry never serves them
        build: { ssr: 'src/entry-server.tsx', outDir: paths.distSsr, emptyOutDir: true, copyPublicDir: false },
      }),
    ).then(() => process.send?.({ serverBuilt: true } satisfies FromBundles));
  await Promise.all([client, server]);
}

process.send?.({ listening: true } satisfies FromBundles);
// the build that started this process ended (an invalid site, a signal): Vite's work is of no use
process.on('disconnect', () => process.exit(1));
try {
  await buildBoth(Boolean(process.env.BUILD_QUIET), JSON.parse(process.env.BUILD_BUNDLES ?? '{"client":true,"server":true}') as BundlesWanted);
  // Vite may keep a handle open: the process ends once the parent has the figures
  const used = process.resourceUsage();
  const figures: FromBundles = { maxRssMB: Math.round(used.maxRSS / 1024), cpuMs: Math.round((used.userCPUTime + used.systemCPUTime) / 1000) };
  process.send?.(figures, () => process.exit(0));
} catch (error) {
  console.error(error);
  process.exit(1);
}
