import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { watchRepair } from './watch-repair.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A site's folder with a config, a page and an image, a watcher that reports nothing by itself, and what it sends. */
function site() {
  const root = mkdtempSync(join(tmpdir(), 'watch-repair-'));
  folders.push(root);
  mkdirSync(join(root, 'content/pages'), { recursive: true });
  mkdirSync(join(root, 'public'));
  writeFileSync(join(root, 'site.config.json'), '{}\n');
  writeFileSync(join(root, 'content/pages/home.json'), '{"title": "Home"}\n');
  writeFileSync(join(root, 'public/logo.png'), 'png');
  const watcher = new EventEmitter();
  const sent: string[] = [];
  for (const event of ['add', 'change', 'unlink']) watcher.on(event, (file: string) => sent.push(`${event} ${file.slice(root.length + 1)}`));
  const repair = watchRepair(watcher, [
    { path: join(root, 'site.config.json'), changes: true },
    { path: join(root, 'content'), changes: true },
    { path: join(root, 'public'), changes: false },
  ]);
  return { root, watcher, sent, repair };
}

describe('the watcher’s missed events', () => {
  it('sends nothing while the disk is as the watcher last saw it', () => {
    const { sent, repair } = site();
    expect(repair.check()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('sends a change, an added file and a removed one that the watcher never reported, each once', () => {
    const { root, sent, repair } = site();
    writeFileSync(join(root, 'content/pages/home.json'), '{"title": "Thuis"}\n');
    writeFileSync(join(root, 'content/pages/contact.json'), '{}\n');
    unlinkSync(join(root, 'site.config.json'));
    expect(repair.check()).toBe(3);
    expect(sent.sort()).toEqual(['add content/pages/contact.json', 'change content/pages/home.json', 'unlink site.config.json']);
    expect(repair.check()).toBe(0);
  });

  it('sees a file git put back in place of another (same size, new inode)', () => {
    const { root, sent, repair } = site();
    const page = join(root, 'content/pages/home.json');
    writeFileSync(`${page}.new`, '{"title": "Hoom"}\n');
    renameSync(`${page}.new`, page);
    repair.check();
    expect(sent).toEqual(['change content/pages/home.json']);
  });

  it('sends nothing for a change the watcher did report', () => {
    const { root, watcher, sent, repair } = site();
    const page = join(root, 'content/pages/home.json');
    writeFileSync(page, '{"title": "Thuis"}\n');
    watcher.emit('change', page);
    sent.length = 0;
    expect(repair.check()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('leaves hidden files alone (the studio’s writes in progress), and of public/ only the files that come and go', () => {
    const { root, sent, repair } = site();
    writeFileSync(join(root, 'content/pages/.home.json.tmp'), '{}');
    writeFileSync(join(root, 'public/logo.png'), 'a new logo');
    expect(repair.check()).toBe(0);
    writeFileSync(join(root, 'public/hero.webp'), 'webp');
    unlinkSync(join(root, 'public/logo.png'));
    repair.check();
    expect(sent.sort()).toEqual(['add public/hero.webp', 'unlink public/logo.png']);
  });

  it('checks by itself every interval, until stopped', async () => {
    const { root, sent, repair } = site();
    const stop = repair.every(20);
    writeFileSync(join(root, 'site.config.json'), '{"lang": "nl"}\n');
    // a generous wait, for a loaded machine
    await expect.poll(() => sent, { timeout: 30_000 }).toEqual(['change site.config.json']);
    stop();
    writeFileSync(join(root, 'site.config.json'), '{"lang": "en"}\n');
    await new Promise((done) => setTimeout(done, 100));
    expect(sent).toEqual(['change site.config.json']);
  }, 60_000);
});
