import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { fixtureDist, removeDir, startServer } from '../tests/support/server-process.ts';

/** The data folder holds leads, photos and the form secret: the server's user alone may read it. */
const dist = fixtureDist();
const made: string[] = [dist];
afterAll(() => made.forEach(removeDir));

it('creates the data folder for its own user only (0700), with a form secret of at least 32 bytes (0600)', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'data-parent-'));
  made.push(parent);
  const dataDir = join(parent, 'data');
  const server = await startServer({ dataDir, distDir: dist });
  await server.stop();
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  const secret = join(dataDir, 'form-secret');
  expect(statSync(secret).mode & 0o777).toBe(0o600);
  expect(Buffer.byteLength(readFileSync(secret, 'utf8').trim())).toBeGreaterThanOrEqual(32);
}, 60_000);

it('replaces an empty secret left by a failed first write, and the folder it finds open becomes 0700', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'data-open-'));
  made.push(dataDir);
  mkdirSync(join(dataDir, 'uploads'), { mode: 0o755 });
  writeFileSync(join(dataDir, 'form-secret'), '');
  const server = await startServer({ dataDir, distDir: dist });
  await server.stop();
  expect(Buffer.byteLength(readFileSync(join(dataDir, 'form-secret'), 'utf8').trim())).toBeGreaterThanOrEqual(32);
  expect(statSync(dataDir).mode & 0o777).toBe(0o700);
}, 60_000);

it('refuses to start with a FORM_SECRET shorter than 32 bytes, and says why', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'data-short-'));
  made.push(dataDir);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'server/main.ts')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DIST_DIR: dist, FORM_SECRET: 'too-short' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  // one line of the server's JSON log (server/observe/log.ts), at level error, with the reason in words
  const refusal = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .find((line) => line.msg.includes('FORM_SECRET'));
  expect(refusal).toMatchObject({ level: 'error', msg: expect.stringContaining('FORM_SECRET must be at least 32 bytes') });
  // the server's start under tsx, on a loaded machine, can take longer than a unit test's 5 s
}, 40_000);
