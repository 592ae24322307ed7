import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { parseServerSite, SERVER_SITE_FILE } from '../core/site/server-site.ts';

/**
 * A production install: the build's output, package.json, the lockfile and the launcher (scripts/start.mjs) in a
 * folder of their own, `npm ci --omit=dev`, then `npm run serve` and `npm run leads` there. Nothing of the sources
 * and no development package may be needed; `npm start`, which builds, says in one line why it cannot. The long
 * timeout is for an npm ci that has to compile better-sqlite3 (no binary of the project's to take, none to
 * download), which takes minutes on a busy 2-core machine.
 */
const INSTALL_TIMEOUT_MS = 540_000;
const app = mkdtempSync(join(tmpdir(), 'production-install-'));
const dataDir = join(app, 'data');
const dist = join(app, 'dist');
// npm's own variables of an enclosing `npm test` (its flags, its lifecycle) stay out of the copy's npm
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^SITE_OUT$|^DIST_DIR$|^DATA_DIR$|^PORT$/i.test(name)));

const prebuilds = mkdtempSync(join(tmpdir(), 'production-install-prebuilds-'));

// the copy's node_modules takes a while to delete on a busy machine
afterAll(() => {
  rmSync(app, { recursive: true, force: true });
  rmSync(prebuilds, { recursive: true, force: true });
}, 60_000);

/**
 * better-sqlite3's install script (prebuild-install) takes its binary from a folder of local prebuilds when the
 * folder has one for its version, Node and platform, before it downloads one or compiles its C sources. The
 * folder gets the binary this project's install already has, when it is of the version the lockfile names: the
 * copy's install still runs that script, without compiling the same sources again. The variables npm is given.
 */
function localPrebuilds(): NodeJS.ProcessEnv {
  const pkg = join(paths.root, 'node_modules/better-sqlite3');
  const binary = join(pkg, 'build/Release/better_sqlite3.node');
  if (!existsSync(binary)) return {};
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', join(prebuilds, name), '-C', pkg, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): string {
  const result = spawnSync(command, args, { cwd: options.cwd, env: options.env ?? env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `run` as a child that leaves the event loop free, so that two can run at once. */
function runAsync(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: options.cwd, env: options.env ?? env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Every package folder under node_modules, scoped ones included. */
function packageCount(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) count += readdirSync(join(dir, name)).length;
    else count++;
  }
  return count;
}

/** The back office on its own port (any free one with PORT=0), its pages served from the copy's dist-admin/. */
async function expectBackOfficePages(output: () => string) {
  await expect.poll(() => /back office on (http:\/\/\S+)/.exec(output())?.[1], { timeout: 10_000 }).toBeTruthy();
  const admin = /back office on (http:\/\/\S+)/.exec(output())![1]!;
  const signIn = await fetch(`${admin}/aanmelden`);
  expect([signIn.status, signIn.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(await signIn.text())?.[1];
  expect(script).toBeTruthy();
  expect((await fetch(`${admin}${script}`)).status).toBe(200);
  expect(output()).not.toContain('no back office pages');
}

it(
  'the build runs after npm ci --omit=dev, with neither the sources nor a development package',
  async () => {
    // the install needs only package.json, the lockfile and the launcher: it runs while the site builds
    mkdirSync(join(app, 'scripts'));
    for (const file of ['package.json', 'package-lock.json', 'scripts/start.mjs']) cpSync(join(paths.root, file), join(app, file));
    const started = performance.now();
    const install = runAsync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: app,
      env: { ...env, ...localPrebuilds() },
    }).then(() => seconds(started));
    // the build, into the copy: its pages and site file, the bundled server it writes to dist-server/ and the back office's pages (dist-admin/)
    const build = runAsync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
      cwd: paths.root,
      env: { ...env, SITE_OUT: dist, BUILD_QUIET: '1' },
    }).then(() => {
      rmSync(`${dist}-ssr`, { recursive: true, force: true });
      cpSync(paths.distServer, join(app, 'dist-server'), { recursive: true });
      cpSync(paths.distAdmin, join(app, 'dist-admin'), { recursive: true });
      console.log(`production install: build ${seconds(started)} s`);
    });
    // both end before either's failure is told: no child is left running behind the test
    const [installed, built] = await Promise.allSettled([install, build]);
    for (const result of [installed, built]) if (result.status === 'rejected') throw result.reason;
    const modules = join(app, 'node_modules');
    const size = execFileSync('du', ['-sh', modules], { encoding: 'utf8' }).split('\t')[0];
    console.log(
      `production install: npm ci --omit=dev ${(installed as PromiseFulfilledResult<string>).value} s, ${packageCount(modules)} packages, node_modules ${size}`,
    );
    expect(existsSync(join(modules, 'tsx'))).toBe(false);
    expect(existsSync(join(modules, 'react'))).toBe(false);

    // npm start builds, and a build needs the development packages: one line that says so, not `tsx: not found`
    const start = spawnSync('npm', ['start'], { cwd: app, env, encoding: 'utf8' });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain(
      'npm start builds the site first, which needs the development packages: run npm ci (without --omit=dev), or serve a build made elsewhere with npm run serve',
    );
    expect(`${start.stdout}${start.stderr}`).not.toMatch(/not found|^\s+at /m);

    const server = spawn('npm', ['run', 'serve'], {
      cwd: app,
      env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: dist },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    server.stdout.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm run serve did not start:\n${output}`)), 30_000);
        server.stdout.on('data', () => {
          const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(`http://127.0.0.1:${match[1]}`);
          }
        });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`npm run serve exited with ${code}:\n${output}`));
        });
      });

      await expectBackOfficePages(() => output);

      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await home.text()).toContain('<!doctype html>');
      expect((await fetch(`${url}/${SERVER_SITE_FILE}`)).status).toBe(404);

      // a person takes longer than the form's minimum fill time
      const site = parseServerSite(readFileSync(join(dist, SERVER_SITE_FILE), 'utf8'));
      const { token } = (await (await fetch(`${url}/api/forms/contact/token`)).json()) as { token: string };
      await new Promise((r) => setTimeout(r, (site.integrations.leads?.minFillSeconds ?? 3) * 1000 + 300));
      const email = `production-${Date.now()}@example.nl`;
      const values = { name: 'Productie Test', email, phone: '06 12345678', message: 'Een lead op de productie-installatie.' };
      const sent = await fetch(`${url}/api/forms/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ submissionId: `prod-${Date.now().toString(36)}`, values, token, hp: '' }),
      });
      expect(sent.status, await sent.clone().text()).toBe(201);
      const { id } = (await sent.json()) as { id: string };

      const leads = JSON.parse(run('npm', ['run', '-s', 'leads', '--', '--json'], { cwd: app, env: { ...env, DATA_DIR: dataDir } })) as {
        id: string;
        email: string;
        spam: boolean;
      }[];
      expect(leads).toContainEqual(expect.objectContaining({ id, email, spam: false }));

      // a photo is re-encoded by sharp, a run-time dependency: it must load from this install
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      const photo = new FormData();
      photo.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
      const uploaded = await fetch(`${url}/3/image`, { method: 'POST', headers: { Authorization: 'Client-ID local' }, body: photo });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const { data } = (await uploaded.json()) as { data: { link: string; width: number; height: number } };
      expect(data).toMatchObject({ width: 1, height: 1 });
      const served = await fetch(`${url}${new URL(data.link).pathname}`);
      expect(served.status).toBe(200);
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    } finally {
      // npm and the server it started: the whole process group
      if (server.exitCode === null && server.pid) process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
  },
  INSTALL_TIMEOUT_MS,
);
