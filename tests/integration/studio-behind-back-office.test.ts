import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffRole } from '../../core/admin/contract.ts';
import {
  CLIENT_LINK_PATH,
  CLIENT_LINKS_API,
  LEASES_API,
  PUBLISH_API,
  SCHEDULES_API,
  STUDIO_API,
  STUDIO_PATH,
  type ChangesAnswer,
  type ClientLinksAnswer,
  type LeaseWireAnswer,
  type NewClientLinkAnswer,
  type PublishAnswer,
  type ScheduledPublish,
  type SchedulesAnswer,
  type StudioState,
} from '../../core/studio/contract.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { git, siteRepo } from '../../scripts/test-support/site-repo.ts';
import { filesOf, hostileShapes, notRefused, ownRefused, studioApiWrites, studioWrite, type WriteCall } from '../../scripts/test-support/studio-writes.ts';
import type { StudioServer } from '../../studio-host/studio-server.ts';
import { createAdminApp } from '../../server/admin/admin-app.ts';
import type { AdminEnv } from '../../server/admin/routes.ts';
import { ORIGIN, person as invite } from '../../server/admin/test-support/staff-browser.ts';
import { DEFAULT_TIMEOUTS } from '../../server/staff/sessions.ts';
import { hashToken, newToken } from '../../server/staff/tokens.ts';
import type { StaffStore } from '../../server/staff/store/staff-store.ts';
import { testClock } from '../../server/staff/test-support/backends.ts';
import type { StudioState as SharedState } from '../../studio-host/state/studio-state.ts';
import { databaseBackends } from '../support/database-backends.ts';
import { studioBehindBackOffice, type StudioBehind } from '../support/studio-behind.ts';

/**
 * The studio on the live server, behind the back office's sign-in: the back office (its app, on PostgreSQL)
 * gives a signed-in editor a one-time ticket; the studio's server (over HTTP, on its own origin) takes it, opens a
 * session of its own and lets that person in while their session and role last; Publish commits in their name.
 */
const work = mkdtempSync(join(tmpdir(), 'studio-door-'));
const live = join(work, 'live');
/** the back office's database: PostgreSQL, as two server instances share it */
const postgres = databaseBackends({ prefix: 'studio-door-' })[1];
const { site, remote } = siteRepo(work);
const time = testClock();
const clock = { advance: time.advance, peek: () => time.clock().getTime() };
let behind: StudioBehind | undefined;
let staff: StaffStore;
let shared: SharedState;
let studio: StudioServer;
let app: Hono<AdminEnv>;
/** what the first instance said */
const logged: string[] = [];

beforeAll(async () => {
  await liveBuilder({ siteRoot: site, live })();
  await postgres.setup();
  const storage = await postgres.fresh();
  const instance = { siteRoot: site, build: live, target: { remote: 'origin', branch: 'main' }, scheduleTickMs: 100 };
  behind = await studioBehindBackOffice(storage, {
    ...instance,
    backOffice: ORIGIN,
    clock: time.clock,
    instance: 'instance-a',
    log: (line) => void logged.push(line),
    // both instances here share one live build: neither builds the other's releases (studio-instances.test.ts does)
    releaseTickMs: 0,
  });
  ({ staff, shared, studio } = behind);
  // a second instance over the same working copy and database, looking for due publishes as often
  await behind.another({ ...instance, instance: 'instance-b', releaseTickMs: 0 });
  ({ app } = createAdminApp({
    staff,
    origin: ORIGIN,
    timeouts: DEFAULT_TIMEOUTS,
    clientIp: () => '203.0.113.7',
    issuer: 'Back office',
    studio: { origin: studio.url, state: shared },
  }));
}, 120_000);
afterAll(async () => {
  await behind?.close();
  await postgres.teardown();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

const person = (email: string, role: StaffRole) => invite(app, staff, clock, email, role);

/** The studio's cookie from the answer to a ticket's address, or undefined. */
const studioCookie = (answer: Response) => answer.headers.get('set-cookie')?.match(/^(__Host-studio-session=[^;]+)/)?.[1];

/** Opens the studio as the back office's Studio button does: a ticket, then its address; the studio's cookie. */
async function enter(b: Awaited<ReturnType<typeof person>>['b']) {
  const ticket = await b.post('/api/studio/ticket');
  expect(ticket.status).toBe(200);
  const { url } = (await ticket.json()) as { url: string };
  expect(url.startsWith(`${studio.url}${STUDIO_PATH}/enter?ticket=`)).toBe(true);
  const entered = await fetch(url, { redirect: 'manual' });
  expect([entered.status, entered.headers.get('location')]).toEqual([303, STUDIO_PATH]);
  expect(entered.headers.get('set-cookie')).toMatch(/; Path=\/; Secure; HttpOnly; SameSite=Strict$/);
  // the address works once
  expect((await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } })).status).toBe(401);
  return studioCookie(entered)!;
}

