import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Read access to a site's files. Several roots can be stacked: a file in an
 * earlier root hides the same path in later ones (the test fixtures are small
 * overlays on a base site).
 */
export interface SiteFiles {
  read(rel: string): string | undefined;
  list(dirRel: string): string[];
  exists(rel: string): boolean;
  absolute(rel: string): string;
  /**
   * A stamp that changes whenever the file does (its inode, size, and times of change), or undefined when it cannot
   * say so for sure: a file changed within the last moments (a file system whose times are coarse may give two
   * writes one time) or not there. A validation that keeps what it checked (`checked`) reads a file whose stamp is
   * the one it kept no more.
   */
  stamp?(rel: string): string | undefined;
}

/** A file changed this recently may change again within the same tick of a coarse file system clock: read it. */
const SETTLED_MS = 2000;

export function siteFiles(roots: string[]): SiteFiles {
  const find = (rel: string) => roots.map((r) => join(r, rel)).find((p) => existsSync(p));
  return {
    read: (rel) => {
      const p = find(rel);
      return p && statSync(p).isFile() ? readFileSync(p, 'utf8') : undefined;
    },
    list: (dirRel) => {
      const names = new Set<string>();
      for (const r of roots) {
        const dir = join(r, dirRel);
        if (existsSync(dir)) for (const n of readdirSync(dir)) if (n.endsWith('.json')) names.add(n);
      }
      return [...names].sort().map((n) => `${dirRel}/${n}`);
    },
    exists: (rel) => find(rel) !== undefined,
    absolute: (rel) => find(rel) ?? join(roots[0] ?? '.', rel),
    stamp: (rel) => {
      const p = find(rel);
      const stat = p ? statSync(p, { bigint: true, throwIfNoEntry: false }) : undefined;
      if (!stat?.isFile() || Date.now() - Number(stat.ctimeMs) < SETTLED_MS) return undefined;
      return `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
    },
  };
}
