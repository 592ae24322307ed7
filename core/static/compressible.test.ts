import { expect, it } from 'vitest';
import { extensionOf, isCompressible } from './compressible.ts';

it('compresses text files by extension, in any case, and never images, sounds, fonts or extensionless paths', () => {
  for (const name of ['/index.html', 'assets/hydrate-x1.js', '/a.CSS', '/sitemap.xml', '/robots.txt', '/images/logo.svg'])
    expect(isCompressible(name), name).toBe(true);
  for (const name of ['/images/a.webp', '/sounds/c.wav', '/f.woff2', '/contact', '/v1.2/readme', '/x.html.br']) expect(isCompressible(name), name).toBe(false);
  expect(extensionOf('/v1.2/readme')).toBe('');
});