/** A request of the studio's page: a GET, or a POST of `body` as its own page sends one. */
const inStudio = (cookie: string | undefined, path: string, body?: unknown) =>
  fetch(`${studio.url}${path}`, {
    headers: { accept: 'text/html,application/json', ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : studioWrite(studio.url)) },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });

/** The home page's heading changed through the studio's own call, as the form does. */
async function editHeading(cookie: string, value: string) {
  const state = (await (await inStudio(cookie, `${STUDIO_API}/state`)).json()) as StudioState;
  const home = state.files.find((file) => file.path === 'content/pages/home.json')!;
  const edit = { path: home.path, base: home.hash, ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value }] };
  expect((await inStudio(cookie, `${STUDIO_API}/edit`, edit)).status).toBe(200);
}

it('lets nobody in without the back office: the studio, its calls and its preview answer 401 with the way in', async () => {
  for (const path of [STUDIO_PATH, `${STUDIO_API}/state`, '/', '/contact']) expect((await inStudio(undefined, path)).status, path).toBe(401);
  const page = await (await inStudio(undefined, STUDIO_PATH)).text();
  expect(page).toContain('You are not signed in to the studio (any more).');
  expect(page).toContain(`href="${ORIGIN}/"`);
  const json = await fetch(`${studio.url}${STUDIO_API}/state`);
  expect([json.status, await json.json()]).toEqual([401, { error: 'signed-out' }]);
  expect((await fetch(`${studio.url}${STUDIO_PATH}/enter?ticket=${'x'.repeat(43)}`, { redirect: 'manual' })).status).toBe(401);
});

it('opens the studio for a signed-in editor, and Publish commits in their name; opening, changing and publishing in the activity log', async () => {
  const eva = await person('eva@example.nl', 'editor');
  const cookie = await enter(eva.b);
  const page = await inStudio(cookie, STUDIO_PATH);
  // the studio's page names the person signed in: Publish does not ask for a name
  const html = await page.text();
  expect([page.status, html]).toEqual([200, expect.stringContaining('<meta name="studio-editor" content="eva@example.nl" />')]);
  // and the back office's address: the studio's bar links back to it
  expect(html).toContain(`<meta name="studio-back-office" content="${ORIGIN}" />`);
  await editHeading(cookie, 'Websites die');
  await editHeading(cookie, 'Websites die werken');
  const changes = (await (await inStudio(cookie, `${PUBLISH_API}/changes`)).json()) as PublishAnswer<ChangesAnswer>;
  const fingerprint = changes.git ? changes.fingerprint : '';
  // the name the form sends does not matter here: the commit is the signed-in person's
  const published = await inStudio(cookie, `${PUBLISH_API}/commit`, { fingerprint, message: 'De kop van de homepage', name: 'Iemand anders' });
  expect(published.status).toBe(200);
  expect(git(remote, 'log', '-1', '--format=%an <%ae> %s', 'main')).toBe('eva@example.nl <eva@example.nl> De kop van de homepage');
  expect(readFileSync(join(realpathSync(live), 'index.html'), 'utf8')).toContain('Websites die werken');
  const events = (await staff.listAudit({ limit: 20 })).filter((event) => event.actorId === eva.id).map((event) => event.kind);
  expect(events).toEqual(expect.arrayContaining(['studio.opened', 'site.published']));
  // her changes: noted once for the spell of editing, not once per edit
  expect(events.filter((kind) => kind === 'site.changed')).toHaveLength(1);
}, 120_000);

