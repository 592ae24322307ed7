import type { Hono } from 'hono';
import { tmpdir } from 'node:os';
import { DEFAULT_TIMEOUTS } from '../../staff/sessions.ts';
import type { StaffStore } from '../../staff/store/staff-store.ts';
import { openTestStore, type Backend } from '../../staff/test-support/backends.ts';
import { openStorage } from '../../storage/open-storage.ts';
import { openStudioTickets } from '../../storage/studio-queries.ts';
import type { Storage } from '../../storage/types.ts';
import { openSystemStore } from '../../system/system-store.ts';
import { fixtureServerSite } from '../../../tests/support/server-site.ts';
import { createAdminApp } from '../admin-app.ts';
import type { AdminEnv, RouteSpec } from '../routes.ts';
import { ORIGIN } from './staff-browser.ts';

/** What the back office's tests are given: its app and routes, the staff store on the test's clock, and one close for all. */
export interface TestAdminApp {
  app: Hono<AdminEnv>;
  routes: RouteSpec[];
  store: StaffStore;
  advance: (ms: number) => void;
  peek: () => number;
  close: () => Promise<void>;
}

/** The parts beside the staff's own calls a test wants; each opened on the test's fresh database. */
export interface TestAdminParts {
  /** the address every request comes from */
  clientIp: string;
  /** the inbox (its calls; no lead is read from a folder) */
  leads?: boolean;
  /** the studio's door, so its ticket is there */
  studio?: boolean;
  /** the System screen's call */
  system?: boolean;
}

/** The back office's app on a fresh database of `backend`, with the parts asked for; `close` closes what it opened. */
export async function openTestAdminApp(backend: Backend, parts: TestAdminParts): Promise<TestAdminApp> {
  const { store, advance, peek, options } = await openTestStore(backend);
  const closing: (() => Promise<void>)[] = [() => store.close()];
  const open = async <T extends { close: () => Promise<void> }>(opened: Promise<T>): Promise<T> => {
    const part = await opened;
    closing.push(() => part.close());
    return part;
  };
  const storage: Storage | undefined = parts.leads ? await open(openStorage(options)) : undefined;
  const studioState = parts.studio ? await open(openStudioTickets(options)) : undefined;
  const system = parts.system ? await open(openSystemStore(options)) : undefined;
  const { app, routes } = createAdminApp({
    staff: store,
    origin: ORIGIN,
    timeouts: DEFAULT_TIMEOUTS,
    clientIp: () => parts.clientIp,
    issuer: 'Back office',
    ...(storage ? { leads: { storage, uploadsDir: tmpdir(), site: fixtureServerSite, retention: { leadDays: 365, spamDays: 14 } } } : {}),
    ...(studioState ? { studio: { origin: 'http://127.0.0.1:4331', state: studioState } } : {}),
    ...(system ? { system: { store: system } } : {}),
  });
  const close = async () => {
    for (const done of closing) await done();
  };
  return { app, routes, store, advance, peek, close };
}
