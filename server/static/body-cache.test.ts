import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BodyCache } from './body-cache.ts';

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'body-cache-'));
  for (const name of ['a', 'b', 'c']) writeFileSync(file(name), name.repeat(100));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('reads a file once and serves it from memory after', async () => {
  const cache = new BodyCache(1000, 500);
  const first = await cache.read(file('a'), 100);
  writeFileSync(file('a'), 'changed');
  expect(await cache.read(file('a'), 100)).toBe(first);
  writeFileSync(file('a'), 'a'.repeat(100));
});

it('drops the least recently used body when over its budget', async () => {
  const cache = new BodyCache(250, 500);
  const a = await cache.read(file('a'), 100);
  await cache.read(file('b'), 100);
  await cache.read(file('a'), 100); // a is now the most recent
  await cache.read(file('c'), 100); // 300 > 250: b goes
  expect(await cache.read(file('a'), 100)).toBe(a);
  writeFileSync(file('b'), 'new b');
  expect((await cache.read(file('b'), 100)).toString()).toBe('new b');
});

it('counts a body made from a file (its compression) by its own length once made', async () => {
  const cache = new BodyCache(250, 500);
  const small = () => Promise.resolve(Buffer.from('x'.repeat(10)));
  // each estimated at the file's 100 bytes while being made, then 10 bytes each: all five stay (as 100 each, 3 of 5)
  const made: Buffer[] = [];
  for (const n of ['a', 'b', 'c', 'd', 'e']) made.push(await cache.read(file('a'), 100, `${file('a')}\0${n}`, small));
  for (const [i, n] of ['a', 'b', 'c', 'd', 'e'].entries()) {
    expect(await cache.read(file('a'), 100, `${file('a')}\0${n}`, () => Promise.reject(new Error('made again')))).toBe(made[i]);
  }
});

it('says which sizes it keeps', () => {
  const cache = new BodyCache(1000, 500);
  expect(cache.fits(500)).toBe(true);
  expect(cache.fits(501)).toBe(false);
});

it('forgets a failed read, so the next one tries again', async () => {
  const cache = new BodyCache();
  await expect(cache.read(file('later'), 10)).rejects.toThrow();
  writeFileSync(file('later'), 'now here');
  expect((await cache.read(file('later'), 10)).toString()).toBe('now here');
});

it("frees the bodies of a build no longer served, and only that build's", async () => {
  const cache = new BodyCache(10_000, 500);
  const build = (name: string) => join(dir, name);
  for (const name of ['build-1', 'build-10']) {
    mkdirSync(build(name), { recursive: true });
    writeFileSync(join(build(name), 'index.html'), `old ${name}`);
  }
  const kept = await cache.read(join(build('build-10'), 'index.html'), 12);
  await cache.read(join(build('build-1'), 'index.html'), 11);
  for (const name of ['build-1', 'build-10']) writeFileSync(join(build(name), 'index.html'), `new ${name}`);
  cache.forgetUnder(build('build-1'));
  // read again from disk; build-10 (a name that build-1 is the start of) keeps its body
  expect((await cache.read(join(build('build-1'), 'index.html'), 11)).toString()).toBe('new build-1');
  expect(await cache.read(join(build('build-10'), 'index.html'), 12)).toBe(kept);
});
