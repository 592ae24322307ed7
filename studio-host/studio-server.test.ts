import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { EVENTS_API, STUDIO_API, STUDIO_PATH, type StudioEvent, type StudioState } from '../core/studio/contract.ts';
import { buildSite } from '../scripts/test-support/build-site.ts';
import { filesOf, hostileShapes, notRefused, ownRefused, studioApiWrites, studioWrite } from '../scripts/test-support/studio-writes.ts';
import { startStudioServer, type StudioServer } from './studio-server.ts';

/**
 * The studio's server without Vite, over HTTP: its pages are the build's until an edit through the studio's own
 * call, then show the edit; the live build's files are served beside them, and nothing else of it; the studio's
 * page, state and events answer as in `npm run dev`.
 */
const work = mkdtempSync(join(tmpdir(), 'studio-server-'));
const site = join(work, 'site');
const out = join(work, 'build');
cpSync(join(paths.root, 'tests/fixtures/content-landing'), site, { recursive: true });
let server: StudioServer;
/** what the server said */
const logged: string[] = [];
beforeAll(async () => {
  const built = buildSite({ siteRoot: site, out });
  expect(built.status, built.output).toBe(0);
  server = await startStudioServer({ root: paths.root, siteRoot: site, schemaDir: paths.schemas, build: out, log: (line) => void logged.push(line) });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
const post = (call: string, body: unknown) => get(`${STUDIO_API}/${call}`, { method: 'POST', headers: studioWrite(server.url), body: JSON.stringify(body) });

it('serves each page as the build wrote it, and the build’s own files beside them, never its pages’ files or its folders', async () => {
  for (const [route, file] of [
    ['/', 'index.html'],
    ['/contact', 'contact.html'],
  ] as const) {
    const answer = await get(route);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(readFileSync(join(out, file), 'utf8'));
  }
  const script = readdirSync(join(out, 'assets')).find((name) => name.endsWith('.js'))!;
  const asset = await get(`/assets/${script}`);
  expect([asset.status, asset.headers.get('content-type')]).toEqual([200, 'text/javascript']);
  expect(await asset.text()).toBe(readFileSync(join(out, 'assets', script), 'utf8'));
  for (const refused of ['/.build/bundles.json', '/index.html', '/%2e%2e/package.json', '/no-such-page'])
    expect((await get(refused)).status, refused).toBe(404);
});

it('after an edit through the studio’s call the page shows it, and the studio’s events say which file changed', async () => {
  const studioPage = await get(STUDIO_PATH);
  expect(studioPage.status).toBe(200);
  expect(await studioPage.text()).toContain(`${STUDIO_PATH}/app.js`);
  const state = (await (await get(`${STUDIO_API}/state`)).json()) as StudioState;
  const home = state.files.find((file) => file.path === 'content/pages/home.json')!;
  // the events, read as the studio reads them
  const events = await get(EVENTS_API);
  const reader = events.body!.getReader();
  const said: StudioEvent[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let text = '';
    while (!said.some((event) => 'path' in event && event.path === 'content/pages/home.json')) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value);
      for (const [, data] of text.matchAll(/^data: (.*)$/gm)) said.push(JSON.parse(data!) as StudioEvent);
    }
  })();
  const edited = await post('edit', {
    path: 'content/pages/home.json',
    base: home.hash,
    ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value: 'Websites die werken' }],
  });
  expect(edited.status).toBe(200);
  const page = await (await get('/')).text();
  expect(page).toContain('Websites die werken');
  expect(page).not.toBe(readFileSync(join(out, 'index.html'), 'utf8'));
  await reading;
  await reader.cancel();
  expect(said).toContainEqual({ path: 'content/pages/home.json' });
}, 30_000);

it('takes a write only from its own page: every write call refuses each other shape with 403, and nothing is written', async () => {
  const call = (path: string, init?: RequestInit) => get(path, init);
  const origin = server.url;
  const writes = await studioApiWrites(call, (type) => studioWrite(origin, type));
  const before = filesOf(site);
  expect(await notRefused(call, writes, (type) => hostileShapes(origin, type))).toEqual([]);
  expect(filesOf(site)).toEqual(before);
  // the studio's own requests go through to the call (which refuses an empty body itself)
  expect(await ownRefused(call, writes, origin)).toEqual([]);
  expect(filesOf(site)).toEqual(before);
}, 60_000);

it('answers a preview page it cannot render with a sentence in the site’s language and a reference, the details in its log', async () => {
  const file = join(site, 'content/pages/contact.json');
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, '{ "title": ');
  try {
    const answer = await get('/contact');
    const said = await answer.text();
    expect(answer.status).toBe(500);
    expect(said).toMatch(/^This page cannot be shown now\. First fix the problems the studio lists; if it lists none, pass code [A-Z0-9]{4}-[A-Z0-9]{4} on/);
    expect(said).not.toContain(site);
    expect(said).not.toMatch(/contact\.json|\bat .+:\d+:\d+/);
    const reference = /[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(said)![0];
    const lines = logged.filter((line) => line.includes(reference));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('GET /contact');
    expect(lines[0]).toContain('contact.json');
  } finally {
    writeFileSync(file, text);
  }
});
