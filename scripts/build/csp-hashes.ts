import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CspHashes } from '../../core/security/policy.ts';

// Inline elements as React and Vite write them. A script's text ends at the first "</script": the same rule the HTML parser follows.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const SRC = /(?:^|\s)src\s*=/i;
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** types the browser runs (speculation rules count: CSP checks them too); any other (application/ld+json) is a data block that CSP never checks */
const EXECUTABLE = /^(?:|module|speculationrules|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/(?:jscript|livescript))$/i;

/** Hashes of texts seen before: every page of a site has the same few inline scripts. */
const hashed = new Map<string, string>();
const HASHED_KEPT = 1000;

/** The CSP source of one inline element: base64 sha256 of its exact text in UTF-8. */
export function cspHash(text: string): string {
  let hash = hashed.get(text);
  if (hash === undefined) {
    if (hashed.size >= HASHED_KEPT) hashed.clear();
    hashed.set(text, (hash = `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`));
  }
  return hash;
}

function isExecutable(attributes: string): boolean {
  if (SRC.test(attributes)) return false;
  const type = TYPE.exec(attributes);
  return EXECUTABLE.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim());
}

/** The hashes of the executable inline scripts and of the inline styles of one page. */
export function inlineHashes(html: string): CspHashes {
  const scriptHashes = [...html.matchAll(SCRIPT)].filter((m) => isExecutable(m[1] ?? '')).map((m) => cspHash(m[2] ?? ''));
  const styleHashes = [...html.matchAll(STYLE)].map((m) => cspHash(m[1] ?? ''));
  return { scriptHashes, styleHashes };
}

/** The .html files under dir, at any depth. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return htmlFiles(path);
      return e.isFile() && e.name.endsWith('.html') ? [path] : [];
    }),
  );
  return nested.flat();
}

const sortedUnique = (values: Iterable<string>) => [...new Set(values)].sort();

/** Hashes of several pages (or sets of pages), merged: sorted and unique, as .csp.json lists them. */
export function mergeCspHashes(parts: Iterable<CspHashes>): CspHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const part of parts) {
    for (const h of part.scriptHashes) scripts.add(h);
    for (const h of part.styleHashes) styles.add(h);
  }
  return { scriptHashes: sortedUnique(scripts), styleHashes: sortedUnique(styles) };
}

/** The inline hashes of the given HTML files, merged. */
export async function hashFiles(files: string[]): Promise<CspHashes> {
  const found: CspHashes[] = [];
  for (const file of files) found.push(inlineHashes(await readFile(file, 'utf8')));
  return mergeCspHashes(found);
}

/** Every page's inline hashes, merged: one policy serves all pages. */
export async function collectCspHashes(root: string): Promise<CspHashes> {
  return hashFiles(await htmlFiles(root));
}

/**
 * dist/.csp.json, which the server reads at start (a dotfile: it is never served). The build passes the hashes
 * its prerender collected from the pages as it wrote them; without them, every page under root is read.
 */
export async function writeCspHashes(root: string, collected?: CspHashes): Promise<CspHashes> {
  const hashes = collected ? mergeCspHashes([collected]) : await collectCspHashes(root);
  await writeFile(join(root, '.csp.json'), `${JSON.stringify(hashes, null, 2)}\n`);
  return hashes;
}
