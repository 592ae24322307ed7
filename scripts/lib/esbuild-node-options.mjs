import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

/**
 * What the project's two bundles for Node share: the production server (scripts/build/server-bundle.ts) and each
 * script that scripts/run-bundled.mjs runs. Plain JavaScript, so that run-bundled.mjs can import it before there is
 * anything to run TypeScript with. Each bundle is one ES module for the Node that runs the server; it is kept in
 * memory (write: false) so that each file can be replaced whole, and with its metafile, whose inputs decide when it
 * is made again.
 */
export function nodeBundleOptions(root) {
  return { absWorkingDir: root, bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, metafile: true };
}

/**
 * The project's source files a bundle was made of, relative to root, in a stable order: the files its key hashes.
 * esbuild's own modules (a plugin's, or one of a namespace of its own) are no file to read again.
 */
export function bundledSources(root, metafile) {
  return Object.keys(metafile.inputs)
    .filter((input) => existsSync(join(root, input)))
    .sort();
}

/**
 * A bundle's freshness key: the hash of each of its source files (relative to root), by name and content, after
 * `seed` (what else decides the bundle). A kept bundle whose inputs give the key it was written with is fresh. The
 * one key of both bundles: scripts/run-bundled.mjs seeds it with its tools, the server's bundle hashes package.json
 * among its inputs.
 */
export function sourcesKey(root, inputs, seed = '') {
  const hash = createHash('sha1').update(seed);
  for (const input of inputs)
    hash
      .update(input)
      .update('\u0000')
      .update(readFileSync(join(root, input)))
      .update('\u0000');
  return hash.digest('base64url');
}

/**
 * Writes a bundle's file through a temporary file and a rename, so that a process that reads it, or a build that
 * dies halfway, never meets a file half written.
 */
export function writeWhole(file, contents) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}
