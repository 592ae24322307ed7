import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { copySite } from '../../scripts/test-support/dev-server.ts';
import { saveImage } from './images.ts';
import { MediaLibrary } from './media.ts';
import { SiteFiles } from './site-files.ts';

const fixture = join(process.cwd(), 'tests/fixtures/base');
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();

describe('the studio’s media library', () => {
  const roots: string[] = [];
  const site = () => {
    const root = copySite('studio-media-', fixture);
    roots.push(root);
    const files = new SiteFiles(root);
    return { root, files, media: new MediaLibrary(root, files) };
  };
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('lists every image of public/images with its pixels, bytes and the files that use it', async () => {
    const { root, media } = site();
    const images = await media.list();
    expect(images.map((i) => i.src)).toEqual(['/images/avatar.webp', '/images/og.png']);
    const og = images.find((i) => i.src === '/images/og.png')!;
    const meta = await sharp(join(root, 'public/images/og.png')).metadata();
    expect([og.width, og.height, og.bytes]).toEqual([meta.width, meta.height, readFileSync(join(root, 'public/images/og.png')).length]);
    expect(og.uses.map((u) => u.file).sort()).toEqual(['content/pages/home.json', 'site.config.json', 'site.config.json']);
    // the hero's image object: its alt text and where to write it
    const hero = og.uses.find((u) => u.file === 'content/pages/home.json')!;
    expect(hero).toMatchObject({ title: expect.any(String), alt: '', altPath: [...hero.path.slice(0, -1), 'alt'], sized: true });
    expect(hero.path[hero.path.length - 1]).toBe('src');
    // a bare path in the config (the share image) has no alt text beside it
    expect(og.uses.filter((u) => u.file === 'site.config.json').every((u) => u.altPath === undefined)).toBe(true);
  });

  it('names the pages that show a collection an image is used in', async () => {
    const root = copySite('studio-media-', join(process.cwd(), 'tests/fixtures/en'));
    roots.push(root);
    const uses = (await new MediaLibrary(root, new SiteFiles(root)).list()).find((i) => i.src === '/images/portfolio-voltkracht.webp')!.uses;
    const showcase = uses.find((u) => u.file === 'content/collections/portfolio-showcase.json')!;
    expect(showcase.shownOn?.map((p) => p.file)).toEqual(['content/pages/home.json']);
    expect(showcase.shownOn?.[0]?.title).toEqual(expect.any(String));
  });

  it('counts a width the build makes (`-400w.webp`) as a use of the file it is made from', async () => {
    const { root, media } = site();
    const path = join(root, 'content/pages/home.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"/images/og.png"', '"/images/avatar-400w.webp"'));
    // and a width left in public/images beside its file is not listed as an image of its own
    writeFileSync(join(root, 'public/images/avatar-400w.webp'), readFileSync(join(root, 'public/images/avatar.webp')));
    const images = await media.list();
    expect(images.map((i) => i.src)).toEqual(['/images/avatar.webp', '/images/og.png']);
    expect(images[0]!.uses.map((u) => u.file)).toContain('content/pages/home.json');
  });

  it('refuses to delete an image in use and says where; deletes one nothing uses', async () => {
    const { root, media } = site();
    const refused = media.remove('/images/og.png');
    expect(refused.status).toBe(409);
    expect((refused.body as { uses: { file: string }[] }).uses.map((u) => u.file)).toContain('content/pages/home.json');
    expect(existsSync(join(root, 'public/images/og.png'))).toBe(true);
    writeFileSync(
      join(root, 'public/images/spare.webp'),
      await sharp(await png(20, 10))
        .webp()
        .toBuffer(),
    );
    expect(media.remove('/images/spare.webp').status).toBe(200);
    expect(existsSync(join(root, 'public/images/spare.webp'))).toBe(false);
  });

  it('takes no path outside public/images, and no link', async () => {
    const { root, media } = site();
    for (const src of ['/images/../../site.config.json', '/images/.hidden.webp', '/content/pages/home.json', 'images/og.png', '/images/a b.webp'])
      expect((await media.answer('POST', 'media/delete', { src })).status, src).toBe(400);
    const outside = mkdtempSync(join(tmpdir(), 'studio-media-outside-'));
    roots.push(outside);
    writeFileSync(join(outside, 'secret.webp'), 'x');
    symlinkSync(join(outside, 'secret.webp'), join(root, 'public/images/linked.webp'));
    expect(() => media.remove('/images/linked.webp')).toThrow(/link/);
    expect(existsSync(join(outside, 'secret.webp'))).toBe(true);
    expect((await media.list()).map((i) => i.src)).not.toContain('/images/linked.webp');
  });

  it('an upload into a field that is undone goes; a redo brings it back; a library upload stays', async () => {
    const { root, files, media } = site();
    const home = files.read('content/pages/home.json');
    const saved = await saveImage(root, 'nieuw.png', await png(40, 20), media.reserved);
    media.uploadedIntoField(saved.src);
    const kept = await saveImage(root, 'bewaard.png', await png(40, 20));
    const file = join(root, 'public', saved.src);
    // the field takes it: a write, the sweep keeps it
    const edited = await files.edit(home.path, home.hash, [{ op: 'set', path: ['blocks', 0, 'image', 'src'], value: saved.src }]);
    media.sweep();
    expect(existsSync(file)).toBe(true);
    // undo: the file goes, and its name is not given to the next upload
    const undone = files.restore(home.path, edited.file.hash, home.text);
    media.sweep();
    expect(undone.ok && existsSync(file)).toBe(false);
    expect((await saveImage(root, 'nieuw.png', await png(10, 10), media.reserved)).src).toBe('/images/nieuw-2.webp');
    // redo: it is back, byte for byte
    const count = (await media.list()).length;
    files.restore(home.path, undone.file.hash, edited.file.text);
    media.sweep();
    expect(existsSync(file)).toBe(true);
    expect((await media.list()).length).toBe(count + 1);
    expect(existsSync(join(root, 'public', kept.src))).toBe(true);
  });
});
