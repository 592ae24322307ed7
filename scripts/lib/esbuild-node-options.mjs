import { existsSync, renameSync, writeFileSync } from 'node:fs';
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
 * Writes a bundle's file through a temporary file and a rename, so that a process that reads it, or a build that
 * dies halfway, never meets a file half written.
 */
export function writeWhole(file, contents) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}
