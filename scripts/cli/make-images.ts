import { readdirSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { paths } from '../../core/paths.ts';
import { IMAGES_DIR } from '../../core/site/layout.ts';

/**
 * Renders the SVG sources in assets/ to the raster files the site serves
 * (public/images/). Run after changing an asset: `npm run images`.
 * The name says the format: `name.svg` -> webp, `name.png.svg` -> png.
 * Sizes come from the SVG; a `@2x` suffix renders at double density for sharp
 * screens while the markup keeps the 1x width and height.
 */
const src = join(paths.root, 'assets');
const out = join(paths.root, IMAGES_DIR);
mkdirSync(out, { recursive: true });
for (const file of readdirSync(src).filter((f) => f.endsWith('.svg'))) {
  const base = file.replace(/\.svg$/, '');
  const png = base.endsWith('.png') || base === 'og-image';
  const name = base.replace(/\.png$/, '');
  const image = sharp(join(src, file), { density: png ? 72 : 144 });
  const target = join(out, `${name}.${png ? 'png' : 'webp'}`);
  await (png ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 82 })).toFile(target);
  console.log(`${file} -> ${IMAGES_DIR}/${name}.${png ? 'png' : 'webp'}`);
}
