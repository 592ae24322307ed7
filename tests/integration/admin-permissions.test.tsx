import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '../../core/admin/contract.ts';
import { createAdminApp } from '../../server/admin/admin-app.ts';
import type { AdminEnv } from '../../server/admin/routes.ts';
import { SESSION_COOKIE } from '../../server/admin/session-cookie.ts';
import { ORIGIN, OWN } from '../../server/admin/test-support/staff-browser.ts';
import { DEFAULT_TIMEOUTS, startSession } from '../../server/staff/sessions.ts';
import { openStaffStore, type StaffStore } from '../../server/staff/store/staff-store.ts';

/**
 * The pages learn what the signed-in person may do from the server (/api/me, from server/admin/permissions.ts), in
 * jsdom against the back office's real app on SQLite: when an admin changes a person's role there, the menu and the
 * screens the pages offer them change with it, with no role list of the pages' own.
 */

const data = mkdtempSync(join(tmpdir(), 'admin-permissions-'));
let staff: StaffStore;
let app: Hono<AdminEnv>;
/** each person's session token, as their browser keeps it */
const tokens = new Map<string, string>();
/** whose browser the pages run in */
let current = '';

/** A new sign-in of the person: their browser keeps the session's token. */
const signIn = async (email: string, userId: string) => void tokens.set(email, (await startSession(staff, userId, 'back-office', {})).token);
const person = async (email: string, role: StaffRole) => {
  const { user } = await staff.addUser(email, role, { tokenHash: `invited-${email}`, createdBy: null });
  await signIn(email, user.id);
  return user.id;
};
const cookieOf = (email: string) => ({ cookie: `${SESSION_COOKIE}=${tokens.get(email) ?? ''}` });

beforeAll(async () => {
  staff = await openStaffStore({ dataDir: join(data, 'data') });
  ({ app } = createAdminApp({ staff, origin: ORIGIN, timeouts: DEFAULT_TIMEOUTS, clientIp: () => '203.0.113.7', issuer: 'Back office' }));
}, 60_000);
afterAll(async () => {
  // the files after this one in the worker (one window for all) start with the environment's own fetch
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('lang');
  await staff?.close();
  rmSync(data, { recursive: true, force: true });
});
beforeEach(() => {
  // the pages' relative calls go to the back office's app, with the cookie of the browser they run in
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
    app.request(input, { ...init, headers: { ...(init.headers as Record<string, string>), ...cookieOf(current) } }),
  );
});

/** The back office's pages as `email` opens them at `path`, in English. */
async function openAs(email: string, path: string) {
  cleanup();
  current = email;
  document.documentElement.lang = 'en';
  vi.resetModules();
  const { App } = await import('../../admin/app.tsx');
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

/** The sections the menu offers. */
async function menu(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Sections' }, { timeout: 10_000 });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

/** An admin changes the person's role through the server's own route; the person's sessions end, and they sign in again. */
async function changeRole(admin: string, email: string, userId: string, role: StaffRole) {
  const answer = await app.request(`/api/people/${userId}/role`, { method: 'POST', headers: { ...OWN, ...cookieOf(admin) }, body: JSON.stringify({ role }) });
  expect(answer.status).toBe(200);
  await signIn(email, userId);
}

describe('what the back office offers a person', () => {
  it('follows the role the server gives them: a role changed there changes the menu and the screens', async () => {
    await person('ada@example.nl', 'admin');
    const sam = await person('sam@example.nl', 'sales');

    await openAs('sam@example.nl', '/account');
    expect(await menu()).toEqual(['Leads', 'Account']);

    await changeRole('ada@example.nl', 'sam@example.nl', sam, 'admin');
    await openAs('sam@example.nl', '/account');
    expect(await menu()).toEqual(['Leads', 'People', 'Activity log', 'System', 'Account']);

    await changeRole('ada@example.nl', 'sam@example.nl', sam, 'editor');
    await openAs('sam@example.nl', '/leads');
    expect(await menu()).toEqual(['Account']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeTruthy();
  }, 60_000);
});
