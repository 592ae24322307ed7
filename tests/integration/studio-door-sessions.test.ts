import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { STUDIO_PATH } from '../../core/studio/contract.ts';
import { DEFAULT_TIMEOUTS, startSession } from '../../server/staff/sessions.ts';
import type { StaffStore } from '../../server/staff/store/staff-store.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from '../../server/staff/test-support/backends.ts';
import { hashToken, newToken } from '../../server/staff/tokens.ts';
import { studioGateOn } from '../../studio-host/gate/studio-gate.ts';
import { openStudioState, type StudioState } from '../../studio-host/state/studio-state.ts';
import { doorway } from '../../studio-host/studio-door.ts';

/**
 * The studio's door on the back office's sessions (the real gate, on SQLite with the store's test clock): the
 * studio page's script and stylesheet check the session and write nothing to it; its calls keep it alive.
 */
const backend = backends.find((b) => b.name === 'sqlite')!;
let store: StaffStore;
let state: StudioState;
let advance: (ms: number) => void;
let server: Server;
let origin: string;

beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
afterAll(() => backend.teardown(), 30_000);
beforeEach(async () => {
  let options;
  ({ store, advance, options } = await openTestStore(backend));
  state = await openStudioState(options);
  const gate = studioGateOn(store, state, DEFAULT_TIMEOUTS, async () => {});
  const enter = doorway({ ...gate, backOffice: 'http://127.0.0.1:4330' }, join(paths.root, 'tests/fixtures/base'));
  server = createServer((req, res) => void enter(req, res, () => res.end('in')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await state.close();
  await store.close();
});

it('writes nothing to the session for the studio page’s script and stylesheet, and keeps it alive for its calls', async () => {
  const { user } = await store.addUser('redacteur@example.nl', 'editor', { tokenHash: hashToken(newToken()), createdBy: null });
  const { token } = await startSession(store, user.id, 'studio', {});
  const cookie = { cookie: `__Host-studio-session=${token}` };
  const lastSeen = async () => (await store.listSessions(user.id))[0]!.lastSeenAt;
  const before = await lastSeen();
  for (let i = 0; i < 25; i++) {
    advance(2 * 60_000);
    for (const file of ['app.js', 'app.css']) {
      const answer = await fetch(`${origin}${STUDIO_PATH}/${file}`, { headers: cookie });
      expect([answer.status, await answer.text()]).toEqual([200, 'in']);
    }
  }
  expect(await lastSeen()).toBe(before);
  expect((await fetch(`${origin}${STUDIO_PATH}/api/state`, { headers: cookie })).status).toBe(200);
  expect((await lastSeen()) > before).toBe(true);
});
