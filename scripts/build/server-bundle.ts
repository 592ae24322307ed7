import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { bundledSources, nodeBundleOptions, sourcesKey, writeWhole } from '../lib/esbuild-node-options.mjs';

/** The server's entries and the names they get in the output folder. */
const ENTRIES = {
  main: 'server/main.ts',
  leads: 'server/cli/leads.ts',
  staff: 'server/cli/staff.ts',
  backup: 'server/backup/backup.ts',
  restore: 'server/backup/restore.ts',
};

/**
 * Bundles the production server and its commands (leads, staff, backup, restore) into plain JavaScript for Node (ESM), so
 * `npm run serve` needs neither tsx nor the build's packages. The runtime dependencies of package.json stay
 * imports, loaded from node_modules; anything else they use (ajv) is bundled in. outDir must sit one level
 * below root, as core/ does, for core/paths.ts to find the root from the bundle.
 */
export async function bundleServer(root: string, outDir: string): Promise<{ files: string[]; bytes: number; reused?: boolean }> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const runtime = Object.keys(pkg.dependencies ?? {});
  const unchanged = sameInputs(root, outDir);
  if (unchanged) return { ...unchanged, reused: true };
  // esbuild is loaded only to bundle: an incremental build that keeps the bundle never needs it
  const { build } = await import('esbuild');
  const result = await build({
    ...nodeBundleOptions(root),
    entryPoints: ENTRIES,
    outdir: outDir,
    // each runtime dependency and its subpaths (@hono/node-server/conninfo)
    external: runtime.flatMap((name) => [name, `${name}/*`]),
    // bundled CommonJS (ajv) calls require(); an ES module has none of its own
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  mkdirSync(outDir, { recursive: true });
  let bytes = 0;
  for (const file of result.outputFiles) {
    // several builds may write here at once (SITE_OUT): each file is replaced whole, never seen half written
    writeWhole(file.path, file.contents);
    bytes += file.contents.length;
  }
  const files = result.outputFiles.map((f) => basename(f.path));
  // what the next build compares: every source file esbuild read, by content
  const inputs = bundledSources(root, result.metafile);
  writeWhole(join(outDir, INPUTS_FILE), JSON.stringify({ key: inputsKey(root, inputs), inputs, files, bytes }));
  return { files, bytes };
}

/** The sources the last bundle was made of, and their key: unchanged sources need no new bundle. */
const INPUTS_FILE = '.inputs.json';

/** The key of the server's bundle: package.json (its runtime dependencies stay imports) and every source file. */
const inputsKey = (root: string, inputs: string[]) => sourcesKey(root, ['package.json', ...inputs]);

/** The bundle in outDir, when it was made from exactly these sources (and its files are there); undefined otherwise. */
function sameInputs(root: string, outDir: string): { files: string[]; bytes: number } | undefined {
  try {
    const last = JSON.parse(readFileSync(join(outDir, INPUTS_FILE), 'utf8')) as { key: string; inputs: string[]; files: string[]; bytes: number };
    if (!last.files.every((file) => existsSync(join(outDir, file)))) return undefined;
    return inputsKey(root, last.inputs) === last.key ? { files: last.files, bytes: last.bytes } : undefined;
  } catch {
    return undefined;
  }
}
