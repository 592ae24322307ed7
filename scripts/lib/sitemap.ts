import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { paths } from '../../core/paths.ts';

/** One URL of the sitemap; `sources` are the site files its content comes from (for its lastmod). */
export interface SitemapEntry {
  path: string;
  sources?: string[];
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

/**
 * When a site file's content last changed: its last commit's date, or its modification time while it has changes
 * not committed (or outside git). Never the build's date, so a build of the same sources writes the same sitemap.
 */
export function fileChangedAt(siteRoot: string): (file: string) => Date | undefined {
  const known = new Map<string, Date | undefined>();
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: siteRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return undefined;
    }
  };
  // asked of git once: whether the site is in a work tree, and its files with changes not committed (one process
  // each, not two per source: a build's sitemap has a few sources, a watching build makes it at every save)
  let repo: { prefix: string; dirty: Set<string> } | null | undefined;
  const work = () => {
    if (repo !== undefined) return repo;
    const prefix = git(['rev-parse', '--show-prefix'])?.trim();
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
  return (file) => {
    if (known.has(file)) return known.get(file);
    let date: Date | undefined;
    try {
      const tree = work();
      const committed = tree && !tree.dirty.has(tree.prefix + file) ? git(['log', '-1', '--format=%cI', '--', file])?.trim() : undefined;
      date = committed ? new Date(committed) : statSync(join(siteRoot, file)).mtime;
    } catch {
      date = undefined; // a source that is not there: no lastmod rather than a wrong one
    }
    known.set(file, date);
    return date;
  };
}

/** Each indexable entry as a URL, its lastmod the latest change of its sources. */
export function sitemapUrls(siteUrl: string, entries: SitemapEntry[], changedAt: (file: string) => Date | undefined): SitemapUrl[] {
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

/** Writes sitemap.xml (or an index and its parts) and robots.txt of a prerendered site. */
export function writeSitemap(entry: object, routes: string[], siteUrl: string, write: (file: string, text: string) => void): void {
  const offered = (entry as WithSitemapEntries).sitemapEntries;
  const entries = typeof offered === 'function' ? offered() : routes.map((path) => ({ path }));
  const siteRoot = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
  for (const { file, text } of sitemapFiles(siteUrl, sitemapUrls(siteUrl, entries, fileChangedAt(siteRoot)))) write(file, text);
  write('robots.txt', robotsTxt(siteUrl));
}
