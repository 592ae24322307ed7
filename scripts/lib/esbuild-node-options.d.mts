import type { Metafile } from 'esbuild';

/** The options shared by the project's bundles for Node, as esbuild-node-options.mjs makes them. */
export interface NodeBundleOptions {
  absWorkingDir: string;
  bundle: true;
  platform: 'node';
  format: 'esm';
  target: 'node20';
  write: false;
  metafile: true;
}

export function nodeBundleOptions(root: string): NodeBundleOptions;

export function bundledSources(root: string, metafile: Metafile): string[];

export function writeWhole(file: string, contents: string | Uint8Array): void;
