import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A site file a page's content comes from: the whole file, or one item of a collection file (the item of its `items`
 * whose fields have these values, with the file's other fields beside `items`): a city's pages show their own city's
 * data, not the other cities'.
 */
export type SitemapSource = string | { file: string; item: Record<string, string> };

/** One URL of the sitemap; `sources` are what its content comes from (for its lastmod). */
export interface SitemapEntry {
  path: string;
  sources?: SitemapSource[];
  /** a page that asks not to be indexed stays out of the sitemap */
  noindex?: boolean;
}

/** The protocol's limits per sitemap file (sitemaps.org): 50,000 URLs and 50 MB uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

function urlLine({ loc, lastmod }: SitemapUrl): string {
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

const urlset = (lines: string[]) => `${XML_HEAD}<urlset xmlns="${NS}">\n${lines.join('\n')}\n</urlset>\n`;

/** URL lines in files of at most `limits.urls` lines and `limits.bytes` bytes each. */
function chunked(lines: string[], limits: typeof SITEMAP_LIMITS): string[][] {
  const empty = Buffer.byteLength(urlset([]));
  const chunks: string[][] = [];
  let current: string[] = [];
  let bytes = empty;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (current.length > 0 && (current.length >= limits.urls || bytes + size > limits.bytes)) {
      chunks.push(current);
      current = [];
      bytes = empty;
    }
    current.push(line);
    bytes += size;
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(current);
  return chunks;
}

/**
 * The sitemap files of a site: one `sitemap.xml` while every URL fits in one file, else `sitemap.xml` is an index
 * of `sitemap-1.xml`, `sitemap-2.xml`, ... each within the protocol's limits. robots.txt names `sitemap.xml` either way.
 */
export function sitemapFiles(siteUrl: string, urls: SitemapUrl[], limits = SITEMAP_LIMITS): { file: string; text: string }[] {
  const chunks = chunked(urls.map(urlLine), limits);
  if (chunks.length === 1) return [{ file: 'sitemap.xml', text: urlset(chunks[0]!) }];
  const parts = chunks.map((lines, i) => ({ file: `sitemap-${i + 1}.xml`, text: urlset(lines) }));
  const index = parts.map((p) => `  <sitemap><loc>${escapeXml(`${siteUrl}/${p.file}`)}</loc></sitemap>`);
  return [{ file: 'sitemap.xml', text: `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${index.join('\n')}\n</sitemapindex>\n` }, ...parts];
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

const W3C = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Git asked from a site's folder: the command's output, or undefined when it failed (no git, not a work tree). */
type Git = (args: string[]) => string | undefined;

/** What git says of a site once: its folder's place in the work tree, and its files with changes not committed. */
interface SiteGit {
  git: Git;
  /** null: the site is not in a git work tree */
  work: () => { prefix: string; dirty: Set<string> } | null;
  /**
   * The newest commit (its hash and date) that changed each of these files, asked of git in one process with the
   * files named before (`ask`): a build's sources are a few files, and a spawn of git costs more than its answer.
   */
  newest: (file: string) => [commit: string, date: string] | undefined;
  ask: (files: Iterable<string>) => void;
}

/** A site's place in its work tree, by its folder: it does not move while a process builds it. */
const prefixes = new Map<string, string>();

/**
 * The newest commit of each file in `git log --name-only` of them all: undefined when a commit names none of them (a
 * merge git kept, which the log of one file might date otherwise): the caller then asks file by file.
 */
function newestOfLog(output: string, prefix: string): Map<string, [string, string]> | undefined {
  const newest = new Map<string, [string, string]>();
  let commit: [string, string] | undefined;
  let named = true;
  for (const line of output.split('\n')) {
    if (line.startsWith('\u0001')) {
      if (!named) return undefined;
      commit = line.slice(1).split(' ') as [string, string];
      named = false;
    } else if (line !== '' && commit) {
      named = true;
      const file = line.startsWith(prefix) ? line.slice(prefix.length) : line;
      if (!newest.has(file)) newest.set(file, commit);
    }
  }
  return named ? newest : undefined;
}

function siteGit(siteRoot: string): SiteGit {
  const git: Git = (args) => {
    try {
      return execFileSync('git', args, { cwd: siteRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 30 });
    } catch {
      return undefined;
    }
  };
  // asked of git once: whether the site is in a work tree, and its files with changes not committed (one process
  // each, not two per source: a build's sitemap has a few sources, a watching build makes it at every save)
  let repo: ReturnType<SiteGit['work']> | undefined;
  const work = () => {
    if (repo !== undefined) return repo;
    const prefix = prefixes.get(siteRoot) ?? git(['rev-parse', '--show-prefix'])?.trim();
    if (prefix !== undefined) prefixes.set(siteRoot, prefix);
    const status = prefix === undefined ? undefined : git(['status', '--porcelain', '-z', '--untracked-files=all', '--', '.']);
    if (prefix === undefined || status === undefined) return (repo = null);
    const dirty = new Set<string>();
    const records = status.split('\0');
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!;
      if (record.length < 4) continue;
      dirty.add(record.slice(3));
      // a rename or copy names its source next
      if (record[0] === 'R' || record[0] === 'C') i++;
    }
    return (repo = { prefix, dirty });
  };
  const asked = new Set<string>();
  let logged: Map<string, [string, string]> | undefined;
  const newest = (file: string): [string, string] | undefined => {
    if (!asked.has(file) || logged?.size === 0) {
      const line = git(['log', '-1', '--format=%H %cI', '--', file])?.trim();
      return line ? (line.split(' ') as [string, string]) : undefined;
    }
    if (!logged) {
      const output = git(['-c', 'core.quotePath=false', 'log', '--no-merges', '--format=%x01%H %cI', '--name-only', '--', ...asked]);
      // nothing known: each file asked on its own
      logged = (output !== undefined && newestOfLog(output, work()?.prefix ?? '')) || new Map();
      if (logged.size === 0) return newest(file);
    }
    return logged.get(file);
  };
  const ask = (files: Iterable<string>) => {
    for (const file of files) asked.add(file);
  };
  return { git, work, newest, ask };
}

