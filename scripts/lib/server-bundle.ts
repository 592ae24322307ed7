import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

/** The server's entries and the names they get in the output folder. */
const ENTRIES = { main: 'server/main.ts', leads: 'server/cli/leads.ts' };

/**
 * Bundles the production server and the leads command into plain JavaScript for Node (ESM), so
 * `npm run serve` needs neither tsx nor the build's packages. The runtime dependencies of package.json stay
 * imports, loaded from node_modules; anything else they use (ajv) is bundled in. outDir must sit one level
 * below root, as core/ does, for core/paths.ts to find the root from the bundle.
 */
export async function bundleServer(root: string, outDir: string): Promise<{ files: string[]; bytes: number }> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const runtime = Object.keys(pkg.dependencies ?? {});
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // each runtime dependency and its subpaths (@hono/node-server/conninfo)
    external: runtime.flatMap((name) => [name, `${name}/*`]),
    // bundled CommonJS (ajv) calls require(); an ES module has none of its own
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(outDir, { recursive: true });
  let bytes = 0;
  for (const file of result.outputFiles) {
    // several builds may write here at once (SITE_OUT): each file is replaced whole, never seen half written
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
    bytes += file.contents.length;
  }
  return { files: result.outputFiles.map((f) => basename(f.path)), bytes };
}
