import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsAnswer } from '../../core/admin/contract.ts';
import { paths } from '../../core/paths.ts';
import { STUDIO_API, STUDIO_PATH } from '../../core/studio/contract.ts';
import type { StudioServer } from '../../studio-host/studio-server.ts';
import { buildSite } from '../../scripts/test-support/build-site.ts';
import { createAdminApp } from '../../server/admin/admin-app.ts';
import type { AdminEnv } from '../../server/admin/routes.ts';
import { browser, ORIGIN, person as invite } from '../../server/admin/test-support/staff-browser.ts';
import { DEFAULT_TIMEOUTS } from '../../server/staff/sessions.ts';
import type { StaffStore } from '../../server/staff/store/staff-store.ts';
import { backends, SETUP_TIMEOUT_MS, testClock } from '../../server/staff/test-support/backends.ts';
import { studioBehindBackOffice, type StudioBehind } from '../support/studio-behind.ts';

/**
 * The back office's session and the studio's are of two kinds on one table: each is let in only at its own door.
 * The back office (its app) and the studio's server (over HTTP, on its own origin) on one database, as deployed; an
 * editor signed in to both hands each cookie's token to the other door, as someone who stole one would.
 */
const work = mkdtempSync(join(tmpdir(), 'session-kinds-'));
const site = join(work, 'site');
const build = join(work, 'build');
beforeAll(() => {
  cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
  const built = buildSite({ siteRoot: site, out: build });
  expect(built.status, built.output).toBe(0);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(backends)('the two doors on $name', (backend) => {
  // the back office's clock from now: the studio's gate reads the same sessions on the real clock
  const time = testClock(Date.now());
  const clock = { advance: time.advance, peek: () => time.clock().getTime() };
  let behind: StudioBehind | undefined;
  let staff: StaffStore;
  let studio: StudioServer;
  let app: Hono<AdminEnv>;

  beforeAll(async () => {
    await backend.setup();
    behind = await studioBehindBackOffice(await backend.fresh(), { siteRoot: site, build, backOffice: ORIGIN, releaseTickMs: 0, clock: time.clock });
    ({ staff, studio } = behind);
    ({ app } = createAdminApp({
      staff,
      origin: ORIGIN,
      timeouts: DEFAULT_TIMEOUTS,
      clientIp: () => '203.0.113.7',
      issuer: 'Back office',
      studio: { origin: studio.url, state: behind.shared },
    }));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await behind?.close();
    await backend.teardown();
  }, 60_000);

  /** The studio's cookie's token, as the back office's Studio button gets it: a ticket, then its address. */
  async function enterStudio(b: ReturnType<typeof browser>): Promise<string> {
    const ticket = await b.post('/api/studio/ticket');
    expect(ticket.status).toBe(200);
    const { url } = (await ticket.json()) as { url: string };
    const entered = await fetch(url, { redirect: 'manual' });
    expect(entered.status).toBe(303);
    return entered.headers.get('set-cookie')!.match(/^__Host-studio-session=([^;]+)/)![1]!;
  }

  /** The studio's calls with `token` in the studio's cookie: the studio's state, and its page. */
  const studioAnswers = async (token: string) =>
    Promise.all(
      [`${STUDIO_API}/state`, STUDIO_PATH].map(
        async (path) =>
          (await fetch(`${studio.url}${path}`, { headers: { accept: 'text/html,application/json', cookie: `__Host-studio-session=${token}` } })).status,
      ),
    );

  it('refuses the studio’s token at the back office, and the back office’s token at the studio; each still works at its own door', async () => {
    const eva = await invite(app, staff, clock, 'eva@example.nl', 'editor');
    const officeToken = eva.b.cookie()!;
    const studioToken = await enterStudio(eva.b);
    expect(await studioAnswers(studioToken)).toEqual([200, 200]);

    // the studio's token as the back office's cookie: not signed in, and no ticket to the studio
    const thief = browser(app);
    thief.useCookie(studioToken);
    expect((await thief.get('/api/me')).status).toBe(401);
    expect((await thief.get('/api/sessions')).status).toBe(401);
    const ticket = await thief.post('/api/studio/ticket');
    expect(ticket.status).toBe(401);
    expect(await ticket.text()).not.toContain('ticket=');

    // the back office's token as the studio's cookie: the studio stays shut
    expect(await studioAnswers(officeToken)).toEqual([401, 401]);

    // refused at the wrong door, neither session ended: each opens its own
    expect((await eva.b.get('/api/me')).status).toBe(200);
    expect(await studioAnswers(studioToken)).toEqual([200, 200]);
  }, 120_000);

  it('lists the studio’s sessions beside the back office’s on the account page, each saying which it is; ending one there shuts the studio', async () => {
    const lin = await invite(app, staff, clock, 'lin@example.nl', 'editor');
    const studioToken = await enterStudio(lin.b);
    const { sessions } = (await (await lin.b.get('/api/sessions')).json()) as SessionsAnswer;
    expect(sessions.map((s) => [s.kind, s.current]).sort()).toEqual([
      ['back-office', true],
      ['studio', false],
    ]);
    const studioSession = sessions.find((s) => s.kind === 'studio')!;
    expect((await lin.b.post(`/api/sessions/${studioSession.id}/end`)).status).toBe(200);
    expect(await studioAnswers(studioToken)).toEqual([401, 401]);
    expect((await lin.b.get('/api/me')).status).toBe(200);
  }, 120_000);
});
