import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_HEADER, LEASES_API, STUDIO_API, STUDIO_ENTRY_PATH, type EditAnswer, type LeaseWireAnswer, type SiteFile } from '../../core/studio/contract.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import type { StudioServer } from '../../studio-host/studio-server.ts';
import { siteRepo } from '../../scripts/test-support/site-repo.ts';
import { studioWrite } from '../../scripts/test-support/studio-writes.ts';
import { hashToken, newToken } from '../../server/staff/tokens.ts';
import { studioBehindBackOffice, type StudioBehind } from '../support/studio-behind.ts';

/**
 * Two editors on one file, over HTTP, as the studio's page drives its server behind the back office's sign-in
 * (`npm run studio`, studio-host/studio-server.ts, on the back office's database): a file's lease guards its
 * writes. A write to a file another person holds is refused with who holds it; a write made on a version older than
 * another person's save is refused, never replayed over their change; one person's two tabs and a change made outside
 * the studio keep being replayed as before.
 */
const work = mkdtempSync(join(tmpdir(), 'studio-lease-writes-'));
const live = join(work, 'live');
const { site } = siteRepo(work);
let behind: StudioBehind | undefined;
let studio: StudioServer;

/** A studio tab of a person: their studio cookie, and the tab's lease id. */
interface Tab {
  email: string;
  cookie: string;
  id: string;
}
const cookies = new Map<string, string>();
const ANNA = 'anna@example.nl';
const BRAM = 'bram@example.nl';
const tab = (email: string, id: string): Tab => ({ email, cookie: cookies.get(email)!, id });