it('makes a client preview link to the unpublished page: it opens without an account, is never indexed, and stops when revoked or expired', async () => {
  const cookie = await enter((await person('lin@example.nl', 'editor')).b);
  await editHeading(cookie, 'Nog niet live');
  expect((await inStudio(cookie, CLIENT_LINKS_API, { route: '/nergens', days: 7 })).status).toBe(400);
  expect((await inStudio(cookie, CLIENT_LINKS_API, { route: '/', days: 3 })).status).toBe(400);
  const made = (await (await inStudio(cookie, CLIENT_LINKS_API, { route: '/', days: 7 })).json()) as NewClientLinkAnswer;
  expect(made.link).toMatchObject({ route: '/', createdBy: 'lin@example.nl' });
  expect(Date.parse(made.link.expiresAt) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
  // a client: no cookie, the draft's heading, and never indexed
  const opened = await fetch(`${studio.url}${made.path}`);
  const html = await opened.text();
  expect([opened.status, opened.headers.get('x-robots-tag')]).toEqual([200, 'noindex, nofollow, noarchive']);
  expect(html).toContain('Nog niet live');
  expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
  // and the page's own files, which are the public site's
  const style = /href="(\/[^"]+\.css)"/.exec(html)?.[1];
  expect(style && (await fetch(`${studio.url}${style}`)).status).toBe(200);
  // only the studio's pages and calls stay behind the door
  expect((await fetch(`${studio.url}/`)).status).toBe(401);
  const listed = (await (await inStudio(cookie, CLIENT_LINKS_API)).json()) as ClientLinksAnswer;
  expect(listed.links.map((link) => link.id)).toContain(made.link.id);
  expect((await inStudio(cookie, `${CLIENT_LINKS_API}/${made.link.id}/revoke`, {})).status).toBe(200);
  const revoked = await fetch(`${studio.url}${made.path}`);
  expect([revoked.status, await revoked.text()]).toEqual([410, expect.stringContaining('This preview link does not work (any more)')]);
  // one past its time
  const token = newToken();
  await shared.createPreviewLink({ tokenHash: hashToken(token), route: '/', createdBy: 'lin@example.nl', ttlMs: 0 });
  expect((await fetch(`${studio.url}${CLIENT_LINK_PATH}/${token}`)).status).toBe(410);
  const kinds = (await staff.listAudit({ limit: 50 })).map((event) => event.kind);
  expect(kinds).toEqual(expect.arrayContaining(['client-link.made', 'client-link.revoked']));
});

it('publishes at the planned time, once with two instances looking, in the planner’s name; a pending one can be called off', async () => {
  const cookie = await enter((await person('pim@example.nl', 'editor')).b);
  await editHeading(cookie, 'Gepland voor straks');
  const commits = Number(git(remote, 'rev-list', '--count', 'main'));
  expect((await inStudio(cookie, SCHEDULES_API, { at: new Date(Date.now() - 1000).toISOString() })).status).toBe(400);
  const later = (await (await inStudio(cookie, SCHEDULES_API, { at: new Date(Date.now() + 3_600_000).toISOString() })).json()) as ScheduledPublish;
  const soon = (await (await inStudio(cookie, SCHEDULES_API, { at: new Date(Date.now() + 1000).toISOString() })).json()) as ScheduledPublish;
  expect(soon).toMatchObject({ status: 'pending', createdBy: 'pim@example.nl' });
  const statusOf = async (id: string) =>
    ((await (await inStudio(cookie, SCHEDULES_API)).json()) as SchedulesAnswer).schedules.find((schedule) => schedule.id === id);
  await expect.poll(async () => (await statusOf(soon.id))?.status, { timeout: 30_000 }).toBe('done');
  expect(readFileSync(join(realpathSync(live), 'index.html'), 'utf8')).toContain('Gepland voor straks');
  // one commit, by the person who planned it, whichever instance did it
  expect(Number(git(remote, 'rev-list', '--count', 'main'))).toBe(commits + 1);
  expect(git(remote, 'log', '-1', '--format=%ae %s', 'main')).toBe('pim@example.nl Scheduled publish');
  expect((await statusOf(soon.id))?.detail).toBe(git(remote, 'rev-parse', 'main'));
  // the later one is still pending; called off, it stays off
  expect((await statusOf(later.id))?.status).toBe('pending');
  expect((await inStudio(cookie, `${SCHEDULES_API}/${later.id}/cancel`, {})).status).toBe(200);
  expect((await inStudio(cookie, `${SCHEDULES_API}/${later.id}/cancel`, {})).status).toBe(409);
  expect((await statusOf(later.id))?.status).toBe('cancelled');
}, 60_000);