const modifiedAt = (siteRoot: string, file: string) => {
  try {
    return statSync(join(siteRoot, file)).mtime;
  } catch {
    return undefined; // a source that is not there: no lastmod rather than a wrong one
  }
};

/**
 * When a site file's content last changed: its last commit's date, or its modification time while it has changes
 * not committed (or outside git). Never the build's date, so a build of the same sources writes the same sitemap.
 */
export function fileChangedAt(siteRoot: string, site: SiteGit = siteGit(siteRoot)): (file: string) => Date | undefined {
  const known = new Map<string, Date | undefined>();
  return (file) => {
    if (known.has(file)) return known.get(file);
    const tree = site.work();
    const committed = tree && !tree.dirty.has(tree.prefix + file) ? site.newest(file)?.[1] : undefined;
    const date = committed ? new Date(committed) : modifiedAt(siteRoot, file);
    known.set(file, date);
    return date;
  };
}

/** A part's name: its item's fields and values, in the order of the fields' names. */
const partKey = (item: Record<string, string>) => JSON.stringify(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * What one version of a collection file holds of each part: the file's fields beside `items` and the part's item, as
 * JSON (null: the file is not there, is no JSON, or has no such item). The items are found by a lookup per part, not a
 * search of the list (which can hold thousands of towns), the last of equal ones as the site reads a collection
 * (cityDataByName).
 */
function partValues(doc: unknown, parts: Iterable<string>): Map<string, string | null> {
  const values = new Map<string, string | null>();
  const { items, ...rest } = doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>) : { items: undefined };
  const found = doc === undefined ? undefined : JSON.stringify(rest);
  const indexes = new Map<string, Map<string, unknown>>();
  for (const key of parts) {
    const selector = JSON.parse(key) as [string, string][];
    const fields = selector.map(([field]) => field);
    const byFields = JSON.stringify(fields);
    let index = indexes.get(byFields);
    if (!index) {
      index = new Map();
      for (const item of Array.isArray(items) ? (items as unknown[]) : [])
        if (item && typeof item === 'object') index.set(JSON.stringify(fields.map((field) => (item as Record<string, unknown>)[field])), item);
      indexes.set(byFields, index);
    }
    const item = index.get(JSON.stringify(selector.map(([, value]) => value)));
    values.set(key, found === undefined || item === undefined ? null : `${found}\u0000${JSON.stringify(item)}`);
  }
  return values;
}

