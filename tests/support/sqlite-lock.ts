import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { paths } from '../../core/paths.ts';

export interface HeldLock {
  /** Rolls the transaction back and waits for the process to end. */
  release: () => Promise<void>;
}

/**
 * Another process holding SQLite's write lock on `file`, as a sqlite3 shell in the middle of a transaction
 * would: BEGIN IMMEDIATE and a write, not committed until release(). The file is switched to WAL first, as
 * the server keeps it; release() rolls back, so the database is left as it was.
 */
export async function holdSqliteWriteLock(file: string): Promise<HeldLock> {
  const code = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.exec('BEGIN IMMEDIATE');
    db.exec('CREATE TABLE IF NOT EXISTS lock_holder (x); INSERT INTO lock_holder VALUES (1)');
    process.stdout.write('locked\\n');
    process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: paths.root, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  // a test that fails before release() must not leave the holder behind
  const cleanup = () => child.kill('SIGKILL');
  process.once('exit', cleanup);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    void exited.then(([status]) => reject(new Error(`lock holder exited with ${String(status)}`)));
  });
  return {
    release: async () => {
      process.removeListener('exit', cleanup);
      if (child.exitCode === null) child.stdin.write('release\n');
      await exited;
    },
  };
}
