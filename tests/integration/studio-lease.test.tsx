import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../core/paths.ts';
import { LEASE_HEARTBEAT_MS, type LeaseRequestBody } from '../../core/studio/contract.ts';
import { fileLeases } from '../../studio-host/file-leases.ts';
import { doorway, requestEditor, type StudioDoor } from '../../studio-host/studio-door.ts';
import { startSession } from '../../server/staff/sessions.ts';
import { openStaffStore, type StaffStore } from '../../server/staff/store/staff-store.ts';
import { openStudioGate, type StudioGate } from '../../studio-host/gate/studio-gate.ts';
import { LeaseBanner } from '../../studio/ui/files/lease-banner.tsx';
import { useLease, type LeaseView } from '../../studio/ui/files/use-lease.ts';

/**
 * The lease of the open file (studio/ui/files/use-lease.ts), in jsdom, against the studio's lease calls behind the
 * back office's door (studio-host/file-leases.ts, studio-door.ts) on the back office's SQLite: two people's
 * tabs on one file, as each is told who has it, takes it over, and loses it.
 */

const HOME = 'content/pages/home.json';
/** how long a lease's change is given to show in a tab: generous, for a loaded machine */
const SHOWN = { timeout: 10_000 };
const ANNA = 'anna@example.nl';
const BRAM = 'bram@example.nl';
const data = mkdtempSync(join(tmpdir(), 'studio-lease-'));
let staff: StaffStore;
let gate: StudioGate;
let origin: string;
let close: () => Promise<void>;
/** each person's studio cookie, as their browser keeps it */
const cookies = new Map<string, string>();
/** the person of each studio tab (by its lease id): each tab is a browser of its own */
let tabs = new Map<string, string>();
/** the people whose tabs ask next, in that order */
let coming: string[] = [];
/** the calls the tabs made that are not answered yet */
const asking = new Set<Promise<unknown>>();

/** The studio's lease calls behind its door, as its server answers them (studio-host/studio-server.ts). */
function leaseServer(door: StudioDoor) {
  const enter = doorway(door, join(paths.root, 'tests/fixtures/base'));
  const leases = fileLeases(door);
  let answering = 0;
  const server = createServer((req, res) => {
    answering += 1;
    res.on('close', () => (answering -= 1));
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (!leases.answers(pathname)) return void res.writeHead(404).end();
    void enter(req, res, () => void leases.api(req, res, requestEditor.getStore()!, pathname));
  });
  const stop = async () => {
    while (answering > 0) await sleep(20);
    await new Promise((closed) => {
      server.close(closed);
      server.closeAllConnections();
    });
  };
  return { server, stop };
}

beforeAll(async () => {
  const storage = { dataDir: join(data, 'data') };
  staff = await openStaffStore(storage);
  for (const email of [ANNA, BRAM]) {
    const { user } = await staff.addUser(email, 'editor', { tokenHash: `invited-${email}`, createdBy: null });
    cookies.set(email, `__Host-studio-session=${(await startSession(staff, user.id, 'studio', {})).token}`);
  }
  gate = await openStudioGate(storage, {});
  const { server, stop } = leaseServer({ ...gate, backOffice: 'https://backoffice.example.nl' });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = stop;
}, 60_000);
afterAll(async () => {
  // the files after this one in the worker (one window for all) start with the environment's own fetch
  vi.unstubAllGlobals();
  await close?.();
  await Promise.all([gate?.close(), staff?.close()]);
  rmSync(data, { recursive: true, force: true });
});

beforeEach(() => {
  tabs = new Map();
  coming = [];
  // the page's relative calls go to the test's server, each with the cookie of the browser its tab runs in
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    const { leaseId } = JSON.parse(String(init.body)) as LeaseRequestBody;
    if (!tabs.has(leaseId)) tabs.set(leaseId, coming.shift()!);
    const call = realFetch(new URL(input, origin), { ...init, headers: { ...init.headers, cookie: cookies.get(tabs.get(leaseId)!)! } });
    asking.add(call);
    void call.finally(() => asking.delete(call)).catch(() => undefined);
    return call;
  });
});
afterEach(async () => {
  // the tabs close, each letting its file go: done before the next test's tabs ask
  cleanup();
  await Promise.allSettled([...asking]);
});

/**
 * A studio tab of its own in `person`'s browser, with the home page open: the lease as the editor shows it (its
 * banner), and the hook's view. The hook's module is loaded again for it, so that every tab has its own id.
 */
