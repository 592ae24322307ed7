import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';

/**
 * Files a build derives from others by a pure function of their bytes (an image's width from sharp, a shared asset's
 * brotli at quality 11), kept between builds by the key of everything that makes them: the first build on a
 * machine makes them, and every later one, of any site, takes them (as Hugo keeps its processed images in
 * resources/_gen). They are a large share of a build's CPU, and the same work again on every build of unchanged
 * images and assets. The same inputs give the same bytes, so a build's output is the same with or without the cache
 * (BUILD_CACHE=0 builds without it).
 */
export interface DerivedCache {
  /** the bytes `make` gives for `key`: kept ones, or made now and kept */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer>;
  /** how many were taken, and how many made, since the cache was opened */
  counts: { taken: number; made: number };
}

export const DERIVED_CACHE_DIR = join(paths.root, 'node_modules/.cache/helder-build/derived');
/** Entries no build took for this long are removed when a cache is opened. */
const KEPT_MS = 7 * 24 * 3600 * 1000;
/** Each file this process writes gets a partial name of its own. */
let written = 0;

/** A key over the parts that make a derived file (its source's bytes, its settings, the tool's version). */
export function derivedKey(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('base64url');
}

function prune(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > KEPT_MS) rmSync(file, { force: true });
    } catch {
      // removed by another build meanwhile
    }
  }
}

export function derivedCache(dir = DERIVED_CACHE_DIR, now = Date.now()): DerivedCache {
  mkdirSync(dir, { recursive: true });
  prune(dir, now);
  const counts = { taken: 0, made: 0 };
  return {
    counts,
    async get(key, make) {
      const file = join(dir, key);
      try {
        const kept = await readFile(file);
        // taken: kept for another week
        const seen = new Date();
        utimesSync(file, seen, seen);
        counts.taken++;
        return kept;
      } catch {
        // not kept (or pruned meanwhile): made below
      }
      const made = await make();
      // written whole, then renamed into place: a build beside this one never reads half a file
      const partial = `${file}.${process.pid}.${++written}.partial`;
      writeFileSync(partial, made);
      renameSync(partial, file);
      counts.made++;
      return made;
    },
  };
}
