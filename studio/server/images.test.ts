import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { imageName, ImageUploadError, saveImage } from './images.ts';
import { RefusedPathError } from './site-files.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

describe('images uploaded in the studio', () => {
  const roots: string[] = [];
  const site = () => {
    const root = mkdtempSync(join(tmpdir(), 'studio-images-'));
    roots.push(root);
    return root;
  };
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('keeps a WebP in public/images at 2x and declares half its pixels as the width and height', async () => {
    const root = site();
    const saved = await saveImage(root, 'Team foto.PNG', await png(1600, 900));
    expect(saved).toEqual({ src: '/images/team-foto.webp', width: 800, height: 450 });
    const meta = await sharp(readFileSync(join(root, 'public/images/team-foto.webp'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 900]);
  });

  it('never writes through a link: public/ or public/images/ linked to a folder elsewhere is refused', async () => {
    for (const linked of ['public', 'public/images']) {
      const root = site();
      const outside = site();
      mkdirSync(join(root, linked, '..'), { recursive: true });
      symlinkSync(outside, join(root, linked));
      await expect(saveImage(root, 'team.png', await png(40, 20)), linked).rejects.toThrow(RefusedPathError);
      expect(readdirSync(outside, { recursive: true }), linked).toEqual([]);
    }
  });

  it('never writes over an image: a second upload of the same name gets a new name', async () => {
    const root = site();
    await saveImage(root, 'hero.jpg', await png(100, 100));
    expect((await saveImage(root, 'hero.jpg', await png(100, 100))).src).toBe('/images/hero-2.webp');
    expect(readdirSync(join(root, 'public/images')).sort()).toEqual(['hero-2.webp', 'hero.webp']);
  });

  it('scales a photo wider than 2400 px down, and leaves out its metadata', async () => {
    const root = site();
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'Camera' } } })
      .toBuffer();
    const saved = await saveImage(root, 'foto.jpeg', photo);
    expect(saved).toMatchObject({ width: 1200, height: 600 });
    const meta = await sharp(readFileSync(join(root, 'public/images/foto.webp'))).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it('refuses what is not an image, and writes nothing', async () => {
    const root = site();
    await expect(saveImage(root, 'notes.png', Buffer.from('<svg onload=alert(1)>'))).rejects.toBeInstanceOf(ImageUploadError);
    await expect(saveImage(root, 'notes.txt', Buffer.from('just text'))).rejects.toThrow('notes.txt is not an image the studio can use');
    expect(readdirSync(root)).toEqual([]);
  });

  it('names files safely: lower case, no path, never like one of the build widths', () => {
    expect(imageName('../../Café Één.JPG')).toBe('cafe-een');
    expect(imageName('hero-400w.png')).toBe('hero');
    expect(imageName('...')).toBe('image');
  });
});
