import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { paths } from '../../core/paths.ts';
import { copySite, startDevServer, type DevServer } from '../../scripts/test-support/dev-server.ts';

/** An answer as it came: status, headers and the body's bytes. */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with its path exactly as written (no URL parser resolves dots or decodes anything on the way). */
function raw(host: string, port: number, path: string, options: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {}) {
  return new Promise<Answer>((done, fail) => {
    const req = httpRequest({ host, port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end(options.body);
  });
}

/** An IPv4 address of this machine that is not loopback (its own network card), if it has one. */
const ownNetworkAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

/**
 * `npm run dev` on a copy of the base fixture site, listening on every interface (`--host 0.0.0.0`) as a developer
 * who previews on a phone runs it, with the default data folder (data/ in the project, where the production server
 * keeps its leads, its form secret and the uploads) and an editor that only writes down what it was asked to open.
 */
test.describe('dev server security', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  let site: string;
  let outside: string;
  let server: DevServer;
  const port = 4590 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const root = paths.root.replace(/\/$/, '');
  // planted in the project's data/ under a name of this run's own (a real leads database or secret is never touched)
  const run = `dev-security-${process.pid}-${randomBytes(4).toString('hex')}`;
  const dataDir = join(root, 'data');
  const plantedDir = join(dataDir, run);
  const secret = `FORM-SECRET-${randomBytes(16).toString('hex')}`;
  const sqlite = `SQLITE-LEADS-${randomBytes(16).toString('hex')}`;
  let madeDataDir = false;
  let marker: string;
  const local = (path: string, options?: Parameters<typeof raw>[3]) => raw('127.0.0.1', port, path, options);
  const own = `127.0.0.1:${port}`;

  test.beforeAll(async () => {
    site = copySite('dev-security-site-', join(root, 'tests/fixtures/base'));
    outside = mkdtempSync(join(tmpdir(), 'dev-security-outside-'));
    // a valid page (the site's validator reads content/pages/ as it finds it), with the secret as its title
    const page = JSON.parse(readFileSync(join(site, 'content/pages/home.json'), 'utf8')) as { title: string };
    writeFileSync(join(outside, 'outside.json'), `${JSON.stringify({ ...page, title: secret }, null, 2)}\n`);
    // a folder and a file under content/ that lead out of the site
    symlinkSync(outside, join(site, 'content/linked'));
    symlinkSync(join(outside, 'outside.json'), join(site, 'content/pages/linked.json'));
    madeDataDir = !existsSync(dataDir);
    mkdirSync(plantedDir, { recursive: true });
    writeFileSync(join(plantedDir, 'leads.sqlite'), sqlite);
    writeFileSync(join(plantedDir, 'form-secret'), secret);
    // the "editor": writes each file it is asked to open into the marker file
    const editorDir = mkdtempSync(join(tmpdir(), 'dev-security-editor-'));
    marker = join(editorDir, 'opened.txt');
    const editor = join(editorDir, 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\necho "$1" >> '${marker}'\n`);
    chmodSync(editor, 0o755);
    const env: NodeJS.ProcessEnv = { ...process.env, LAUNCH_EDITOR: editor };
    delete env.DATA_DIR;
    server = await startDevServer(site, port, 20_000, { args: ['--host', '0.0.0.0'], env });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (site) rmSync(site, { recursive: true, force: true });
    if (outside) rmSync(outside, { recursive: true, force: true });
    if (marker) rmSync(join(marker, '..'), { recursive: true, force: true });
    rmSync(plantedDir, { recursive: true, force: true });
    if (madeDataDir && existsSync(dataDir) && readdirSync(dataDir).length === 0) rmdirSync(dataDir);
  });

  test('never hands out data/: no spelling of a path there brings its bytes back', async () => {
    const d = `data/${run}`;
    const spellings = [
      `/${d}/leads.sqlite`,
      `/${d}/form-secret`,
      `/${d}/form-secret?raw`,
      `/${d}/leads.sqlite?raw`,
      `/${d}/leads.sqlite?import`,
      `/${d}/leads.sqlite?url`,
      `/${d}/leads.sqlite?inline`,
      `/${d}/form-secret?import&raw`,
      `/data%2F${run}%2Fleads.sqlite`,
      `/data%2f${run}%2fform-secret`,
      `/%64ata/${run}/leads.sqlite`,
      `/%2564ata/${run}/leads.sqlite`,
      `//${d}/leads.sqlite`,
      `///${d}//leads.sqlite`,
      `/./${d}/leads.sqlite`,
      `/%2e/${d}/leads.sqlite`,
      `/src/../${d}/leads.sqlite`,
      `/src/%2e%2e/${d}/leads.sqlite`,
      `/src/..%2F${d}/leads.sqlite`,
      `/src/%2E%2E%2F${d.replace('/', '%2F')}%2Fform-secret`,
      `/node_modules/../${d}/form-secret`,
      `/DATA/${run}/leads.sqlite`,
      `/Data/${run}/form-secret`,
      `/data\\${run}\\leads.sqlite`,
      `/data%5C${run}%5Cleads.sqlite`,
      `/@fs${root}/${d}/form-secret`,
      `/@fs${root}/${d}/form-secret?raw`,
      `/@fs${root}/${d}/leads.sqlite?import`,
      `/@fs/${root}/${d}/form-secret`,
      `/@fs${root}/src/../${d}/form-secret`,
      `/@fs${root}/src/%2e%2e/${d}/form-secret?raw`,
      `/@fs${root.toUpperCase()}/${d}/form-secret`,
      `/@fs${encodeURIComponent(`${root}/${d}/form-secret`)}`,
      `/@id/${d}/form-secret?raw`,
      `/@id/${d}/leads.sqlite?url`,
      `/@id${root}/${d}/form-secret?raw`,
    ];
    for (const path of spellings) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await local(path, { method });
        expect([403, 404], `${method} ${path}`).toContain(answer.status);
        const text = answer.body.toString('latin1');
        expect(text, path).not.toContain(secret);
        expect(text, path).not.toContain(sqlite);
      }
    }
  });

  test('serves nothing of the project but what the pages need: not the server, the scripts, git or package.json', async () => {
    for (const path of [
      '/package.json',
      '/server/main.ts',
      '/scripts/build/build.ts',
      '/dist-server/main.js',
      '/.git/config',
      '/.git/HEAD',
      '/.env',
      '/.env.local',
      `/@fs${root}/package.json`,
      `/@fs${root}/.git/config`,
      `/@fs${root}/server/main.ts?raw`,
      `/@fs${site}/content/pages/home.json`,
      '/@fs/etc/passwd',
      '/@fs/etc/hostname?raw',
    ]) {
      const answer = await local(path);
      expect([403, 404], path).toContain(answer.status);
      expect(answer.body.toString('latin1'), path).not.toMatch(/"devDependencies"|\[core\]|root:x:0:0/);
    }
    // and what the pages need still comes: the islands' code, Vite's client, a public file, a page
    for (const path of ['/', '/contact', '/src/entry-islands.tsx', '/@vite/client', `/images/${readdirSync(join(site, 'public/images'))[0]}`])
      expect((await local(path, { headers: { Accept: 'text/html,*/*' } })).status, path).toBe(200);
  });

  test("never hands out the tools' caches: no spelling of a path in node_modules/.cache brings a bundled script back", async () => {
    // planted where scripts/run-bundled.mjs keeps its bundles (the scripts' source, with their paths in a source map)
    const cacheDir = join(root, 'node_modules/.cache/helder-run', run);
    mkdirSync(cacheDir, { recursive: true });
    const bundleMarker = `BUNDLED-SCRIPT-${randomBytes(16).toString('hex')}`;
    writeFileSync(join(cacheDir, 'scripts__build.ts.mjs'), `export const marker = '${bundleMarker}';\n`);
    try {
      const file = `helder-run/${run}/scripts__build.ts.mjs`;
      for (const path of [
        `/node_modules/.cache/${file}`,
        `/node_modules/.cache/${file}?raw`,
        `/node_modules/.cache/${file}?import`,
        `/node_modules/%2ecache/${file}`,
        `/node_modules/%252ecache/${file}`,
        `/NODE_MODULES/.Cache/${file}`,
        `//node_modules//.cache/${file}`,
        `/src/../node_modules/.cache/${file}`,
        `/node_modules/react/../.cache/${file}`,
        `/node_modules%2F.cache%2F${file.replaceAll('/', '%2F')}`,
        `/@fs${root}/node_modules/.cache/${file}`,
        `/@fs${root}/node_modules/.cache/${file}?raw`,
        `/@id/node_modules/.cache/${file}`,
      ]) {
        const answer = await local(path);
        expect([403, 404], path).toContain(answer.status);
        expect(answer.body.toString('latin1'), path).not.toContain(bundleMarker);
      }
      // the packages the pages import still come
      expect((await local('/node_modules/react/package.json')).status).not.toBe(403);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  test('answers no other origin: no CORS headers, even for another port of 127.0.0.1', async () => {
    for (const origin of [`http://127.0.0.1:${port + 1}`, `http://localhost:${port + 2}`, 'https://evil.example']) {
      const get = await local('/src/entry-islands.tsx', { headers: { Origin: origin } });
      expect(get.headers['access-control-allow-origin'], origin).toBeUndefined();
      const preflight = await local('/__studio/api/state', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods'], origin).toBeUndefined();
    }
  });

  test('the studio answers only this computer: from the network its state, pages and writes are refused', async () => {
    test.skip(!ownNetworkAddress, 'this machine has no network address but loopback to connect from');
    const network = (path: string, options?: Parameters<typeof raw>[3]) => raw(ownNetworkAddress!, port, path, options);
    const page = JSON.stringify({ path: 'content/pages/van-het-netwerk.json', text: '{ "title": "Netwerk", "blocks": [] }\n' });
    const home = readFileSync(join(site, 'content/pages/home.json'), 'utf8');
    const json = { Host: own, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'X-Staff-Request': '1' };
    // the same server answers the site's pages to the network (a phone's preview)...
    expect((await network('/', { headers: { Host: own } })).status).toBe(200);
    // ...but nothing of the studio, with the Host and headers of the studio's own page
    for (const [path, options] of [
      ['/__studio', { headers: { Host: own } }],
      ['/__studio/app.js', { headers: { Host: own } }],
      ['/__studio/api/state', { headers: { Host: own } }],
      ['/__studio/api/file?path=content/pages/home.json', { headers: { Host: own, 'Sec-Fetch-Site': 'same-origin' } }],
      ['/__studio/api/create', { method: 'POST', headers: json, body: page }],
      [
        '/__studio/api/edit',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ path: 'content/pages/home.json', base: 'x', ops: [{ op: 'set', path: ['title'], value: 'Netwerk' }] }),
        },
      ],
    ] as const) {
      const answer = await network(path, options);
      expect(answer.status, path).toBe(403);
      expect(answer.body.toString(), path).not.toContain('"files"');
    }
    expect(existsSync(join(site, 'content/pages/van-het-netwerk.json'))).toBe(false);
    expect(readFileSync(join(site, 'content/pages/home.json'), 'utf8')).toBe(home);
    // the same requests from this computer are answered
    expect((await local('/__studio/api/state', { headers: { Host: own } })).status).toBe(200);
  });

  test('the studio refuses a call another site’s page makes, and keeps refusing another Host or Origin', async () => {
    for (const headers of [
      { Host: own, 'Sec-Fetch-Site': 'cross-site' },
      { Host: own, 'Sec-Fetch-Site': 'same-site' },
      { Host: own, Origin: 'https://evil.example' },
      { Host: `rebound.example:${port}` },
    ]) {
      const state = await local('/__studio/api/state', { headers });
      expect(state.status, JSON.stringify(headers)).toBe(403);
      const create = await local('/__studio/api/create', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: 'content/pages/van-elders.json', text: '{}' }),
      });
      expect(create.status, JSON.stringify(headers)).toBe(403);
    }
    expect(existsSync(join(site, 'content/pages/van-elders.json'))).toBe(false);
  });

  test('the studio follows no link: a linked folder or file is neither listed, read nor written', async () => {
    // as the studio's own page sends a write
    const headers = { Host: own, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'X-Staff-Request': '1' };
    const state = await local('/__studio/api/state', { headers });
    expect(state.status).toBe(200);
    const { files } = JSON.parse(state.body.toString()) as { files: { path: string }[] };
    expect(files.map((f) => f.path)).toContain('content/pages/home.json');
    expect(files.filter((f) => /linked/.test(f.path))).toEqual([]);
    expect(state.body.toString()).not.toContain(secret);
    for (const path of ['content/pages/linked.json', 'content/linked/outside.json']) {
      const read = await local(`/__studio/api/file?path=${encodeURIComponent(path)}`, { headers });
      expect(read.status, path).toBe(403);
      expect(read.body.toString(), path).not.toContain(secret);
      const edit = await local('/__studio/api/edit', {
        method: 'POST',
        headers,
        body: JSON.stringify({ path, base: 'x', ops: [{ op: 'set', path: ['title'], value: 'Overschreven' }] }),
      });
      expect(edit.status, path).toBe(403);
    }
    const create = await local('/__studio/api/create', {
      method: 'POST',
      headers,
      body: JSON.stringify({ path: 'content/linked/nieuw.json', text: '{ "title": "Nieuw", "blocks": [] }\n' }),
    });
    expect(create.status).toBe(403);
    expect(readdirSync(outside)).toEqual(['outside.json']);
    expect(readFileSync(join(outside, 'outside.json'), 'utf8')).toContain(secret);
  });

  test('the editor link opens only a file of the site, only for a page of this server on this computer', async () => {
    const file = join(site, 'content/pages/home.json');
    const open = (spec: string) => `/__open-in-editor?file=${encodeURIComponent(spec)}`;
    const sameOrigin = { Host: own, 'Sec-Fetch-Site': 'same-origin', Referer: `http://${own}/__studio` };
    const refused: [string, OutgoingHttpHeaders, string?][] = [
      // what a page of another site makes the browser ask (an <img>, a link, a fetch)
      [open(`${file}:1:1`), { Host: own, 'Sec-Fetch-Site': 'cross-site' }],
      [open(`${file}:1:1`), { Host: own, 'Sec-Fetch-Site': 'same-site' }],
      [open(`${file}:1:1`), { Host: own, 'Sec-Fetch-Site': 'cross-site', Referer: 'https://evil.example/' }],
      [open(`${file}:1:1`), { Host: own, Origin: 'https://evil.example' }],
      [open(`${file}:1:1`), { Host: own, Referer: 'https://evil.example/page' }],
      [open(`${file}:1:1`), { Host: own, 'Sec-Fetch-Site': 'same-origin', Origin: `http://127.0.0.1:${port + 1}` }],
      [open(`${file}:1:1`), { Host: own }],
      [open(`${file}:1:1`), { ...sameOrigin, Host: `rebound.example:${port}` }],
      [`/__OPEN-IN-EDITOR?file=${encodeURIComponent('/etc/passwd:1:1')}`, { Host: own, 'Sec-Fetch-Site': 'cross-site' }],
      // files that are not the site's, asked for by the site's own page
      [open('/etc/passwd:1:1'), sameOrigin],
      [open(`file:///etc/passwd`), sameOrigin],
      [open(`${site}/../../../../etc/passwd`), sameOrigin],
      [open(`${plantedDir}/form-secret:1:1`), sameOrigin],
      [open(`${site}/content/pages/linked.json:1:1`), sameOrigin],
      [open(`${site}/content/linked/outside.json`), sameOrigin],
      [`/__open-in-editor/?file=${encodeURIComponent('/etc/passwd')}`, sameOrigin],
    ];
    if (ownNetworkAddress) refused.push([open(`${file}:1:1`), sameOrigin, ownNetworkAddress]);
    for (const [path, headers, host = '127.0.0.1'] of refused) {
      const answer = await raw(host, port, path, { headers });
      expect(answer.status, `${host} ${path} ${JSON.stringify(headers)}`).toBe(403);
    }
    // the studio's own link to a problem's file (a fetch from its page) opens it, at its line
    const allowed = await local(open(`${file}:4:7`), { headers: sameOrigin });
    expect(allowed.status).toBe(200);
    await expect.poll(() => (existsSync(marker) ? readFileSync(marker, 'utf8') : ''), { timeout: 5000 }).toContain('home.json');
    // a refused request that had launched the editor would be written down by now too
    await sleep(500);
    expect(readFileSync(marker, 'utf8').trim().split('\n')).toEqual([realpathSync(file)]);
  });

  test('the studio’s own “open in editor” link, a fetch from its page in the browser, still opens the file', async ({ page }) => {
    const file = join(site, 'content/pages/home.json');
    const original = readFileSync(file, 'utf8');
    const before = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
    try {
      writeFileSync(file, original.replace('"type": "hero"', '"type": "hreo"'));
      await page.goto(`http://${own}/__studio`);
      await page
        .getByRole('region', { name: /Problemen/ })
        .getByRole('button', { name: /Openen in de code-editor/ })
        .first()
        .click();
      await expect.poll(() => readFileSync(marker, 'utf8').slice(before.length), { timeout: 5000 }).toBe(`${realpathSync(file)}\n`);
    } finally {
      writeFileSync(file, original);
    }
  });
});