/**
 * Versions of a file read from git by `git cat-file --batch`, more commits per process as the walk goes on (1, 2, 4,
 * up to 16): a walk back rarely reads all, and one that starts from the build before often reads the newest alone.
 */
function fileVersions(siteRoot: string, path: string, commits: string[]): (index: number) => Buffer | undefined {
  let batchSize = 1;
  let read = new Map<number, Buffer | undefined>();
  return (index) => {
    if (read.has(index)) return read.get(index);
    read = new Map();
    const batch = commits.slice(index, index + batchSize);
    batchSize = Math.min(batchSize * 2, 16);
    let out: Buffer;
    try {
      out = execFileSync('git', ['cat-file', '--batch'], {
        cwd: siteRoot,
        input: batch.map((commit) => `${commit}:${path}\n`).join(''),
        stdio: ['pipe', 'pipe', 'ignore'],
        maxBuffer: 1 << 30,
      });
    } catch {
      return undefined;
    }
    let at = 0;
    batch.forEach((_, n) => {
      const end = out.indexOf(10, at);
      const header = /^\S+ (\S+) (\d+)$/.exec(out.toString('utf8', at, end < 0 ? out.length : end));
      at = end + 1;
      if (!header) return read.set(index + n, undefined); // "<name> missing": not in that commit
      const size = Number(header[2]);
      read.set(index + n, header[1] === 'blob' ? out.subarray(at, at + size) : undefined);
      at += size + 1;
    });
    return read.get(index);
  };
}

/**
 * What a build keeps of the parts it dated, for the next build (`.build/lastmod.json`): per collection file, its newest
 * commit then, and each part's hash of its item's bytes, date, and hash of its value (partValues). Only a shortcut:
 * the next build's walk back stops at that commit for the parts whose bytes are the same, and finds the same dates a
 * walk through the whole history would (a clean build does that walk); while the file's newest commit is still that
 * one, no walk at all (valuesAtCarried). Kept of the history alone, so a clean and an incremental build write the same file.
 */
interface CarriedFile {
  commit: string;
  parts: Record<string, [hash: string, date: string, value: string]>;
}
export const LASTMOD_FILE = '.build/lastmod.json';
export const LASTMOD_VERSION = 2;

function readCarried(dir: string | undefined): Record<string, CarriedFile> {
  if (!dir) return {};
  try {
    const kept = JSON.parse(readFileSync(join(dir, LASTMOD_FILE), 'utf8')) as { version: number; files: Record<string, CarriedFile> };
    return kept.version === LASTMOD_VERSION ? kept.files : {};
  } catch {
    return {};
  }
}

/** Where a collection file's `items` are, in bytes: the array (from its `[` to after its `]`) and each item in it. */
interface ItemSpans {
  array: [number, number];
  items: [number, number][];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * The spans of a collection file's items, found by one pass over its bytes (no parse): undefined when its `items` is
 * not an array of objects at the top (the walk then takes every part as changed at that version).
 */
function itemSpans(bytes: Buffer): ItemSpans | undefined {
  let depth = 0;
  let key: string | undefined;
  let array: [number, number] | undefined;
  let inItems = false;
  let start = -1;
  const items: [number, number][] = [];
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c === QUOTE) {
      const from = i;
      for (i++; i < bytes.length && bytes[i] !== QUOTE; i++) if (bytes[i] === BACKSLASH) i++;
      if (inItems && depth === 2) return undefined; // an item that is a string
      if (depth === 1) {
        let next = i + 1;
        while (next < bytes.length && isSpace(bytes[next]!)) next++;
        if (bytes[next] === 0x3a) key = bytes.toString('utf8', from + 1, i);
      }
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      if (depth === 1 && c === 0x5b && key === 'items' && !array) {
        inItems = true;
        array = [i, -1];
      } else if (inItems && depth === 2) {
        if (c !== 0x7b) return undefined;
        start = i;
      }
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (inItems && depth === 2 && c === 0x7d) items.push([start, i + 1]);
      if (inItems && depth === 1) {
        array![1] = i + 1;
        inItems = false;
      }
    } else if (inItems && depth === 2 && !isSpace(c) && c !== 0x2c) return undefined; // a number, true, false or null
  }
  return array && array[1] > 0 ? { array, items } : undefined;
}