beforeAll(async () => {
  await liveBuilder({ siteRoot: site, live })();
  behind = await studioBehindBackOffice(
    { dataDir: join(work, 'data') },
    { siteRoot: site, build: live, backOffice: 'https://backoffice.example.nl', releaseTickMs: 0 },
  );
  const { staff, shared } = behind;
  studio = behind.studio;
  // each opens the studio as the back office's Studio button does: with a one-time ticket made for them
  for (const email of [ANNA, BRAM]) {
    const { user } = await staff.addUser(email, 'editor', { tokenHash: `invited-${email}`, createdBy: null });
    const ticket = newToken();
    await shared.createTicket(hashToken(ticket), user.id);
    const entered = await fetch(`${studio.url}${STUDIO_ENTRY_PATH}?ticket=${ticket}`, { redirect: 'manual' });
    expect(entered.status).toBe(303);
    cookies.set(email, entered.headers.get('set-cookie')!.split(';')[0]!);
  }
}, 120_000);
afterAll(async () => {
  await behind?.close();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** A write of the studio's page in `from`'s tab: its cookie, its own page's headers and the tab's lease id. */
const write = (from: Tab, route: string, body: unknown) =>
  fetch(`${studio.url}${STUDIO_API}/${route}`, {
    method: 'POST',
    headers: { cookie: from.cookie, ...studioWrite(studio.url), [LEASE_HEADER]: from.id },
    body: JSON.stringify(body),
  });

/** The tab asks for the file (`takeOver`: from whoever has it); whether it is the tab's now. */
async function lease(from: Tab, path: string, action: '' | '/release' = '', takeOver = false): Promise<LeaseWireAnswer> {
  const answer = await fetch(`${studio.url}${LEASES_API}${action}`, {
    method: 'POST',
    headers: { cookie: from.cookie, ...studioWrite(studio.url) },
    body: JSON.stringify({ path, leaseId: from.id, takeOver }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as LeaseWireAnswer;
}

/** The file as the studio's server reads it for `from`. */
async function fileOf(from: Tab, path: string): Promise<SiteFile> {
  const answer = await fetch(`${studio.url}${STUDIO_API}/file?path=${encodeURIComponent(path)}`, { headers: { cookie: from.cookie } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as SiteFile;
}

/** An edit of one field of a page, made on version `base`: the status and the answer. */
async function edit(from: Tab, path: string, base: string, field: (string | number)[], value: string) {
  const answer = await write(from, 'edit', { path, base, ops: [{ op: 'set', path: field, value }] });
  return { status: answer.status, body: (await answer.json()) as EditAnswer & Record<string, unknown> };
}

const onDisk = (path: string) => JSON.parse(readFileSync(join(site, path), 'utf8')) as { title: string; description: string; blocks: { headline: string }[] };
const HEADLINE = ['blocks', 0, 'headline'];

describe('a file another person holds', () => {
  it('is not written for anyone else: the write is refused (409) naming who holds it, and the file stays as it was', async () => {
    const path = 'content/pages/contact.json';
    const anna = tab(ANNA, 'anna-tab-contact');
    const bram = tab(BRAM, 'bram-tab-contact');
    expect(await lease(anna, path)).toEqual({ held: true });
    const before = await fileOf(bram, path);
    // Bram's tab reads along; his write, sent all the same, is not taken
    expect(await lease(bram, path)).toMatchObject({ held: false, holder: { email: ANNA } });
    const refused = await edit(bram, path, before.hash, HEADLINE, 'Van Bram');
    expect([refused.status, refused.body]).toEqual([
      409,
      expect.objectContaining({ ok: false, reason: 'leased', holder: expect.objectContaining({ email: ANNA }) }),
    ]);
    expect(readFileSync(join(site, path), 'utf8')).toBe(before.text);
    // the holder's own write goes on
    expect((await edit(anna, path, before.hash, HEADLINE, 'Van Anna')).status).toBe(200);
    expect(onDisk(path).blocks[0]!.headline).toBe('Van Anna');
  });

  it('refuses every kind of write to it: an undo, a step of several files, a deletion, and a new file under its name', async () => {
    const path = 'content/pages/demo.json';
    const anna = tab(ANNA, 'anna-tab-demo');
    const bram = tab(BRAM, 'bram-tab-demo');
    expect(await lease(anna, path)).toEqual({ held: true });
    const file = await fileOf(bram, path);
    const changed = file.text.replace('"title": "', '"title": "Bram: ');
    const calls: [string, unknown][] = [
      ['restore', { path, base: file.hash, text: changed }],
      ['step', { files: [{ path, base: file.hash, text: changed }] }],
      ['remove', { path, base: file.hash }],
    ];
    for (const [route, body] of calls) {
      const answer = await write(bram, route, body);
      expect([route, answer.status, await answer.json()]).toEqual([
        route,
        409,
        expect.objectContaining({ reason: 'leased', holder: expect.objectContaining({ email: ANNA }) }),
      ]);
    }
    expect(readFileSync(join(site, path), 'utf8')).toBe(file.text);
    // a page Anna has open before its file is there (she is making it): nobody else makes it under her
    const fresh = 'content/pages/nieuw.json';
    expect(await lease(anna, fresh)).toEqual({ held: true });
    const made = await write(bram, 'create', { path: fresh, text: file.text });
    expect([made.status, await made.json()]).toEqual([409, expect.objectContaining({ reason: 'leased' })]);
    expect(existsSync(join(site, fresh))).toBe(false);
  });
});

describe('a file taken over', () => {
  it('keeps the new holder’s change: the old holder’s write on the older version is refused, then and after the new holder lets the file go', async () => {
    const path = 'content/pages/home.json';
    const anna = tab(ANNA, 'anna-tab-home');
    const bram = tab(BRAM, 'bram-tab-home');
    expect(await lease(anna, path)).toEqual({ held: true });
    const first = await edit(anna, path, (await fileOf(anna, path)).hash, HEADLINE, 'Kop van Anna');
    expect(first.status).toBe(200);
    const annaSaw = first.body.file.hash;
    expect(await lease(bram, path, '', true)).toEqual({ held: true });
    expect((await edit(bram, path, annaSaw, HEADLINE, 'Kop van Bram')).status).toBe(200);
    // Anna's tab, not told yet, writes on the version she saw
    const stale = await edit(anna, path, annaSaw, HEADLINE, 'Anna typt verder');
    expect([stale.status, stale.body]).toEqual([409, expect.objectContaining({ reason: 'leased', holder: expect.objectContaining({ email: BRAM }) })]);
    expect(onDisk(path).blocks[0]!.headline).toBe('Kop van Bram');
    // Bram moves on: the file is free, but Anna's version is still older than his save
    await lease(bram, path, '/release');
    const older = await edit(anna, path, annaSaw, ['description'], 'Een andere zin van Anna');
    expect([older.status, older.body]).toEqual([409, expect.objectContaining({ ok: false, reason: 'overtaken', savedBy: BRAM })]);
    expect(older.body.file.text).toContain('Kop van Bram');
    expect(onDisk(path).blocks[0]!.headline).toBe('Kop van Bram');
    expect(onDisk(path).description).not.toBe('Een andere zin van Anna');
    // on the version she is shown now, her change is made
    const again = await edit(anna, path, older.body.file.hash, ['description'], 'Een andere zin van Anna');
    expect(again.status).toBe(200);
    expect([onDisk(path).blocks[0]!.headline, onDisk(path).description]).toEqual(['Kop van Bram', 'Een andere zin van Anna']);
  });
});

describe('what keeps being replayed', () => {
  it('replays a write over the same person’s save in another tab, and over a change made outside the studio', async () => {
    const path = 'content/pages/landing-seo.json';
    const first = tab(ANNA, 'anna-tab-seo-1');
    const second = tab(ANNA, 'anna-tab-seo-2');
    expect(await lease(first, path)).toEqual({ held: true });
    const start = (await fileOf(first, path)).hash;
    expect((await edit(first, path, start, HEADLINE, 'Uit het eerste tabblad')).status).toBe(200);
    // her other tab holds no lease and saw the older version: as before, made on the new text
    const replayed = await edit(second, path, start, ['description'], 'Uit het tweede tabblad');
    expect([replayed.status, replayed.body]).toEqual([200, expect.objectContaining({ ok: true, replayed: true })]);
    expect([onDisk(path).blocks[0]!.headline, onDisk(path).description]).toEqual(['Uit het eerste tabblad', 'Uit het tweede tabblad']);
    // changed beside the studio (an editor on the server's disk): replayed on too
    const seen = replayed.body.file.hash;
    writeFileSync(join(site, path), readFileSync(join(site, path), 'utf8').replace('"title": "', '"title": "Buiten de studio: '));
    const outside = await edit(first, path, seen, HEADLINE, 'Na de wijziging buiten');
    expect([outside.status, outside.body]).toEqual([200, expect.objectContaining({ ok: true, replayed: true })]);
    expect(onDisk(path).title).toMatch(/^Buiten de studio: /);
    expect(onDisk(path).blocks[0]!.headline).toBe('Na de wijziging buiten');
  });
});
