import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { buildSite } from '../test-support/build-site.ts';
import { fileFor } from '../lib/page-document.ts';
import { fileChangedAt, LASTMOD_FILE, LASTMOD_VERSION, robotsTxt, sitemapFiles, sitemapUrls, sourcesChangedAt } from './sitemap.ts';

const SITE = 'https://www.example.test';
const urls = (n: number) => Array.from({ length: n }, (_, i) => ({ loc: `${SITE}/page-${i}` }));
const locs = (text: string) => [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap files', () => {
  it('one urlset while every URL fits, with lastmod where known', () => {
    const files = sitemapFiles(SITE, [{ loc: `${SITE}/` }, { loc: `${SITE}/a&b`, lastmod: '2026-01-02T03:04:05Z' }]);
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml']);
    expect(files[0]!.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(files[0]!.text).toContain('<url><loc>https://www.example.test/a&amp;b</loc><lastmod>2026-01-02T03:04:05Z</lastmod></url>');
    expect(files[0]!.text).toContain('<url><loc>https://www.example.test/</loc></url>');
  });

  it('an index of parts of at most 50,000 URLs each when a site has more, every URL once', () => {
    const files = sitemapFiles(SITE, urls(120_001));
    expect(files.map((f) => f.file)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(files[0]!.text).toContain('<sitemapindex');
    expect(locs(files[0]!.text)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`, `${SITE}/sitemap-3.xml`]);
    const counts = files.slice(1).map((f) => locs(f.text).length);
    expect(counts).toEqual([50_000, 50_000, 20_001]);
    expect(new Set(files.slice(1).flatMap((f) => locs(f.text))).size).toBe(120_001);
  });

  it('a part never passes the byte limit', () => {
    const limits = { urls: 50_000, bytes: 4_000 };
    const files = sitemapFiles(SITE, urls(200), limits);
    expect(files.length).toBeGreaterThan(2);
    for (const f of files.slice(1)) expect(Buffer.byteLength(f.text)).toBeLessThanOrEqual(limits.bytes);
    expect(files.slice(1).flatMap((f) => locs(f.text))).toHaveLength(200);
  });

  it('robots.txt names the sitemap (the index when there is one)', () => {
    expect(robotsTxt(SITE)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });
});

describe('lastmod', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, env: { ...process.env, GIT_COMMITTER_DATE: '2025-03-04T05:06:07Z', GIT_AUTHOR_DATE: '2025-03-04T05:06:07Z' } });

  it('is the last commit of the sources, or the mtime of a source with changes not committed; pages without sources or with noindex', () => {
    const root = mkdtempSync(join(tmpdir(), 'sitemap-git-'));
    try {
      git(root, 'init', '-q');
      git(root, '-c', 'user.email=a@b.c', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'start');
      writeFileSync(join(root, 'a.json'), '{}');
      writeFileSync(join(root, 'b.json'), '{}');
      git(root, 'add', 'a.json', 'b.json');
      git(root, '-c', 'user.email=a@b.c', '-c', 'user.name=t', 'commit', '-q', '-m', 'content');
      writeFileSync(join(root, 'b.json'), '{"changed":true}');
      utimesSync(join(root, 'b.json'), new Date('2026-06-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'));
      const entries = [
        { path: '/a', sources: ['a.json'] },
        { path: '/ab', sources: ['a.json', 'b.json'] },
        { path: '/plain' },
        { path: '/hidden', sources: ['a.json'], noindex: true },
      ];
      const first = sitemapUrls(SITE, entries, sourcesChangedAt(root, []));
      expect(first).toEqual([
        { loc: `${SITE}/a`, lastmod: '2025-03-04T05:06:07Z' },
        { loc: `${SITE}/ab`, lastmod: '2026-06-01T00:00:00Z' },
        { loc: `${SITE}/plain`, lastmod: undefined },
      ]);
      // the same sources give the same sitemap, whenever it is built
      expect(sitemapUrls(SITE, entries, sourcesChangedAt(root, []))).toEqual(first);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads the same of a site in a folder of a repository: committed, changed, and new in a new folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'sitemap-git-sub-'));
    const site = join(root, 'site');
    const june = new Date('2026-06-01T00:00:00Z');
    try {
      git(root, 'init', '-q');
      mkdirSync(join(site, 'content'), { recursive: true });
      writeFileSync(join(site, 'a.json'), '{}');
      writeFileSync(join(site, 'content/b.json'), '{}');
      git(root, 'add', '.');
      git(root, '-c', 'user.email=a@b.c', '-c', 'user.name=t', 'commit', '-q', '-m', 'content');
      writeFileSync(join(site, 'content/b.json'), '{"changed":true}');
      mkdirSync(join(site, 'content/new'));
      writeFileSync(join(site, 'content/new/c.json'), '{}');
      for (const file of ['content/b.json', 'content/new/c.json']) utimesSync(join(site, file), june, june);
      const changedAt = fileChangedAt(site);
      expect(changedAt('a.json')?.toISOString()).toBe('2025-03-04T05:06:07.000Z');
      expect(changedAt('content/b.json')).toEqual(june);
      expect(changedAt('content/new/c.json')).toEqual(june);
      expect(changedAt('gone.json')).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('lastmod of one item of a collection', () => {
  it("is the commit that gave the item its value (a change undone too), or the file's mtime while the item has changes not committed", () => {
    const root = mkdtempSync(join(tmpdir(), 'sitemap-parts-'));
    const site = join(root, 'site');
    const file = join(site, 'content/collections/cities.json');
    const at = (date: string) => ({ ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date });
    const commit = (date: string, items: Record<string, string>) => {
      const list = Object.entries(items).map(([city, intro]) => ({ city, intro }));
      writeFileSync(file, JSON.stringify({ kind: 'cities', items: list }, null, 2));
      execFileSync('git', ['add', '.'], { cwd: root });
      execFileSync('git', ['-c', 'user.email=a@b.c', '-c', 'user.name=t', 'commit', '-q', '-m', date], { cwd: root, env: at(date) });
    };
    const june = new Date('2026-06-01T00:00:00Z');
    try {
      execFileSync('git', ['init', '-q'], { cwd: root });
      mkdirSync(join(site, 'content/collections'), { recursive: true });
      commit('2025-01-01T00:00:00Z', { A: 'a', B: 'b', C: 'c' });
      commit('2025-02-01T00:00:00Z', { A: 'a2', B: 'b', C: 'c' });
      commit('2025-03-01T00:00:00Z', { A: 'a2', B: 'b2', C: 'c' });
      commit('2025-04-01T00:00:00Z', { A: 'a2', B: 'b', C: 'c' });
      // C's text changed and not committed
      writeFileSync(
        file,
        JSON.stringify({
          kind: 'cities',
          items: [
            { city: 'A', intro: 'a2' },
            { city: 'B', intro: 'b' },
            { city: 'C', intro: 'c3' },
          ],
        }),
      );
      utimesSync(file, june, june);
      const part = (city: string) => ({ file: 'content/collections/cities.json', item: { city } });
      const changedAt = sourcesChangedAt(site, ['A', 'B', 'C'].map(part));
      expect(changedAt(part('A'))?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
      expect(changedAt(part('B'))?.toISOString()).toBe('2025-04-01T00:00:00.000Z');
      expect(changedAt(part('C'))).toEqual(june);
      expect(changedAt('content/collections/cities.json')).toEqual(june);
      // the next build starts from what this one kept: the same dates, with the change not committed and once it is undone
      const kept: Parameters<typeof sourcesChangedAt>[2] = { kept: {} };
      const first = sourcesChangedAt(site, ['A', 'B', 'C'].map(part), kept);
      const dates = () => ['A', 'B', 'C'].map((city) => first(part(city))?.toISOString());
      const before = dates();
      const previousDir = join(root, 'build-before');
      mkdirSync(join(previousDir, '.build'), { recursive: true });
      writeFileSync(join(previousDir, LASTMOD_FILE), JSON.stringify({ version: LASTMOD_VERSION, files: kept.kept }));
      const again = (city: string) => sourcesChangedAt(site, ['A', 'B', 'C'].map(part), { previousDir })(part(city))?.toISOString();
      expect(['A', 'B', 'C'].map(again)).toEqual(before);
      execFileSync('git', ['checkout', '--', '.'], { cwd: root });
      expect(['A', 'B', 'C'].map(again)).toEqual(['2025-02-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The lastmod of each URL of a build's sitemap. */
const lastmods = (out: string) =>
  Object.fromEntries(
    [...readFileSync(join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [
      m[1]!.replace(SITE_URL, ''),
      m[2],
    ]),
  );
const SITE_URL = 'https://www.clearwater.example';

describe('lastmod of the landing pages in real builds of a site in git', () => {
  it("moves for a city's pages, its overview and the overviews that show it when its text is committed; the rest keep theirs, a clean build says the same", () => {
    const work = mkdtempSync(join(tmpdir(), 'lastmod-'));
    const site = join(work, 'site');
    const at = (date: string) => ({ ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date });
    const git = (date: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=a@b.c', '-c', 'user.name=t', ...args], { cwd: site, env: at(date), stdio: 'ignore' });
    const build = (name: string, previous?: string) => {
      const out = join(work, name);
      const run = buildSite({ siteRoot: site, out, ...(previous ? { previous: join(work, previous) } : {}) });
      expect(run.status, run.output).toBe(0);
      return out;
    };
    try {
      cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
      git('2025-01-01T10:00:00Z', 'init', '-q');
      git('2025-01-01T10:00:00Z', 'add', '.');
      git('2025-01-01T10:00:00Z', 'commit', '-q', '-m', 'the site');
      const first = lastmods(build('first'));
      const content = ['web-design', 'seo'].flatMap((service) => ['bristol', 'bath', 'milton-keynes'].map((city) => `/${service}-${city}`));
      const hubs = ['/services/web-design', '/services/seo', '/areas/bristol', '/areas/bath', '/areas/milton-keynes'];
      for (const path of [...content, ...hubs]) expect(first[path], path).toBe('2025-01-01T10:00:00Z');

      // one city's text, committed a month later
      const file = join(site, 'content/collections/cities.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('Bristol is our home.', 'Bristol has been our home since 2014.'));
      git('2025-02-01T10:00:00Z', 'commit', '-q', '-am', 'Bristol');
      const second = lastmods(build('second', 'first'));
      const moved = ['/web-design-bristol', '/seo-bristol', '/areas/bristol', '/services/web-design', '/services/seo'];
      expect(Object.keys(second)).toEqual(Object.keys(first));
      for (const path of Object.keys(first)) expect(second[path], path).toBe(moved.includes(path) ? '2025-02-01T10:00:00Z' : first[path]);

      // the same commit built from nothing: the same sitemap, byte for byte
      const clean = build('clean');
      expect(readFileSync(join(clean, 'sitemap.xml'), 'utf8')).toBe(readFileSync(join(work, 'second', 'sitemap.xml'), 'utf8'));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('landing.noindexRedirects in a real build', () => {
  it('gives redirecting landing pages noindex and takes them out of the sitemap; content pages stay in, indexable', () => {
    const site = mkdtempSync(join(tmpdir(), 'noindex-site-'));
    const out = join(mkdtempSync(join(tmpdir(), 'noindex-out-')), 'out');
    try {
      cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
      const configFile = join(site, 'site.config.json');
      const config = JSON.parse(readFileSync(configFile, 'utf8')) as { landing: Record<string, unknown> };
      config.landing.noindexRedirects = true;
      writeFileSync(configFile, JSON.stringify(config, null, 2));
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
        cwd: paths.root,
        env: { ...process.env, SITE_ROOT: site, SITE_OUT: out, BUILD_QUIET: '1' },
        encoding: 'utf8',
      });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      const page = (route: string) => readFileSync(join(out, fileFor(`/${route}`)), 'utf8');
      expect(page('hosting-bath')).toMatch(/<meta name="robots" content="noindex"\/?>/);
      // still the same forwarding page otherwise
      expect(page('hosting-bath')).toContain('You are being taken to our homepage.');
      expect(page('web-design-bath')).not.toContain('name="robots"');
      const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
      expect(sitemap).not.toContain('/hosting-');
      expect(sitemap).toContain('<loc>https://www.clearwater.example/web-design-bath</loc>');
    } finally {
      for (const dir of [site, join(out, '..'), `${out}-ssr`]) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
