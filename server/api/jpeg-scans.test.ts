import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JpegScanCounter } from './jpeg-scans.ts';
import { hostileJpeg } from './test-jpeg.ts';

/** The scans the counter finds when the bytes arrive in chunks of `size`. */
function scansOf(bytes: Buffer, size = bytes.length): number {
  const counter = new JpegScanCounter();
  for (let at = 0; at < bytes.length; at += size) counter.push(bytes.subarray(at, at + size));
  return counter.scans;
}

describe('the scans of a JPEG, counted without decoding it', () => {
  it('finds one scan in a baseline JPEG and the encoder’s few in a progressive one, however the bytes are split', async () => {
    // noise, so the entropy-coded data holds 0xFF bytes (stuffed with 0x00) that must not read as markers
    const pixels = Buffer.alloc(96 * 80 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i * i) % 251)) & 0xff;
    const image = () => sharp(pixels, { raw: { width: 96, height: 80, channels: 3 } });
    const baseline = await image().jpeg().toBuffer();
    const progressive = await image().jpeg({ progressive: true }).toBuffer();
    const grey = await image().toColourspace('b-w').jpeg({ progressive: true }).toBuffer();
    expect(baseline.includes(Buffer.from([0xff, 0x00]))).toBe(true);
    for (const size of [baseline.length, 1, 7, 4096]) {
      expect(scansOf(baseline, size)).toBe(1);
      // libjpeg's progressive script: 10 scans for colour, 6 for grey
      expect(scansOf(progressive, size)).toBe(10);
      expect(scansOf(grey, size)).toBe(6);
    }
  });

  it('counts every scan of a file made of thousands, and nothing after the end of the image', () => {
    const hostile = hostileJpeg(600, 2600);
    expect(scansOf(hostile)).toBe(2600);
    expect(scansOf(hostile, 5)).toBe(2600);
    const counter = new JpegScanCounter();
    counter.push(Buffer.concat([hostileJpeg(16, 3), hostile]));
    expect(counter.ended).toBe(true);
    expect(counter.scans).toBe(3);
  });
});