/** The bytes two versions share at their start, and at their end (not overlapping). */
function sameEnds(a: Buffer, b: Buffer): [number, number] {
  const most = Math.min(a.length, b.length);
  const CHUNK = 4096;
  let start = 0;
  while (start + CHUNK <= most && a.compare(b, start, start + CHUNK, start, start + CHUNK) === 0) start += CHUNK;
  while (start < most && a[start] === b[start]) start++;
  let end = 0;
  const room = most - start;
  while (end + CHUNK <= room && a.compare(b, b.length - end - CHUNK, b.length - end, a.length - end - CHUNK, a.length - end) === 0) end += CHUNK;
  while (end < room && a[a.length - end - 1] === b[b.length - end - 1]) end++;
  return [start, end];
}

const bytesKey = (bytes: Buffer) => createHash('sha1').update(bytes).digest('base64');

const valueKey = (value: string | null | undefined) => (value == null ? '' : createHash('sha1').update(value).digest('base64'));

/** A version of a file parsed: undefined when it is not there or is no JSON. */
const parsed = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The site's file now, parsed. */
const docOf = (siteRoot: string, file: string) => {
  try {
    return parsed(readFileSync(join(siteRoot, file), 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * The parts whose value in the file now differs from its last commit's (`head`): dated by the file's modification
 * time. Returns the parts' values at that commit.
 */
function uncommittedParts(siteRoot: string, file: string, parts: string[], headDoc: unknown, dates: Map<string, Date | undefined>): void {
  const committed = partValues(headDoc, parts);
  const now = partValues(docOf(siteRoot, file), parts);
  for (const part of parts) if (now.get(part) !== committed.get(part)) dates.set(part, modifiedAt(siteRoot, file));
}

/**
 * The parts' dates while the file's newest commit is the one the build before dated them at (undefined when it is
 * not, or a part was not dated then): no history is read. A part keeps its date then unless its value now (a change
 * not committed) differs from its value at that commit, as uncommittedParts and the walk would find.
 */
function valuesAtCarried(siteRoot: string, site: SiteGit, file: string, parts: string[], carried: CarriedFile | undefined) {
  const tree = site.work();
  if (!tree || !carried || site.newest(file)?.[0] !== carried.commit || !parts.every((part) => carried.parts[part]?.[2])) return undefined;
  const dates = new Map<string, Date | undefined>();
  const record: CarriedFile = { commit: carried.commit, parts: {} };
  const now = tree.dirty.has(tree.prefix + file) ? partValues(docOf(siteRoot, file), parts) : undefined;
  for (const part of [...parts].sort()) {
    const then = carried.parts[part]!;
    dates.set(part, now && valueKey(now.get(part)) !== then[2] ? modifiedAt(siteRoot, file) : new Date(then[1]));
    record.parts[part] = then;
  }
  return { dates, record };
}

/** Each part's item in the newest version, by its index among the `count` items (a part with no item of its own has none). */
function itemsOfParts(headDoc: unknown, count: number, parts: string[]): Map<string, number> {
  const itemOf = new Map<string, number>();
  const doc = headDoc as { items?: Record<string, unknown>[] } | undefined;
  const list = Array.isArray(doc?.items) && doc.items.length === count ? doc.items : [];
  const byKey = new Map<string, number>();
  for (const part of parts) {
    const fields = (JSON.parse(part) as [string, string][]).map(([field]) => field);
    const byFields = JSON.stringify(fields);
    // the last of equal ones, as the site reads a collection (cityDataByName)
    if (!byKey.has(byFields)) list.forEach((item, i) => byKey.set(`${byFields}\u0000${JSON.stringify(fields.map((field) => [field, item[field]]))}`, i));
    byKey.set(byFields, -1);
    const index = byKey.get(`${byFields}\u0000${part}`);
    if (index !== undefined) itemOf.set(part, index);
  }
  return itemOf;
}

/** A collection file's commits (newest first, each with its date), a reader of its version at each, and the newest. */
interface FileHistory {
  log: [commit: string, date: string][];
  version: (index: number) => Buffer | undefined;
  head: Buffer;
  /** whether the file has changes not committed */
  uncommitted: boolean;
}

/** The history of a file of the site; undefined outside git, or when no commit has the file. */
function fileHistory(siteRoot: string, site: SiteGit, file: string): FileHistory | undefined {
  const tree = site.work();
  if (!tree) return undefined;
  const log = (site.git(['log', '--format=%H %cI', '--', file]) ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string]);
  if (log.length === 0) return undefined;
  const version = fileVersions(
    siteRoot,
    tree.prefix + file,
    log.map(([commit]) => commit),
  );
  const head = version(0);
  return head ? { log, version, head, uncommitted: tree.dirty.has(tree.prefix + file) } : undefined;
}

/** Every item of the newest version, followed back through the older versions one step at a time. */
interface ItemTrail {
  head: Buffer;
  /** the newest version's items; undefined when its `items` are not an array of objects */
  spans: ItemSpans | undefined;
  /** the version the next step back compares with the one before it */
  newer: Buffer;
  /** where `newer`'s items array is */
  array: [number, number] | undefined;
  /** each item's place in `newer`: none once it is not in it as it is now */
  places: ([number, number] | undefined)[];
  /** each item's bytes' hash, made once a step needs to find items by their bytes */
  hashes?: string[];
}

function itemTrail(head: Buffer): ItemTrail {
  const spans = itemSpans(head);
  return { head, spans, newer: head, array: spans?.array, places: spans ? spans.items.map((span) => [...span]) : [] };
}

/** What one step back changed: the items by their index ('all': every part), and the one item edited alone (else -1). */
interface Step {
  changed: Set<number | 'all'>;
  edited: number;
}

/** The trail one version further back, to `older`: which items changed between the two. */
function stepBack(trail: ItemTrail, older: Buffer | undefined): Step {
  const changed = new Set<number | 'all'>();
  const { newer, array, places } = trail;
  const [from, end] = older && array ? sameEnds(newer, older) : [0, 0];
  const to = newer.length - end;
  const inside = array && from > array[0] && to < array[1];
  const edited = inside ? places.findIndex((place) => place !== undefined && place[0] < from && to < place[1]) : -1;
  if (!older || !array || !inside) {
    // the file gone, unreadable, or changed beside its items: every part changed here
    changed.add('all');
  } else if (edited >= 0) {
    changed.add(edited);
    moveAfterEdit(trail, edited, to, older.length - newer.length);
  } else {
    findByBytes(trail, older, changed);
  }
  return { changed, edited };
}

/** One item edited: it changed, and the items after its edit (from `to` on) moved by `shift` bytes. */
function moveAfterEdit(trail: ItemTrail, edited: number, to: number, shift: number): void {
  trail.places[edited] = undefined;
  for (const place of trail.places)
    if (place && place[0] >= to) {
      place[0] += shift;
      place[1] += shift;
    }
  trail.array = [trail.array![0], trail.array![1] + shift];
}

/**
 * Items added, removed or several edited: each item found by its bytes among the older version's, the ones not found
 * changed; every part changed when the two differ beside their items too.
 */
function findByBytes(trail: ItemTrail, older: Buffer, changed: Set<number | 'all'>): void {
  const { newer, array } = trail;
  const olderSpans = itemSpans(older);
  const sameAround =
    olderSpans !== undefined &&
    newer.compare(older, 0, olderSpans.array[0], 0, array![0]) === 0 &&
    newer.compare(older, olderSpans.array[1], older.length, array![1], newer.length) === 0;
  if (!olderSpans || !sameAround) {
    changed.add('all');
    return;
  }
  const hashes = (trail.hashes ??= trail.spans!.items.map((span) => bytesKey(trail.head.subarray(...span))));
  const byHash = new Map<string, [number, number]>();
  for (const span of olderSpans.items) byHash.set(bytesKey(older.subarray(...span)), span);
  trail.places.forEach((place, index) => {
    const found = place && byHash.get(hashes[index]!);
    trail.places[index] = found ? [...found] : undefined;
    if (!found) changed.add(index);
  });
  trail.array = olderSpans.array;
}

/** The parts a step back left as they are now: each then had its value at that older commit too (its `since`). */
function unchangedBy(step: Step, open: string[], itemOf: Map<string, number>, keep: (part: string) => void): string[] {
  return open.filter((part) => {
    const index = itemOf.get(part);
    // a part without an item of its own changes when items come or go
    const gone = step.changed.has('all') || (index === undefined ? step.changed.size > 0 && step.edited < 0 : step.changed.has(index));
    if (gone) return false;
    keep(part);
    return true;
  });
}

/** At the newest commit of an earlier build: the parts with the same bytes as then take the date they had then. */
function datedBefore(open: string[], carried: CarriedFile, nowHashes: Map<string, string>, since: Map<string, string>): string[] {
  return open.filter((part) => {
    const then = carried.parts[part];
    if (!then || then[0] !== nowHashes.get(part)) return true;
    since.set(part, then[1]);
    return false;
  });
}

/**
 * When each part of a collection file last changed: the date of the commit that gave it its value, found by going
 * back through the file's commits (newest first) while the part's item keeps the bytes it has now, and the file its
 * fields beside `items`; a part whose value differs from its last commit's (a change not committed) has the file's
 * modification time, as has every part outside git. Git's history alone decides: a clean clone and an incremental
 * build of the same commit give the same dates.
 *
 * A step back compares two versions' bytes: where they differ is one window. A window inside one item (an edit of one
 * town) changes that item alone, and moves the places of the items after it; any other window (items added, removed,
 * or several edited in one commit) is settled by finding each part's bytes among the older version's items. The
 * files are never parsed but the newest version: 100 commits of a 2,500-town file are read in a few seconds.
 */
function partsChangedAt(
  siteRoot: string,
  site: SiteGit,
  file: string,
  parts: string[],
  carried: CarriedFile | undefined,
  carry: (record: CarriedFile) => void,
): Map<string, Date | undefined> {
  const atCarried = valuesAtCarried(siteRoot, site, file, parts, carried);
  if (atCarried) {
    if (Object.keys(atCarried.record.parts).length > 0) carry(atCarried.record);
    return atCarried.dates;
  }
  const dates = new Map<string, Date | undefined>();
  const history = fileHistory(siteRoot, site, file);
  if (!history) {
    for (const part of parts) dates.set(part, modifiedAt(siteRoot, file));
    return dates;
  }
  const { log, head } = history;
  const headDoc = parsed(head.toString('utf8'));
  // a part changed and not committed is dated by the file's modification time, and by the history in the record
  if (history.uncommitted) uncommittedParts(siteRoot, file, parts, headDoc, dates);
  let open = parts;
  const since = new Map(open.map((part) => [part, log[0]![1]]));
  const trail = itemTrail(head);
  // each part's item by its index (none: no item of its own)
  const itemOf = trail.spans ? itemsOfParts(headDoc, trail.spans.items.length, open) : new Map<string, number>();
  // the parts dated by the history, by the bytes of their item now: carried to the next build (see CarriedFile)
  const dated = open.filter((part) => trail.places[itemOf.get(part) ?? -1] !== undefined);
  const nowHashes = new Map(dated.map((part) => [part, bytesKey(head.subarray(...trail.places[itemOf.get(part)!]!))]));
  for (let i = 1; i <= log.length && open.length > 0; i++) {
    if (carried?.commit === log[i - 1]![0]) open = datedBefore(open, carried, nowHashes, since);
    if (i === log.length || open.length === 0) break;
    const older = history.version(i);
    const step = stepBack(trail, older);
    open = unchangedBy(step, open, itemOf, (part) => since.set(part, log[i]![1]));
    if (!older || step.changed.has('all')) break;
    trail.newer = older;
  }
  for (const [part, date] of since) if (!dates.has(part)) dates.set(part, new Date(date));
  const record: CarriedFile = { commit: log[0]![0], parts: {} };
  const values = partValues(headDoc, dated);
  for (const part of dated.sort()) record.parts[part] = [nowHashes.get(part)!, since.get(part)!, valueKey(values.get(part))];
  if (dated.length > 0) carry(record);
  return dates;
}

/**
 * When each of these sources last changed (fileChangedAt for a whole file, partsChangedAt for an item of one): every
 * part of a file is dated in one walk through its history, when the first of them is asked for.
 */
export function sourcesChangedAt(
  siteRoot: string,
  sources: Iterable<SitemapSource>,
  { previousDir, kept = {} }: { previousDir?: string | undefined; kept?: Record<string, CarriedFile> } = {},
): (source: SitemapSource) => Date | undefined {
  const site = siteGit(siteRoot);
  const carried = readCarried(previousDir);
  const files = fileChangedAt(siteRoot, site);
  const wanted = new Map<string, Set<string>>();
  for (const source of sources) {
    site.ask([typeof source === 'string' ? source : source.file]);
    if (typeof source === 'string') continue;
    let parts = wanted.get(source.file);
    if (!parts) wanted.set(source.file, (parts = new Set()));
    parts.add(partKey(source.item));
  }
  const dated = new Map<string, Map<string, Date | undefined>>();
  return (source) => {
    if (typeof source === 'string') return files(source);
    const key = partKey(source.item);
    let parts = dated.get(source.file);
    if (!parts?.has(key)) {
      const asked = [...new Set([...(wanted.get(source.file) ?? []), key])];
      parts = new Map([
        ...(parts ?? []),
        ...partsChangedAt(siteRoot, site, source.file, asked, carried[source.file], (record) => (kept[source.file] = record)),
      ]);
      dated.set(source.file, parts);
    }
    return parts.get(key);
  };
}

/** Each indexable entry as a URL, its lastmod the latest change of its sources. */
export function sitemapUrls(siteUrl: string, entries: SitemapEntry[], changedAt: (source: SitemapSource) => Date | undefined): SitemapUrl[] {
  return entries
    .filter((e) => !e.noindex)
    .map((e) => {
      const dates = (e.sources ?? []).map(changedAt).filter((d): d is Date => d !== undefined);
      const latest = dates.length > 0 ? new Date(Math.max(...dates.map((d) => d.getTime()))) : undefined;
      return { loc: `${siteUrl}${e.path}`, lastmod: latest ? W3C(latest) : undefined };
    });
}

/** What the server entry may offer beside its route paths: each route with its sources and whether it is indexed. */
interface WithSitemapEntries {
  sitemapEntries?: () => SitemapEntry[];
}

/**
 * Writes sitemap.xml (or an index and its parts) and robots.txt of a prerendered site; with `outDir`, also what the
 * next build may start its walks back from (LASTMOD_FILE), and from `previousDir`'s, the build before.
 */
export function writeSitemap(
  entry: object,
  routes: string[],
  siteUrl: string,
  write: (file: string, text: string) => void,
  { siteRoot, outDir, previousDir }: { siteRoot: string; outDir?: string; previousDir?: string | undefined },
): void {
  const offered = (entry as WithSitemapEntries).sitemapEntries;
  const entries: SitemapEntry[] = typeof offered === 'function' ? offered() : routes.map((path) => ({ path }));
  const kept: Record<string, CarriedFile> = {};
  const changedAt = sourcesChangedAt(
    siteRoot,
    entries.flatMap((e) => (e.noindex ? [] : (e.sources ?? []))),
    { previousDir, kept },
  );
  for (const { file, text } of sitemapFiles(siteUrl, sitemapUrls(siteUrl, entries, changedAt))) write(file, text);
  write('robots.txt', robotsTxt(siteUrl));
  if (outDir && Object.keys(kept).length > 0) {
    const files = Object.fromEntries(Object.entries(kept).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    mkdirSync(join(outDir, dirname(LASTMOD_FILE)), { recursive: true });
    writeFileSync(join(outDir, LASTMOD_FILE), JSON.stringify({ version: LASTMOD_VERSION, files }));
  }
}
