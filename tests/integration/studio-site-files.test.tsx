import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditOp } from '../../core/edit/ops.ts';
import { STUDIO_API } from '../../core/studio/contract.ts';
import type { Status } from '../../studio/ui/files/status-texts.ts';
import { useSiteFiles, type OutsideChange } from '../../studio/ui/files/use-site-files.ts';
import { serveStudio, type ServedStudio } from '../support/studio-served.ts';

/**
 * The studio page's site files (studio/ui/files/use-site-files.ts), in jsdom, against the studio's real calls over
 * HTTP on a copy of the base fixture: another editor's saves (whole, half-written, or while an edit is on its way),
 * undo and redo by exact text, and an edit that no longer applies.
 */

const HOME = 'content/pages/home.json';
/** how long a change may take to show on a busy machine (the studio's first call validates the site, too) */
const SHOWN = { timeout: 10_000 };

let studio: ServedStudio;
beforeEach(async () => {
  studio = await serveStudio('studio-site-files-');
});
afterEach(async () => {
  cleanup();
  await studio.close();
});
// the files after this one in the worker (one window for all) start with the environment's own fetch and EventSource
afterAll(() => vi.unstubAllGlobals());

const json = (text: string) => JSON.parse(text) as { title: string; description: string; blocks: Record<string, unknown>[] };

const headline = (value: string): EditOp => ({ op: 'set', path: ['blocks', 0, 'headline'], value });

