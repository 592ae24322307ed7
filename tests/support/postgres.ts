import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestPostgres {
  /** postgres://app@127.0.0.1:PORT/postgres (trust auth, superuser `app`) */
  url: string;
  stop(): Promise<void>;
}

/** The newest Debian PostgreSQL bin directory, e.g. /usr/lib/postgresql/15/bin. */
function findBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      `tests/support/postgres: no PostgreSQL server binaries under ${root}/*/bin. The storage tests need a real PostgreSQL: ` +
        '.ci/run installs the Debian `postgresql` package (apt-get install postgresql).',
    );
  }
  return join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** PostgreSQL refuses to run as root: as root every server command runs as the `postgres` system user. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

/**
 * Starts a throwaway PostgreSQL on 127.0.0.1 at a free port, with its data in a new temp
 * directory (~3 s). stop() shuts it down and deletes the directory; so does process exit.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'test-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('tests/support/postgres: running as root but there is no `postgres` user');
    chownSync(dir, uid, gid);
  }
  const pgCtl = join(bin, 'pg_ctl');
  const stopSync = () => {
    if (existsSync(join(data, 'postmaster.pid'))) spawnSync(...asServerUser(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  // a crashed or interrupted test run must not leave a server behind
  process.once('exit', stopSync);

  try {
    // --no-sync: this cluster is thrown away, no need to wait for the disk
    await run(...asServerUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'app', '-E', 'UTF8', '--locale=C', '--no-sync']));
    // the free port may be taken between probing and binding: try a few
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      // fsync off: nothing here must survive a crash, and CREATE DATABASE per test is slow with it
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c full_page_writes=off`;
      try {
        // -l sends the server's output to a file; otherwise it keeps our pipe open and execFile never returns
        await run(...asServerUser(pgCtl, ['-D', data, '-l', log, '-o', options, '-w', '-t', '30', 'start']));
      } catch (error) {
        if (attempt < 3) continue;
        const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
        throw new Error(`tests/support/postgres: pg_ctl start failed: ${String(error)}\n${serverLog}`, { cause: error });
      }
      return {
        url: `postgres://app@127.0.0.1:${port}/postgres`,
        async stop() {
          process.removeListener('exit', stopSync);
          // immediate: no shutdown checkpoint, the directory is deleted next anyway
          await run(...asServerUser(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])).catch(() => undefined);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
  } catch (error) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw error;
  }
}
