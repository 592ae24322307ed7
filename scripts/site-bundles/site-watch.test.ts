import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settledChanges } from './site-watch.ts';

const folder = mkdtempSync(join(tmpdir(), 'site-watch-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function watchedFile(name: string) {
  const file = join(folder, name);
  writeFileSync(file, '{"a": 1}\n');
  const calls: string[] = [];
  const changes = settledChanges((changed, byStudio) => {
    expect(changed).toBe(file);
    calls.push(byStudio ? 'studio' : 'outside');
  });
  return { file, calls, ...changes };
}

describe('the site files’ changes', () => {
  it('handles the studio’s own write once, not again for the watcher’s event of that same text', async () => {
    const { file, calls, watched, written } = watchedFile('own.json');
    writeFileSync(file, '{"a": 2}\n');
    written(file);
    watched(file);
    await wait(400);
    expect(calls).toEqual(['studio']);
  });

  it('sees an outside save right after the studio’s write even when the watcher never reports it', async () => {
    const { file, calls, watched, written } = watchedFile('after.json');
    writeFileSync(file, '{"a": 2}\n');
    written(file);
    watched(file);
    await wait(60);
    // another editor saves; the watcher drops the event, as it can within ~50 ms of the last one
    writeFileSync(file, '{"a": 3}\n');
    await wait(400);
    expect(calls).toEqual(['studio', 'outside']);
  });

  it('reads an editor’s save only when it is complete: a truncate whose write goes unreported is read again', async () => {
    const { file, calls, watched } = watchedFile('truncate.json');
    writeFileSync(file, '');
    watched(file);
    await wait(60);
    writeFileSync(file, '{"a": 4}\n');
    await wait(400);
    expect(calls).toEqual(['outside', 'outside']);
  });

  it('takes a burst of events for one file as one change', async () => {
    const { file, calls, watched } = watchedFile('burst.json');
    for (let i = 0; i < 5; i++) {
      writeFileSync(file, `{"a": ${i}}\n`);
      watched(file);
      await wait(5);
    }
    await wait(400);
    expect(calls).toEqual(['outside']);
  });

  it('says when the changes the watcher reported are handled: a render waits for an outside save, not for the studio’s own write', async () => {
    const { file, calls, watched, written, settled } = watchedFile('settled.json');
    // whether settled() has answered once the promises already due have run (no timer involved)
    const answered = async () => {
      let done = false;
      void settled().then(() => (done = true));
      for (let i = 0; i < 3; i++) await Promise.resolve();
      return done;
    };
    expect(await answered()).toBe(true);
    writeFileSync(file, '{"a": 5}\n');
    watched(file);
    // asked before the save is read: answered once it is handled, not before
    expect(await answered()).toBe(false);
    await settled();
    expect(calls).toEqual(['outside']);
    // the studio's write is handled at once: the watcher's event for that same text keeps no render waiting
    writeFileSync(file, '{"a": 6}\n');
    written(file);
    watched(file);
    expect(await answered()).toBe(true);
    expect(calls).toEqual(['outside', 'studio']);
  });
});