it('leases a file to one studio tab: another person sees who has it and may take it over; the same person’s other tab just takes it', async () => {
  const ria = await enter((await person('ria@example.nl', 'editor')).b);
  const tom = await enter((await person('tom@example.nl', 'editor')).b);
  const lease = (cookie: string, action: string, body: object) => inStudio(cookie, `${LEASES_API}${action}`, { path: 'content/pages/contact.json', ...body });
  const answer = async (response: Promise<Response>) => (await response).json() as Promise<LeaseWireAnswer & { held: boolean }>;
  expect(await answer(lease(ria, '', { leaseId: 'ria-tab-1' }))).toEqual({ held: true });
  const told = await answer(lease(tom, '', { leaseId: 'tom-tab-1' }));
  expect(told).toMatchObject({ held: false, holder: { email: 'ria@example.nl' } });
  // Ria's second tab (or a reload) is hers without asking
  expect(await answer(lease(ria, '', { leaseId: 'ria-tab-2' }))).toEqual({ held: true });
  expect(await answer(lease(ria, '/renew', { leaseId: 'ria-tab-1' }))).toEqual({ held: false });
  // Tom takes it over: Ria's heartbeat hears it is gone
  expect(await answer(lease(tom, '', { leaseId: 'tom-tab-1', takeOver: true }))).toEqual({ held: true });
  expect(await answer(lease(ria, '/renew', { leaseId: 'ria-tab-2' }))).toEqual({ held: false });
  expect(await answer(lease(ria, '', { leaseId: 'ria-tab-2' }))).toMatchObject({ held: false, holder: { email: 'tom@example.nl' } });
  // released when Tom moves on: Ria's tab takes it at its next ask
  expect((await lease(tom, '/release', { leaseId: 'tom-tab-1' })).status).toBe(200);
  expect(await answer(lease(ria, '', { leaseId: 'ria-tab-2' }))).toEqual({ held: true });
  expect((await lease(tom, '', { leaseId: 'x' })).status).toBe(400);
});

it('refuses a role without content at both doors, and shuts the studio at once when a role changes or the session ends', async () => {
  const sales = await person('sam@example.nl', 'sales');
  expect((await sales.b.post('/api/studio/ticket')).status).toBe(403);
  // a ticket for them all the same (as a bug in the back office would make one): the studio asks the role itself
  const token = newToken();
  await shared.createTicket(hashToken(token), sales.id);
  const entered = await fetch(`${studio.url}${STUDIO_PATH}/enter?ticket=${token}`, { redirect: 'manual' });
  const refused = await inStudio(studioCookie(entered), STUDIO_PATH);
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain('Your role gives no access to the studio.');

  const ada = await person('ada@example.nl', 'admin');
  const cookie = await enter(ada.b);
  expect((await inStudio(cookie, '/')).status).toBe(200);
  // a changed role ends the person's sessions, the studio's with them
  await staff.setRole(ada.id, 'editor', null);
  expect((await inStudio(cookie, STUDIO_PATH)).status).toBe(401);
  // and "sign out everywhere" on the account page does too
  const again = await enter((await person('bo@example.nl', 'editor')).b);
  expect((await inStudio(again, `${STUDIO_API}/state`)).status).toBe(200);
  const bo = (await staff.findUserByEmail('bo@example.nl'))!;
  await staff.endSessionsOf(bo.id, bo.id);
  expect((await inStudio(again, `${STUDIO_API}/state`)).status).toBe(401);
});

