import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditOp } from '../../core/edit/ops.ts';
import { STUDIO_API, type EditAnswer, type SiteFile } from '../../core/studio/contract.ts';
import { api } from '../../studio/ui/files/api.ts';
import { useEditQueue } from '../../studio/ui/files/use-edit-queue.ts';
import { serveStudio, type ServedStudio } from '../support/studio-served.ts';

/**
 * The studio page's queue of edits (studio/ui/files/use-edit-queue.ts), in jsdom, against the studio's real calls
 * over HTTP on a copy of the base fixture: what reaches the file on disk when edits come quickly, when two editors
 * edit one file, and while another editor's save is half-written.
 */

const HOME = 'content/pages/home.json';

let studio: ServedStudio;
beforeEach(async () => {
  studio = await serveStudio('studio-edit-queue-');
});
afterEach(async () => {
  cleanup();
  await studio.close();
});
// the files after this one in the worker (one window for all) start with the environment's own fetch and EventSource
afterAll(() => vi.unstubAllGlobals());

const json = (text: string) => JSON.parse(text) as { title: string; description: string; blocks: Record<string, unknown>[] };

/** What the studio holds of the site once loaded: each file by its path. */
async function loaded(): Promise<Record<string, SiteFile>> {
  const state = await api.state();
  return Object.fromEntries(state.files.map((file) => [file.path, file]));
}

/**
 * One studio tab's edit queue, with its own copy of the files (as useSiteFiles keeps it): each answer's text
 * becomes the copy the next request is based on. The answers and the requests that got none, as they came.
 */
function editor(files: Record<string, SiteFile>) {
  const filesRef = { current: files };
  const answers: { ops: EditOp[]; answer: EditAnswer }[] = [];
  const failures: Error[] = [];
  const handlers = {
    filesRef,
    answered: (path: string, _before: SiteFile, _next: unknown, ops: EditOp[], answer: EditAnswer) => {
      filesRef.current = { ...filesRef.current, [path]: answer.file };
      answers.push({ ops, answer });
    },
    failed: (_path: string, _ops: EditOp[], error: Error) => failures.push(error),
    drained: () => undefined,
  };
  const { result } = renderHook(() => useEditQueue(handlers));
  return { queue: result.current, filesRef, answers, failures };
}

const headline = (value: string): EditOp => ({ op: 'set', path: ['blocks', 0, 'headline'], value });

