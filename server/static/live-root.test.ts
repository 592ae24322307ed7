import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveRoot, type Generation } from './live-root.ts';

// How the server follows the link, on a real file system; the real builds, the real switch script and the server
// under load are in atomic-switch.test.ts.
let base: string;
let live: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'live-root-'));
  live = join(base, 'dist');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

/** A build folder with its home page and one hashed asset named after it. */
function build(name: string): string {
  const folder = join(base, 'builds', name);
  mkdirSync(join(folder, 'assets'), { recursive: true });
  writeFileSync(join(folder, 'index.html'), `page ${name}`);
  writeFileSync(join(folder, 'assets', `app-${name.padEnd(8, '0')}.js`), `script ${name}`);
  return folder;
}

/** The switch as npm run build makes it: a new link renamed over the old one. */
function flip(name: string): void {
  symlinkSync(join('builds', name), `${live}.new`);
  renameSync(`${live}.new`, live);
}

const home = (generation: Generation) => generation.index.get('/index.html')?.file;

describe('LiveRoot', () => {
  it('serves the build before until the new one is indexed, then the new one; a request keeps its build', async () => {
    build('one');
    build('two');
    flip('one');
    const root = new LiveRoot(live);
    const request = new Request('http://x/');
    expect(home(root.forRequest(request))).toBe(join(base, 'builds/one/index.html'));
    flip('two');
    await root.settled();
    expect(home(root.current())).toBe(join(base, 'builds/two/index.html'));
    expect(home(root.forRequest(request))).toBe(join(base, 'builds/one/index.html'));
    expect(root.previous().map((g) => g.root)).toEqual([join(base, 'builds/one')]);
  });

  it('switches back to a build it served before at once, and keeps only keepPrevious builds before', async () => {
    for (const name of ['one', 'two', 'three']) build(name);
    flip('one');
    const retired: string[] = [];
    const root = new LiveRoot(live, 1);
    root.onRetire((g) => retired.push(g.root));
    flip('two');
    await root.settled();
    flip('one');
    // no waiting: its index is kept, and a build never changes
    expect(home(root.current())).toBe(join(base, 'builds/one/index.html'));
    flip('three');
    await root.settled();
    expect(root.previous().map((g) => g.root)).toEqual([join(base, 'builds/one')]);
    expect(retired).toEqual([join(base, 'builds/two')]);
  });

  it('keeps the build served when the link leads nowhere, and follows it once it does again', async () => {
    build('one');
    flip('one');
    const root = new LiveRoot(live);
    flip('missing');
    await root.settled();
    expect(home(root.current())).toBe(join(base, 'builds/one/index.html'));
    build('two');
    flip('two');
    await root.settled();
    expect(home(root.current())).toBe(join(base, 'builds/two/index.html'));
  });

  it('indexes a plain folder once: a file added later is not served until a restart', () => {
    mkdirSync(live);
    writeFileSync(join(live, 'index.html'), 'plain');
    const root = new LiveRoot(live);
    writeFileSync(join(live, 'late.html'), 'late');
    expect(root.current().index.has('/late.html')).toBe(false);
    expect(root.current().index.has('/index.html')).toBe(true);
  });

  it('follows the first switch from a plain folder at once: through the new link its old paths would reach the new build', () => {
    mkdirSync(live);
    writeFileSync(join(live, 'index.html'), 'plain');
    const root = new LiveRoot(live);
    build('two');
    // what the first npm run build does: the plain folder kept as a build, then the link
    renameSync(live, join(base, 'builds', 'plain'));
    flip('two');
    expect(home(root.current())).toBe(join(base, 'builds/two/index.html'));
  });
});
