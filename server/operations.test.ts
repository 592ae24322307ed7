import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { fixtureDist, removeDir } from '../tests/support/server-process.ts';

/**
 * What an operator does to the server: start it through npm, stop it as a process manager or a container does
 * (SIGTERM to the process it started, npm here), start it on a taken port or without a build. Each against the
 * real processes: the command's own process tree must be gone and the port free.
 */
const out = mkdtempSync(join(tmpdir(), 'operations-build-'));
const dirs: string[] = [out, `${out}-ssr`];
afterAll(() => dirs.forEach(removeDir));

// npm's own variables of an enclosing `npm test` stay out of the npm the test starts
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^SITE_OUT$|^DIST_DIR$|^DATA_DIR$|^PORT$/i.test(name)));

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** A command that ends by serving: resolves once it prints the server's URL. */
async function startCommand(command: string, args: string[], extraEnv: Record<string, string>, timeoutMs: number, cwd = paths.root): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'operations-data-'));
  dirs.push(dataDir);
  // its own process group, so the cleanup below can end whatever a failed test leaves behind
  const child = spawn(command, args, { cwd, env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...extraEnv }, detached: true });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} ${args.join(' ')} did not start:\n${output}`)), timeoutMs);
    child.stdout.on('data', () => {
      const match = /serving .* on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
  return { child, port, output: () => output, exited };
}

/** The process and every descendant of it, from /proc. */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    // gone already
  }
  return [pid, ...children.flatMap(tree)];
}

/** Running: present and not a zombie waiting for its parent. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** SIGTERM to the started command alone, as a process manager sends it; then every process of it gone and the port free. */
async function stopsOnSigterm(started: Started): Promise<void> {
  const pids = tree(started.child.pid!);
  expect(pids.length).toBeGreaterThan(0);
  expect(await listening(started.port)).toBe(true);
  try {
    process.kill(started.child.pid!, 'SIGTERM');
    // a generous wait for the shutdown (it finishes open requests first), for a loaded machine
    const until = Date.now() + 60_000;
    while (Date.now() < until && (pids.some(alive) || (await listening(started.port)))) await new Promise((r) => setTimeout(r, 100));
    expect(pids.filter(alive), started.output()).toEqual([]);
    expect(await listening(started.port)).toBe(false);
    // the server's own shutdown ran: open requests were let finish, the database closed
    expect(started.output()).toContain('SIGTERM: finishing open requests');
  } finally {
    for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
  }
}

describe('SIGTERM stops the server, however it was started', () => {
  // npm start builds first (into SITE_OUT, away from the project's dist/): a build takes 10-60 s on a busy 2-core machine
  it('npm start', async () => {
    await stopsOnSigterm(await startCommand('npm', ['start'], { SITE_OUT: out, BUILD_QUIET: '1' }, 240_000));
  }, 300_000);

  it('npm run serve', async () => {
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    await stopsOnSigterm(await startCommand('npm', ['run', 'serve'], { DIST_DIR: out }, 30_000));
  }, 120_000);

  it('node dist-server/main.js', async () => {
    await stopsOnSigterm(await startCommand(process.execPath, ['dist-server/main.js'], { DIST_DIR: out }, 30_000));
  }, 120_000);
});

/** Runs a command that must fail: its exit code and what it printed. */
function fails(command: string, args: string[], extraEnv: Record<string, string>, cwd = paths.root): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv } });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

/** Node's stack lines ("    at main (file:...)"): the messages below must have none. */
const STACK = /^\s+at /m;

describe('one line that says what to do, instead of a stack', () => {
  it('a taken port', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const dist = fixtureDist();
    const dataDir = mkdtempSync(join(tmpdir(), 'operations-data-'));
    dirs.push(dist, dataDir);
    try {
      const { code, output } = await fails(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: dist,
        DATA_DIR: dataDir,
      });
      expect(code).toBe(1);
      expect(output).toContain(`port ${port} is taken: stop the other server or set PORT=... to a free one`);
      expect(output).not.toMatch(STACK);
    } finally {
      holder.close();
    }
  }, 60_000);

  it('npm run serve without a build', async () => {
    // the project's package.json and launcher, beside no dist-server/
    const app = mkdtempSync(join(tmpdir(), 'operations-nobuild-'));
    dirs.push(app);
    cpSync(join(paths.root, 'package.json'), join(app, 'package.json'));
    if (existsSync(join(paths.root, 'scripts/start.mjs'))) {
      mkdirSync(join(app, 'scripts'));
      cpSync(join(paths.root, 'scripts/start.mjs'), join(app, 'scripts/start.mjs'));
    }
    symlinkSync(join(paths.root, 'node_modules'), join(app, 'node_modules'));
    const { code, output } = await fails('npm', ['run', 'serve'], {}, app);
    expect(code).toBe(1);
    expect(output).toContain('no build in dist-server/: run npm run build first (or npm start)');
    expect(output).not.toMatch(STACK);
  }, 60_000);
});