describe('the edit queue (useEditQueue) against the studio’s calls', { timeout: 30_000 }, () => {
  it('writes quick edits of one file in the order they were made, one request at a time, each on the last text seen', async () => {
    const { queue, answers, failures } = editor(await loaded());
    let settled = false;
    act(() => {
      // typing in the headline, then two paragraphs added and the title changed, before any answer came
      for (const typed of ['W', 'We', 'Wel']) queue.edit(HOME, headline(typed), 'headline');
      queue.edit(HOME, { op: 'insert', path: ['blocks', 1, 'paragraphs'], index: 2, value: 'Derde alinea.' });
      queue.edit(HOME, { op: 'insert', path: ['blocks', 1, 'paragraphs'], index: 3, value: 'Vierde alinea.' });
      queue.edit(HOME, { op: 'set', path: ['title'], value: 'Thuis' });
      void queue.settled().then(() => (settled = true));
    });
    expect(settled).toBe(false);
    await act(() => queue.settled());
    expect(settled).toBe(true);
    const home = json(studio.read(HOME));
    expect(home.blocks[0]!.headline).toBe('Wel');
    expect(home.blocks[1]!.paragraphs).toEqual(['Eerste alinea.', 'Tweede alinea.', 'Derde alinea.', 'Vierde alinea.']);
    expect(home.title).toBe('Thuis');
    // the first key went at once; the rest waited for its answer and went together, the headline's keys as one
    expect(studio.mostAtOnce).toBe(1);
    expect(studio.edits.map((edit) => edit.ops)).toEqual([
      [headline('W')],
      [
        headline('Wel'),
        { op: 'insert', path: ['blocks', 1, 'paragraphs'], index: 2, value: 'Derde alinea.' },
        { op: 'insert', path: ['blocks', 1, 'paragraphs'], index: 3, value: 'Vierde alinea.' },
        { op: 'set', path: ['title'], value: 'Thuis' },
      ],
    ]);
    expect(studio.edits[1]!.base).toBe(answers[0]!.answer.file.hash);
    expect(answers.map(({ answer }) => [answer.ok, answer.ok && answer.replayed])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(failures).toEqual([]);
  });

  it('keeps both of two editors’ edits of one file made from the same version: the later one is replayed on the other’s', async () => {
    const files = await loaded();
    const first = editor(files);
    const second = editor(files);
    act(() => {
      first.queue.edit(HOME, headline('Van de eerste'));
      second.queue.edit(HOME, { op: 'set', path: ['blocks', 1, 'heading'], value: 'Van de tweede' });
    });
    await act(() => Promise.all([first.queue.settled(), second.queue.settled()]));
    const home = json(studio.read(HOME));
    expect([home.blocks[0]!.headline, home.blocks[1]!.heading]).toEqual(['Van de eerste', 'Van de tweede']);
    const answers = [...first.answers, ...second.answers].map(({ answer }) => answer);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    // whichever came second was made on a text its editor had not seen, and says so
    expect(answers.filter((answer) => answer.ok && answer.replayed)).toHaveLength(1);
    // the tab whose edit was replayed holds the text with both
    const replayed = [first, second].find(({ answers: [only] }) => only!.answer.ok && only!.answer.replayed)!;
    expect(replayed.filesRef.current[HOME]!.text).toBe(studio.read(HOME));
  });

  it('moves an edit made on an older text onto the item it was typed into, after another editor inserted a block before it', async () => {
    const files = await loaded();
    const first = editor(files);
    const second = editor(files);
    const added = { type: 'text', heading: 'Nieuw blok', paragraphs: ['Van de eerste.'] };
    act(() => first.queue.edit(HOME, { op: 'insert', path: ['blocks'], index: 0, value: added }));
    await act(() => first.queue.settled());
    // the second tab has not seen the new block: its headline is still block 0 there
    act(() => second.queue.edit(HOME, headline('Van de tweede')));
    await act(() => second.queue.settled());
    const home = json(studio.read(HOME));
    expect(home.blocks[0]).toEqual(added);
    expect([home.blocks[1]!.type, home.blocks[1]!.headline]).toEqual(['hero', 'Van de tweede']);
    expect(second.answers.map(({ answer }) => answer.ok && answer.replayed)).toEqual([true]);
  });

  it('reports an edit that no longer applies on another editor’s text as a conflict, and writes nothing of it', async () => {
    const files = await loaded();
    const first = editor(files);
    const second = editor(files);
    act(() => first.queue.edit(HOME, { op: 'remove', path: ['blocks', 1, 'paragraphs'], index: 1 }));
    await act(() => first.queue.settled());
    const theirs = studio.read(HOME);
    // a third paragraph, where the list the second tab saw had two
    act(() => second.queue.edit(HOME, { op: 'insert', path: ['blocks', 1, 'paragraphs'], index: 2, value: 'Derde alinea.' }));
    await act(() => second.queue.settled());
    expect(studio.read(HOME)).toBe(theirs);
    expect(second.answers).toHaveLength(1);
    const { answer } = second.answers[0]!;
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.reason).toBe('conflict');
    // the answer brings the text on disk: the studio shows the other editor's version
    expect(answer.file.text).toBe(theirs);
  });

  it('reports a value typed into a block another editor removed as a conflict, never put into the block now in its place', async () => {
    const files = await loaded();
    const first = editor(files);
    const second = editor(files);
    act(() => first.queue.edit(HOME, { op: 'remove', path: ['blocks'], index: 1 }));
    await act(() => first.queue.settled());
    const theirs = studio.read(HOME);
    act(() => second.queue.edit(HOME, { op: 'set', path: ['blocks', 1, 'heading'], value: 'In een weggehaald blok' }));
    await act(() => second.queue.settled());
    expect(studio.read(HOME)).toBe(theirs);
    const { answer } = second.answers[0]!;
    expect(!answer.ok && answer.reason).toBe('conflict');
    expect(answer.file.text).toBe(theirs);
  });

  it('waits while another editor’s save is half-written, then replays the edits (and those typed meanwhile) on the whole text', async () => {
    const { queue, answers, failures } = editor(await loaded());
    const whole = studio.read(HOME).replace('"title": "Home"', '"title": "Thuis"');
    // an editor's save empties the file and writes it a moment later (VS Code)
    writeFileSync(join(studio.site, HOME), whole.slice(0, 40));
    act(() => queue.edit(HOME, headline('Tijdens het opslaan')));
    // refused on the half-written text: the edit waits, and a key typed meanwhile waits after it
    await waitFor(() => expect(studio.answered).toContain(`${STUDIO_API}/edit`), { timeout: 10_000 });
    act(() => queue.edit(HOME, { op: 'set', path: ['description'], value: 'Getypt terwijl het wachtte.' }));
    await sleep(100);
    writeFileSync(join(studio.site, HOME), whole);
    await act(() => queue.settled());
    const home = json(studio.read(HOME));
    expect([home.title, home.blocks[0]!.headline, home.description]).toEqual(['Thuis', 'Tijdens het opslaan', 'Getypt terwijl het wachtte.']);
    // the half-written text was never an answer: nothing refused, one edit replayed with both
    expect(answers).toHaveLength(1);
    expect(answers[0]!.answer.ok && answers[0]!.answer.replayed).toBe(true);
    expect(failures).toEqual([]);
    expect(studio.edits.length).toBeGreaterThan(2);
    expect(studio.edits.at(-1)!.ops).toEqual([headline('Tijdens het opslaan'), { op: 'set', path: ['description'], value: 'Getypt terwijl het wachtte.' }]);
  });
});