async function openTab(person: string) {
  vi.resetModules();
  const { useLease: inThisTab } = await import('../../studio/ui/files/use-lease.ts');
  coming.push(person);
  let lease: ReturnType<typeof useLease> | undefined;
  function Tab({ path }: { path: string }) {
    lease = inThisTab(path, true);
    // every change of the view changes the page, which is what waitFor looks at while the heartbeat's clock is the test's
    return (
      <section data-view={JSON.stringify(lease.view)}>
        <LeaseBanner lang="en" view={lease.view} takeOver={lease.takeOver} />
      </section>
    );
  }
  const { container, rerender } = render(<Tab path={HOME} />);
  return {
    view: (): LeaseView => lease!.view,
    banner: () => container.textContent,
    takeOver: () => lease!.takeOver(),
    open: (path: string) => rerender(<Tab path={path} />),
  };
}

/** Back in the window: the tabs ask at once whether the file is still theirs. */
const focusWindow = () => act(() => void window.dispatchEvent(new Event('focus')));

describe('the lease of the open file (useLease) behind the back office', { timeout: 30_000 }, () => {
  it('asks nothing without a sign-in in front of the studio', () => {
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    const { result } = renderHook(() => useLease(HOME, false));
    expect(result.current.view).toEqual({ state: 'off' });
    expect(fetched).not.toHaveBeenCalled();
  });

  it('gives the file to the first tab, and tells another person’s tab who has it', async () => {
    const anna = await openTab(ANNA);
    await waitFor(() => expect(anna.view()).toEqual({ state: 'held' }), SHOWN);
    expect(anna.banner()).toBe('');
    const bram = await openTab(BRAM);
    await waitFor(() => expect(bram.view()).toMatchObject({ state: 'other', holder: ANNA, lost: false }), SHOWN);
    expect(Date.now() - Date.parse((bram.view() as { since: string }).since)).toBeLessThan(60_000);
    expect(bram.banner()).toMatch(/^anna@example\.nl is editing this file now \(since .+\)\. You can read along/);
    // back in the window, both ask again: the file is still hers
    await focusWindow();
    await Promise.allSettled([...asking]);
    await sleep(100);
    expect([anna.view(), bram.view()]).toMatchObject([{ state: 'held' }, { state: 'other', holder: ANNA }]);
  });

  it('takes the file over at once; the tab it was taken from learns by whom at its next heartbeat', async () => {
    // only the heartbeat's clock is the test's: the calls over HTTP take the time they take
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const anna = await openTab(ANNA);
    await waitFor(() => expect(anna.view()).toEqual({ state: 'held' }), SHOWN);
    const bram = await openTab(BRAM);
    await waitFor(() => expect(bram.view()).toMatchObject({ state: 'other', holder: ANNA }), SHOWN);
    await act(() => bram.takeOver());
    expect(bram.view()).toEqual({ state: 'held' });
    // until her heartbeat, her tab has not heard
    expect(anna.view()).toEqual({ state: 'held' });
    act(() => vi.advanceTimersByTime(LEASE_HEARTBEAT_MS));
    await waitFor(() => expect(anna.view()).toMatchObject({ state: 'other', holder: BRAM, lost: true }), SHOWN);
    expect(anna.banner()).toMatch(/^bram@example\.nl took this file over from you\. What you had changed is saved\./);
    expect(bram.view()).toEqual({ state: 'held' });
  });

  it('gives the file to the same person’s other tab without asking, and the first tab does not take it back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const first = await openTab(ANNA);
    await waitFor(() => expect(first.view()).toEqual({ state: 'held' }), SHOWN);
    const second = await openTab(ANNA);
    await waitFor(() => expect(second.view()).toEqual({ state: 'held' }), SHOWN);
    act(() => vi.advanceTimersByTime(LEASE_HEARTBEAT_MS));
    await waitFor(() => expect(first.view()).toMatchObject({ state: 'other', holder: ANNA, lost: true }), SHOWN);
    // heartbeat after heartbeat, the file stays with the tab that took it: no taking it from each other
    for (let beat = 0; beat < 3; beat++) {
      act(() => vi.advanceTimersByTime(LEASE_HEARTBEAT_MS));
      await Promise.allSettled([...asking]);
      await sleep(50);
      await Promise.allSettled([...asking]);
      expect([first.view(), second.view()]).toMatchObject([{ state: 'other', holder: ANNA }, { state: 'held' }]);
    }
    // unless she takes it back herself
    await act(() => first.takeOver());
    expect(first.view()).toEqual({ state: 'held' });
  });

  it('gives the file to the waiting tab as soon as it asks, once the tab that had it opened another file', async () => {
    const anna = await openTab(ANNA);
    await waitFor(() => expect(anna.view()).toEqual({ state: 'held' }), SHOWN);
    const bram = await openTab(BRAM);
    await waitFor(() => expect(bram.view()).toMatchObject({ state: 'other', holder: ANNA }), SHOWN);
    anna.open('content/pages/contact.json');
    await waitFor(() => expect(anna.view()).toEqual({ state: 'held' }), SHOWN);
    await Promise.allSettled([...asking]);
    await focusWindow();
    await waitFor(() => expect(bram.view()).toEqual({ state: 'held' }), SHOWN);
    expect(bram.banner()).toBe('');
  });
});
