import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { fileFor } from './page-document.ts';
import { fileChangedAt, robotsTxt, sitemapFiles, sitemapUrls } from './sitemap.ts';

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
      const first = sitemapUrls(SITE, entries, fileChangedAt(root));
      expect(first).toEqual([
        { loc: `${SITE}/a`, lastmod: '2025-03-04T05:06:07Z' },
        { loc: `${SITE}/ab`, lastmod: '2026-06-01T00:00:00Z' },
        { loc: `${SITE}/plain`, lastmod: undefined },
      ]);
      // the same sources give the same sitemap, whenever it is built
      expect(sitemapUrls(SITE, entries, fileChangedAt(root))).toEqual(first);
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
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build.ts')], {
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
