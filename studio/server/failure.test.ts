import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { PUBLISH_API, STUDIO_PATH } from '../../core/studio/contract.ts';
import { copySite } from '../../scripts/test-support/dev-server.ts';
import { gitEnv } from '../../scripts/test-support/site-repo.ts';
import { studioHandler } from './handler.ts';

/**
 * A failure of the studio's server (500) over HTTP, on a copy of the Dutch base fixture in git: the answer says in the
 * site's language what the person can do, with a short reference, and holds no path, stack or git output; the log
 * holds the same reference with the details.
 */
let site = '';
let server: Server;
let origin = '';
const logged: string[] = [];

beforeAll(async () => {
  site = copySite('studio-failure-', join(paths.root, 'tests/fixtures/base'));
  const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args], { env: gitEnv });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.email=dev@test', '-c', 'user.name=Developer', 'commit', '-qm', 'site');
  const handler = studioHandler(
    { siteRoot: site, schemaDir: paths.schemas },
    {
      watcher: { on: () => undefined, off: () => undefined },
      // the studio's code does not build: the bundler's message names the file it choked on
      bundle: () => Promise.reject(new Error(`Build failed with 1 error:\n${join(paths.root, 'studio/ui/app.tsx')}:3:7: ERROR: Expected ";"`)),
      origins: () => [origin],
      log: (line: string) => void logged.push(line),
    },
  );
  server = createServer((req, res) => {
    if (!handler.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((closed) => server?.close(closed));
  if (site) rmSync(site, { recursive: true, force: true });
});

/** The reference an answer gives, and the one log line that names it. */
function referenced(text: string) {
  const reference = /\b([A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(text)?.[1];
  expect(reference, text).toBeDefined();
  const lines = logged.filter((line) => line.includes(reference!));
  expect(lines).toHaveLength(1);
  return { reference: reference!, line: lines[0]! };
}

/** No file path, stack frame or git output in what a person is shown. */
function expectPlain(text: string) {
  expect(text).not.toContain(site);
  expect(text).not.toContain(paths.root);
  expect(text).not.toMatch(/\bat .+:\d+:\d+|fatal:|git |Command failed|\.tsx?\b|ERROR/);
}

it('answers a git failure in Publish with a sentence in the site’s language and a reference; the details go to the log under it', async () => {
  // git's index broken: every git command of Publish fails
  writeFileSync(join(site, '.git/index'), 'no index at all');
  const answer = await fetch(`${origin}${PUBLISH_API}/changes`);
  const text = await answer.text();
  expect(answer.status).toBe(500);
  expectPlain(text);
  const body = JSON.parse(text) as { error: string; reference?: string };
  expect(body.error).toMatch(/^Dat lukte niet: er ging iets mis in de studio\. Probeer het nog eens\./);
  const { reference, line } = referenced(body.error);
  expect(body.reference).toBe(reference);
  // the details: git's own words, where, and the stack
  expect(line).toContain('GET /__studio/api/publish/changes');
  expect(line).toMatch(/index file|fatal/);
  expect(line).toContain(site);
  expect(line).toMatch(/\n\s+at /);
});

it('answers the studio’s page code that did not build with a sentence and a reference, the bundler’s words in the log', async () => {
  const answer = await fetch(`${origin}${STUDIO_PATH}/app.js`);
  const text = await answer.text();
  expect(answer.status).toBe(500);
  expectPlain(text);
  expect(text).toMatch(/^De studio kon niet worden geopend/);
  const { line } = referenced(text);
  expect(line).toContain(`${join(paths.root, 'studio/ui/app.tsx')}:3:7: ERROR: Expected ";"`);
});

it('gives every failure its own reference', async () => {
  const references = new Set<string>();
  for (let i = 0; i < 3; i++) references.add(((await (await fetch(`${origin}${PUBLISH_API}/changes`)).json()) as { reference: string }).reference);
  expect(references.size).toBe(3);
});
