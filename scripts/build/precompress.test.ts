import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompressor, precompress } from './precompress.ts';
import { derivedCache } from './derived-cache.ts';

let root: string;
const text = (n: number) => Array.from({ length: n }, (_, i) => `<p class="row">line ${i} of the page</p>`).join('\n');
const files: Record<string, string | Buffer> = {
  'index.html': text(200),
  'assets/app-abc12345.js': `export const rows = ${JSON.stringify(text(300))};`,
  'assets/app-abc12345.css': `.a{color:red}\n`.repeat(200),
  'sitemap.xml': `<url><loc>https://example.nl/</loc></url>\n`.repeat(50),
  'small.txt': 'too small to gain anything',
  'images/photo.webp': Buffer.alloc(5000, 1),
  'noise.js': randomBytes(4000),
  '.csp.json': JSON.stringify({ scriptHashes: Array(100).fill('sha256-xyz') }),
  _headers: '/*\n  X-A: b\n'.repeat(200),
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'precompress-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), body);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('writes .br and .gz beside compressible files that round-trip to the same bytes', async () => {
  const result = await precompress(root, { concurrency: 2 });
  for (const name of ['index.html', 'assets/app-abc12345.js', 'assets/app-abc12345.css', 'sitemap.xml']) {
    const original = readFileSync(join(root, name));
    const br = readFileSync(join(root, `${name}.br`));
    const gz = readFileSync(join(root, `${name}.gz`));
    expect(brotliDecompressSync(br).equals(original), name).toBe(true);
    expect(gunzipSync(gz).equals(original), name).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(original.length);
  }
  expect(result.files).toBe(5); // the four above and noise.js
  // the totals add up what is on disk (noise.js counts with its own size: no copy was kept)
  const onDisk = (ext: string) =>
    ['index.html', 'assets/app-abc12345.js', 'assets/app-abc12345.css', 'sitemap.xml'].reduce(
      (n, name) => n + readFileSync(join(root, name + ext)).length,
      4000,
    );
  expect(result.brBytes).toBe(onDisk('.br'));
  expect(result.gzBytes).toBe(onDisk('.gz'));
  expect(result.bytes).toBe(onDisk(''));
});

it('leaves out small files, binary formats, dotfiles, _headers and what does not shrink', () => {
  for (const name of ['small.txt', 'images/photo.webp', 'noise.js', '.csp.json', '_headers']) {
    expect(existsSync(join(root, `${name}.br`)), name).toBe(false);
    expect(existsSync(join(root, `${name}.gz`)), name).toBe(false);
  }
});

it('takes only the files the filter names', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-filter-'));
  try {
    writeFileSync(join(dir, 'a.html'), text(100));
    writeFileSync(join(dir, 'b.html'), text(100));
    await precompress(dir, { filter: (rel) => rel === 'b.html' });
    expect(existsSync(join(dir, 'a.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'b.html.br'))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('compresses files added while it runs, and reports the first failure', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-queue-'));
  try {
    const compressor = createCompressor({ concurrency: 2 });
    for (const name of ['a.html', 'b.html', 'c.txt']) {
      writeFileSync(join(dir, name), text(100));
      compressor.add(join(dir, name));
    }
    compressor.add(join(dir, 'photo.webp')); // not compressible: skipped, never read
    const result = await compressor.finish();
    expect(result.files).toBe(3);
    for (const name of ['a.html', 'b.html', 'c.txt']) expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString()).toBe(text(100));
    expect(() => compressor.add(join(dir, 'a.html'))).toThrow();

    const failing = createCompressor();
    failing.add(join(dir, 'missing.html'));
    await expect(failing.finish()).rejects.toThrow(/ENOENT/);
    expect((await createCompressor().finish()).files).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('compresses pages and sitemaps at the pages quality and shared assets at the smallest, each the same bytes as brotli at that quality', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-quality-'));
  try {
    // the same text under three names: only the quality chosen for each name makes their .br differ
    const body = Array.from({ length: 3000 }, (_, i) => `<url><loc>https://example.nl/stad-${i}</loc><lastmod>2026-11-0${i % 9}</lastmod></url>`).join('\n');
    for (const name of ['sitemap.xml', 'page.html', 'app.js']) writeFileSync(join(dir, name), body);
    await precompress(dir, { brotliQuality: 11, htmlBrotliQuality: 5 });
    const at = (quality: number) =>
      brotliCompressSync(Buffer.from(body), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    const [pages, smallest] = [at(5), at(11)];
    expect(pages.equals(smallest)).toBe(false);
    expect(readFileSync(join(dir, 'sitemap.xml.br')).equals(pages)).toBe(true);
    expect(readFileSync(join(dir, 'page.html.br')).equals(pages)).toBe(true);
    expect(readFileSync(join(dir, 'app.js.br')).equals(smallest)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // brotli at its highest quality, four times: seconds on a machine busy with the rest of the suite
}, 30_000);

it('takes the shared assets compressed bytes from the build cache in a later build, the same bytes; pages and sitemaps are never kept', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'precompress-cache-'));
  const builds = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'precompress-build-')));
  try {
    for (const dir of builds) for (const name of ['app.js', 'page.html', 'sitemap.xml']) writeFileSync(join(dir, name), text(150));
    const caches = builds.map(() => derivedCache(cacheDir));
    for (const [i, dir] of builds.entries()) await precompress(dir, { cache: caches[i] });
    // app.js: its .br and .gz made by the first build and taken by the second
    expect(caches.map((c) => c.counts)).toEqual([
      { taken: 0, made: 2 },
      { taken: 2, made: 0 },
    ]);
    for (const name of ['app.js.br', 'app.js.gz', 'page.html.br', 'sitemap.xml.gz'])
      expect(readFileSync(join(builds[1]!, name)).equals(readFileSync(join(builds[0]!, name))), name).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(builds[1]!, 'app.js.br'))).toString()).toBe(text(150));
  } finally {
    for (const dir of [cacheDir, ...builds]) rmSync(dir, { recursive: true, force: true });
  }
});
