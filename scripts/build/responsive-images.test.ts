import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { srcsetFor, variantWidths } from '../../core/images/srcset.ts';
import { buildResponsiveImages, checkSrcsets, generateResponsiveImages, parseSrcset, webpWidth } from './responsive-images.ts';
import { paths } from '../../core/paths.ts';
import { derivedCache } from './derived-cache.ts';

const webp = (file: string, width: number, height = Math.round(width / 2)) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .webp()
    .toFile(file);

describe('webpWidth', () => {
  it('reads the width from the header of lossy, lossless and extended WebP files as sharp does, and nothing from others', async () => {
    const made = await Promise.all(
      [
        { width: 1601, options: {} },
        { width: 9, options: { lossless: true } },
        { width: 16383, options: { lossless: true } },
        { width: 777, options: { alphaQuality: 50 }, channels: 4 as const },
      ].map(({ width, options, channels }) =>
        sharp({ create: { width, height: 3, channels: channels ?? 3, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
          .webp(options)
          .toBuffer(),
      ),
    );
    const kinds = made.map((file) => file.toString('latin1', 12, 16));
    expect(new Set(kinds)).toEqual(new Set(['VP8 ', 'VP8L', 'VP8X']));
    expect(made.map((file) => webpWidth(file))).toEqual([1601, 9, 16383, 777]);
    // a fixture site's pictures, as sharp measures them
    const images = join(paths.root, 'tests/fixtures/en/public/images');
    for (const name of readdirSync(images).filter((n) => n.endsWith('.webp'))) {
      const file = readFileSync(join(images, name));
      expect(webpWidth(file), name).toBe((await sharp(file).metadata()).width);
    }
    expect(
      webpWidth(
        await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      ),
    ).toBeUndefined();
    expect(webpWidth(Buffer.alloc(10))).toBeUndefined();
  });
});

describe('srcsetFor', () => {
  it('names the engine widths below twice the declared width, then the file itself at that width', () => {
    expect(srcsetFor({ src: '/images/a.webp', width: 640 })).toBe(
      '/images/a-400w.webp 400w, /images/a-800w.webp 800w, /images/a-1200w.webp 1200w, /images/a.webp 1280w',
    );
    expect(srcsetFor({ src: '/images/sub/b.webp', width: 560 })).toBe('/images/sub/b-400w.webp 400w, /images/sub/b-800w.webp 800w, /images/sub/b.webp 1120w');
  });

  it('never names a width equal to or above the file', () => {
    expect(srcsetFor({ src: '/images/a.webp', width: 200 })).toBe('/images/a.webp 400w');
    expect(variantWidths(400)).toEqual([]);
    expect(variantWidths(401)).toEqual([400]);
  });

  it('gives nothing for external, non-WebP or unsafe URLs', () => {
    expect(srcsetFor({ src: 'https://cdn.example.com/images/a.webp', width: 640 })).toBeUndefined();
    expect(srcsetFor({ src: '/images/a.png', width: 640 })).toBeUndefined();
    expect(srcsetFor({ src: '/elsewhere/a.webp', width: 640 })).toBeUndefined();
    expect(srcsetFor({ src: '/images/a b.webp', width: 640 })).toBeUndefined();
    expect(srcsetFor({ src: '/images/a.webp?v=2', width: 640 })).toBeUndefined();
  });
});

describe('the build step', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'responsive-images-'));
    mkdirSync(join(dist, 'images/sub'), { recursive: true });
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('renders exactly the files srcsetFor names, as real WebP at those widths', async () => {
    await webp(join(dist, 'images/wide.webp'), 1280);
    await webp(join(dist, 'images/sub/mid.webp'), 1120);
    await webp(join(dist, 'images/small.webp'), 120);
    writeFileSync(join(dist, 'images/logo.png'), '');

    const made = await generateResponsiveImages(join(dist, 'images'));
    expect(made).toMatchObject({ sources: 3, files: 5 });
    // a second run (a build into a folder it did not empty) takes the same sources, not the widths it wrote
    expect(await generateResponsiveImages(join(dist, 'images'))).toMatchObject({ sources: 3, files: 5 });
    expect(readdirSync(join(dist, 'images'), { recursive: true }).sort()).toEqual([
      'logo.png',
      'small.webp',
      'sub',
      'sub/mid-400w.webp',
      'sub/mid-800w.webp',
      'sub/mid.webp',
      'wide-1200w.webp',
      'wide-400w.webp',
      'wide-800w.webp',
      'wide.webp',
    ]);
    const meta = await sharp(join(dist, 'images/wide-800w.webp')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 400 });

    // every srcset URL of these images, as the component writes them, is a file of the right width
    const img = (src: string, width: number) => `<img srcSet="${srcsetFor({ src, width })}" sizes="100vw" src="${src}">`;
    writeFileSync(join(dist, 'index.html'), img('/images/wide.webp', 640) + img('/images/sub/mid.webp', 560) + img('/images/small.webp', 60));
    expect(await checkSrcsets(dist)).toEqual({ pages: 1, urls: 8, missing: [], mismatched: [] });
  });

  it('takes the widths a build on this machine made before from the build cache, the same bytes as sharp makes them', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'responsive-cache-'));
    try {
      await webp(join(dist, 'images/wide.webp'), 1280);
      const made = join(dist, 'made');
      const cached = join(dist, 'cached');
      const again = join(dist, 'again');
      for (const dir of [made, cached, again]) {
        mkdirSync(dir);
        writeFileSync(join(dir, 'wide.webp'), readFileSync(join(dist, 'images/wide.webp')));
      }
      await generateResponsiveImages(made);
      const first = derivedCache(cacheDir);
      expect(await generateResponsiveImages(cached, undefined, first)).toMatchObject({ sources: 1, files: 3 });
      expect(first.counts).toEqual({ taken: 0, made: 3 });
      const second = derivedCache(cacheDir);
      await generateResponsiveImages(again, undefined, second);
      expect(second.counts).toEqual({ taken: 3, made: 0 });
      for (const name of ['wide-400w.webp', 'wide-800w.webp', 'wide-1200w.webp']) {
        expect(readFileSync(join(cached, name)).equals(readFileSync(join(made, name))), name).toBe(true);
        expect(readFileSync(join(again, name)).equals(readFileSync(join(made, name))), name).toBe(true);
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('fails the build on a srcset URL with no file, and warns on a wrong width', async () => {
    await webp(join(dist, 'images/half.webp'), 560); // at 1x: the markup expects 1120 px
    mkdirSync(join(dist, 'about'));
    writeFileSync(
      join(dist, 'about/index.html'),
      `<img srcset="${srcsetFor({ src: '/images/half.webp', width: 560 })}" sizes="100vw"><img srcset="https://cdn.example.com/x.webp 10w">`,
    );
    await generateResponsiveImages(join(dist, 'images'));
    const report = await checkSrcsets(dist);
    expect(report.missing).toEqual(['about/index.html: srcset names /images/half-800w.webp, which is not in the build']);
    expect(report.mismatched).toEqual(['about/index.html: srcset says /images/half.webp is 1120w, the file is 560 px wide']);
    await expect(buildResponsiveImages(dist)).rejects.toThrow(/1 srcset URL\(s\) have no file:\n {2}about\/index.html: srcset names \/images\/half-800w.webp/);
  });

  it('parses candidates with and without descriptors', () => {
    expect(parseSrcset(' /a.webp 400w,/b.webp 2x , /c.webp ')).toEqual([{ url: '/a.webp', width: 400 }, { url: '/b.webp' }, { url: '/c.webp' }]);
  });
});
