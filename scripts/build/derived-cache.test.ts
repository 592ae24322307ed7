import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { derivedCache, derivedKey } from './derived-cache.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'derived-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('makes a file once: a later build (another cache on the same folder) takes the same bytes without making them', async () => {
  const key = derivedKey('br', '11', Buffer.from('the asset'));
  let made = 0;
  const make = async () => {
    made++;
    return Buffer.from(`compressed ${made}`);
  };
  const first = derivedCache(dir);
  expect((await first.get(key, make)).toString()).toBe('compressed 1');
  const later = derivedCache(dir);
  expect((await later.get(key, make)).toString()).toBe('compressed 1');
  expect(made).toBe(1);
  expect(first.counts).toEqual({ taken: 0, made: 1 });
  expect(later.counts).toEqual({ taken: 1, made: 0 });
  // written whole and renamed: no partial file is left
  expect(readdirSync(dir)).toEqual([key]);
});

it('makes the file again for other inputs: a changed source, setting or tool version is another key', async () => {
  const cache = derivedCache(dir);
  const keys = [
    derivedKey('webp', '400', 'sharp 1', Buffer.from('a')),
    derivedKey('webp', '800', 'sharp 1', Buffer.from('a')),
    derivedKey('webp', '400', 'sharp 2', Buffer.from('a')),
    derivedKey('webp', '400', 'sharp 1', Buffer.from('b')),
  ];
  expect(new Set(keys).size).toBe(4);
  for (const [i, key] of keys.entries()) expect((await cache.get(key, async () => Buffer.from(String(i)))).toString()).toBe(String(i));
  expect(cache.counts).toEqual({ taken: 0, made: 4 });
});

it('removes what no build took for a week when a build opens the cache, and keeps what a build took', async () => {
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  const old = join(dir, 'old');
  const taken = join(dir, 'taken');
  for (const file of [old, taken]) {
    writeFileSync(file, 'bytes');
    utimesSync(file, new Date(now - 8 * day), new Date(now - 8 * day));
  }
  // a build (its clock set back so that it prunes nothing) takes one of the two: its time moves on to now
  const build = derivedCache(dir, now - 10 * day);
  expect((await build.get('taken', async () => Buffer.from('never made'))).toString()).toBe('bytes');
  derivedCache(dir, now);
  expect(existsSync(old)).toBe(false);
  expect(existsSync(taken)).toBe(true);
});
