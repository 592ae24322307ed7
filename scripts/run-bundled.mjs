import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledSources, nodeBundleOptions, sourcesKey, writeWhole } from './lib/esbuild-node-options.mjs';

/**
 * `node scripts/run-bundled.mjs <script.ts> [arguments]`: runs a TypeScript script of the project as one plain
 * JavaScript file that esbuild bundled from it. The bundle is kept in node_modules/.cache/helder-run/ and made again
 * only when a file it was made from changed (each compared by content, as the server's bundle is). Node loads such a
 * file at once, where tsx's loader has to start and then resolve and transform each of a build's hundred modules:
 * for an incremental build, which otherwise has little to do, that would be most of its time. Each module keeps its
 * own import.meta.url (its source file's address), so what a script finds from it is what it finds under tsx.
 * Packages stay imports from node_modules.
 *
 * Those addresses are absolute, so a bundle belongs to the one project it was made in: the cache keeps each
 * project's bundles in a folder named by the hash of its real root. A copy of the project with its node_modules, or
 * a second project that shares one install, makes and runs its own, never the original's.
 */
const root = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '..'));
const CACHE = join(root, 'node_modules/.cache/helder-run', sha1Of(root).slice(0, 16));
/** what import.meta.url becomes in each module: a constant with its source file's address, declared in that module */
const MODULE_URL = '__helder_module_url';

function sha1Of(text) {
  return createHash('sha1').update(text).digest('hex');
}

const sha1 = (...parts) => {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('base64url');
};

/** The options this launcher shares with the server's bundle: a file that decides a bundle, as this one does. */
const SHARED_OPTIONS = join(dirname(fileURLToPath(import.meta.url)), 'lib/esbuild-node-options.mjs');

/** What decides a bundle besides its sources: this file and its options, and the versions of Node and esbuild. */
function toolsKey() {
  const esbuild = JSON.parse(readFileSync(join(root, 'node_modules/esbuild/package.json'), 'utf8')).version;
  return sha1(readFileSync(fileURLToPath(import.meta.url)), readFileSync(SHARED_OPTIONS), process.version, esbuild);
}

/** The key of a bundle made from these source files (relative to the root), by their content, after the tools'. */
const inputsKey = (inputs) => sourcesKey(root, inputs, toolsKey());

/** The kept bundle of `script`, when the files it was made from are unchanged. */
function keptBundle(bundle) {
  try {
    const kept = JSON.parse(readFileSync(`${bundle}.inputs.json`, 'utf8'));
    return existsSync(bundle) && inputsKey(kept.inputs) === kept.key;
  } catch {
    return false;
  }
}

async function makeBundle(script, bundle) {
  const { build } = await import('esbuild');
  const result = await build({
    ...nodeBundleOptions(root),
    entryPoints: [script],
    packages: 'external',
    define: { 'import.meta.url': MODULE_URL },
    sourcemap: 'inline',
    logLevel: 'error',
    plugins: [
      {
        name: 'module-url',
        setup(build) {
          // on the first line, so the lines of a stack trace stay those of the source
          build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async ({ path }) => ({
            contents: `const ${MODULE_URL} = ${JSON.stringify(pathToFileURL(path).href)};${await readFile(path, 'utf8')}`,
            loader: /\.[cm]?tsx$/.test(path) ? 'tsx' : /\.[cm]?ts$/.test(path) ? 'ts' : /x$/.test(path) ? 'jsx' : 'js',
          }));
        },
      },
    ],
  });
  const inputs = bundledSources(root, result.metafile);
  mkdirSync(CACHE, { recursive: true });
  writeWhole(bundle, result.outputFiles[0].contents);
  writeWhole(`${bundle}.inputs.json`, JSON.stringify({ key: inputsKey(inputs), inputs }));
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: node scripts/run-bundled.mjs <script.ts> [arguments]\n');
  process.exit(2);
}
const source = resolve(script);
const bundle = join(CACHE, `${relative(root, source).split(sep).join('__')}.mjs`);
if (!keptBundle(bundle)) {
  try {
    await makeBundle(source, bundle);
  } catch {
    // esbuild has printed what it could not read
    process.exit(1);
  }
}
// the script sees the arguments it would see under tsx
process.argv = [process.argv[0], source, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
