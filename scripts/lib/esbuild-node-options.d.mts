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

/** A bundle's freshness key: its sources (relative to root) by name and content, after `seed`. */
export function sourcesKey(root: string, inputs: string[], seed?: string): string;

export function writeWhole(file: string, contents: string | Uint8Array): void;