it('takes a write only from its own page, even with the editor’s cookie: every write call refuses each other shape with 403, and nothing changes', async () => {
  const cookie = await enter((await person('kim@example.nl', 'editor')).b);
  const call = (path: string, init?: RequestInit) =>
    fetch(`${studio.url}${path}`, { ...init, headers: { accept: 'application/json', cookie, ...(init?.headers as Record<string, string>) } });
  const own = (type?: string) => studioWrite(studio.url, type);
  const ownPost = async <T>(path: string, body: unknown) => {
    const answer = await call(path, { method: 'POST', headers: own(), body: JSON.stringify(body) });
    expect(answer.status, path).toBe(200);
    return (await answer.json()) as T;
  };
  // a link, a planned publish and a lease of the studio's own, for the hostile calls to revoke, call off and take
  const link = await ownPost<NewClientLinkAnswer>(CLIENT_LINKS_API, { route: '/', days: 1 });
  const schedule = await ownPost<ScheduledPublish>(SCHEDULES_API, { at: new Date(Date.now() + 3_600_000).toISOString() });
  expect(await ownPost(LEASES_API, { path: 'content/pages/demo.json', leaseId: 'kim-tab-1' })).toEqual({ held: true });
  const first = git(site, 'rev-list', '--max-parents=0', 'HEAD');
  const writes: Record<string, WriteCall> = {
    ...(await studioApiWrites(call, own, first)),
    'client link': { path: CLIENT_LINKS_API, body: JSON.stringify({ route: '/', days: 30 }) },
    'client link revoke': { path: `${CLIENT_LINKS_API}/${link.link.id}/revoke`, body: '{}' },
    schedule: { path: SCHEDULES_API, body: JSON.stringify({ at: new Date(Date.now() + 7_200_000).toISOString() }) },
    'schedule cancel': { path: `${SCHEDULES_API}/${schedule.id}/cancel`, body: '{}' },
    lease: { path: LEASES_API, body: JSON.stringify({ path: 'content/pages/home.json', leaseId: 'evil-tab-1' }) },
    'lease take-over': { path: LEASES_API, body: JSON.stringify({ path: 'content/pages/demo.json', leaseId: 'evil-tab-2', takeOver: true }) },
    'lease renew': { path: `${LEASES_API}/renew`, body: JSON.stringify({ path: 'content/pages/demo.json', leaseId: 'kim-tab-1' }) },
    'lease release': { path: `${LEASES_API}/release`, body: JSON.stringify({ path: 'content/pages/demo.json', leaseId: 'kim-tab-1' }) },
  };
  const snapshot = async () => ({
    files: filesOf(site),
    head: git(site, 'rev-parse', 'HEAD'),
    remote: git(remote, 'rev-parse', 'main'),
    links: await shared.livePreviewLinks(),
    schedules: await shared.listSchedules(),
    leases: await shared.liveLeases(),
    audit: (await staff.listAudit({ limit: 1000 })).length,
  });
  const before = await snapshot();
  expect(await notRefused(call, writes, (type) => hostileShapes(studio.url, type))).toEqual([]);
  expect(await snapshot()).toEqual(before);
  // the studio's own requests go through to each call (which refuses an empty body itself)
  expect(await ownRefused(call, writes, studio.url)).toEqual([]);
}, 120_000);

it('answers a call that fails on the server with a sentence in the site’s language and a reference, the details in its log', async () => {
  const cookie = await enter((await person('fenna@example.nl', 'editor')).b);
  const file = join(site, 'content/pages/demo.json');
  const text = readFileSync(file, 'utf8');
  // a client link renders its page first: with a page's file broken, that render fails
  writeFileSync(file, '{ "title": ');
  try {
    const answer = await inStudio(cookie, CLIENT_LINKS_API, { route: '/', days: 1 });
    const said = await answer.text();
    expect(answer.status).toBe(500);
    expect(said).not.toContain(work);
    expect(said).not.toMatch(/demo\.json|\bat .+:\d+:\d+|invalid/);
    const body = JSON.parse(said) as { error: string; reference: string };
    expect(body.error).toBe(
      `That did not work: something went wrong in the studio. Please try again. If it goes wrong again, pass code ${body.reference} on to whoever maintains the website.`,
    );
    const lines = logged.filter((line) => line.includes(body.reference));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`POST ${CLIENT_LINKS_API}`);
    expect(lines[0]).toContain('demo.json');
  } finally {
    writeFileSync(file, text);
  }
});
