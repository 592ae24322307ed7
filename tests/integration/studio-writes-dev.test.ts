import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { copySite, startDevServer, type DevServer } from '../../scripts/test-support/dev-server.ts';
import { gitEnv } from '../../scripts/test-support/site-repo.ts';
import { filesOf, hostileShapes, notRefused, ownRefused, studioApiWrites, studioWrite } from '../../scripts/test-support/studio-writes.ts';

/**
 * The studio in `npm run dev` (the real dev server, over HTTP), on a copy of the base fixture in a git work tree:
 * each of its write calls takes a write only as its own page sends one (same-origin, a JSON body or an image, the
 * custom header), and nothing is written for any other shape.
 */
const port = 4880;
const origin = `http://127.0.0.1:${port}`;
let site = '';
let server: DevServer | undefined;
const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args], { encoding: 'utf8', env: gitEnv }).trim();

beforeAll(async () => {
  site = copySite('studio-writes-dev-', join(paths.root, 'tests/fixtures/base'));
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.email=dev@test', '-c', 'user.name=Developer', 'commit', '-qm', 'site');
  server = await startDevServer(site, port, 60_000, { env: { ...gitEnv } });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  if (site) rmSync(site, { recursive: true, force: true });
});

const call = (path: string, init?: RequestInit) => fetch(`${origin}${path}`, init);

it('takes a write only from its own page: every write call refuses each other shape with 403, and nothing is written', async () => {
  const writes = await studioApiWrites(call, (type) => studioWrite(origin, type), git('rev-parse', 'HEAD'));
  const before = { files: filesOf(site), head: git('rev-parse', 'HEAD') };
  expect(await notRefused(call, writes, (type) => hostileShapes(origin, type))).toEqual([]);
  expect({ files: filesOf(site), head: git('rev-parse', 'HEAD') }).toEqual(before);
  // the studio's own requests go through to each call (which refuses an empty body itself), from each of its addresses
  expect(await ownRefused(call, writes, origin)).toEqual([]);
  expect(await ownRefused(call, writes, `http://localhost:${port}`)).toEqual([]);
}, 120_000);