/** The studio's site hook as Studio() uses it, with what it said and the outside changes it passed on. */
async function studioSite() {
  const said: Status[] = [];
  const outside: OutsideChange[] = [];
  /** the open file's text as each render showed it */
  const shown: (string | undefined)[] = [];
  const say = (status: Status) => said.push(status);
  const onOutside = (change: OutsideChange) => outside.push(change);
  const { result } = renderHook(() => {
    const site = useSiteFiles(say, onOutside);
    shown.push(site.files[HOME]?.text);
    return site;
  });
  await waitFor(() => expect(result.current.state).toBeDefined(), SHOWN);
  // the changes on disk are followed from here on
  await waitFor(() => expect(studio.watcher.listenerCount('change')).toBe(1), SHOWN);
  return { site: () => result.current, said, outside, shown };
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('the site’s files in the studio (useSiteFiles) against the studio’s calls', { timeout: 30_000 }, () => {
  it('shows another editor’s save once it is whole, never the half-written file, and passes the change on', async () => {
    const { site, said, outside, shown } = await studioSite();
    const before = studio.read(HOME);
    const revision = site().revision;
    const whole = before.replace('"title": "Home"', '"title": "Thuis"');
    studio.save(HOME, whole.slice(0, 40));
    // the studio read it half-written, and reads it again until it parses
    await waitFor(() => expect(studio.answered).toContain(`${STUDIO_API}/file?path=${encodeURIComponent(HOME)}`), SHOWN);
    await sleep(100);
    studio.save(HOME, whole);
    await waitFor(() => expect(site().files[HOME]!.text).toBe(whole), SHOWN);
    expect(shown.filter((text) => text !== undefined).every(parses)).toBe(true);
    // once: the reads of the half-written file that came back later found the studio had the whole text already
    expect(outside).toEqual([{ path: HOME, before, after: whole }]);
    expect(said).toEqual([{ key: 'reloaded', file: HOME }]);
    expect(site().revision).toBeGreaterThan(revision);
  });

  it('replays an edit on its way on another editor’s save that came meanwhile: both in the file, the studio shows it and says so', async () => {
    const { site, said, outside } = await studioSite();
    const before = studio.read(HOME);
    let release = () => undefined as void;
    studio.hold = new Promise<void>((done) => (release = done));
    act(() => site().edit(HOME, headline('Van de studio')));
    const theirs = before.replace('"title": "Home"', '"title": "Thuis"');
    studio.save(HOME, theirs);
    await sleep(100);
    release();
    await act(() => site().settled());
    const home = json(studio.read(HOME));
    expect([home.title, home.blocks[0]!.headline]).toEqual(['Thuis', 'Van de studio']);
    await waitFor(() => expect(site().files[HOME]!.text).toBe(studio.read(HOME)), SHOWN);
    expect(said).toContainEqual({ key: 'replayed', file: HOME });
    // the form follows the other editor's change (a block they moved keeps its selection)
    expect(outside.at(-1)).toEqual({ path: HOME, before, after: studio.read(HOME) });
    expect(site().conflict).toBeUndefined();
  });

  it('undoes and redoes an edit by its exact text', async () => {
    const { site, said } = await studioSite();
    const original = studio.read(HOME);
    act(() => site().edit(HOME, { op: 'set', path: ['title'], value: 'Thuis' }, 'set:/title'));
    await act(() => site().settled());
    const edited = studio.read(HOME);
    expect(json(edited).title).toBe('Thuis');
    await waitFor(() => expect(site().canUndo).toBe(true), SHOWN);
    await act(() => site().undo());
    expect(studio.read(HOME)).toBe(original);
    expect(said.at(-1)).toEqual({ key: 'undone', files: [HOME] });
    expect([site().canUndo, site().canRedo]).toEqual([false, true]);
    await act(() => site().redo());
    expect(studio.read(HOME)).toBe(edited);
    expect(said.at(-1)).toEqual({ key: 'redone', files: [HOME] });
  });

  it('asks for the site again until the studio answers (a server starting or moving), instead of loading for ever', async () => {
    studio.down = true;
    const { result } = renderHook(() => useSiteFiles(() => undefined));
    await waitFor(() => expect(studio.answered.filter((call) => call === `${STUDIO_API}/state`).length).toBeGreaterThan(0), SHOWN);
    expect(result.current.state).toBeUndefined();
    studio.down = false;
    await waitFor(() => expect(result.current.state).toBeDefined(), { timeout: 5_000 });
    expect(result.current.files[HOME]!.text).toBe(studio.read(HOME));
  });

  it('refuses an undo over another editor’s later save of the file, and keeps their text', async () => {
    const { site, said } = await studioSite();
    act(() => site().edit(HOME, { op: 'set', path: ['title'], value: 'Thuis' }, 'set:/title'));
    await act(() => site().settled());
    const theirs = studio.read(HOME).replace('"description": "Base site for the validator fixtures."', '"description": "Van een ander."');
    studio.save(HOME, theirs);
    await waitFor(() => expect(site().files[HOME]!.text).toBe(theirs), SHOWN);
    await act(() => site().undo());
    expect(studio.read(HOME)).toBe(theirs);
    expect(said.at(-1)).toEqual({ key: 'cannotUndo' });
  });

  it('shows an edit that no longer applies as a conflict, to try again or drop, and writes nothing of it', async () => {
    const { site, said } = await studioSite();
    // another editor took a paragraph out; the studio has not heard of it yet
    const theirs = studio.read(HOME).replace('["Eerste alinea.", "Tweede alinea."]', '["Eerste alinea."]');
    writeFileSync(join(studio.site, HOME), theirs);
    // one step of two edits (as the phone number and what follows it are): all or none
    const title: EditOp = { op: 'set', path: ['title'], value: 'Thuis' };
    const third: EditOp = { op: 'insert', path: ['blocks', 1, 'paragraphs'], index: 2, value: 'Derde alinea.' };
    act(() => site().edit(HOME, [title, third]));
    await act(() => site().settled());
    await waitFor(() => expect(site().conflict).toBeDefined(), SHOWN);
    expect(site().conflict).toMatchObject({ path: HOME, ops: [title, third] });
    expect(site().conflict!.message).toMatch(/index 2/);
    expect(said).toContainEqual({ key: 'notSaved', file: HOME });
    // the studio shows the file as it is now, and the edit is no step to undo
    expect(site().files[HOME]!.text).toBe(theirs);
    expect(site().canUndo).toBe(false);
    // tried again, it is sent again as it was sent, together, on the text now: still no place for it, and nothing written
    const sent = studio.edits.length;
    act(() => site().retryConflict());
    await act(() => site().settled());
    expect(studio.edits.length).toBe(sent + 1);
    expect(studio.edits.at(-1)!.ops).toEqual([title, third]);
    await waitFor(() => expect(site().conflict).toMatchObject({ path: HOME, ops: [title, third] }), SHOWN);
    act(() => site().dropConflict());
    expect(site().conflict).toBeUndefined();
    expect(studio.read(HOME)).toBe(theirs);
  });
});
