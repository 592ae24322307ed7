import BetterSqlite3 from 'better-sqlite3';
import { COUNTED, type Counts } from './postgres-tools.ts';

/**
 * A consistent copy of the SQLite database while the server writes to it: `VACUUM INTO` reads one snapshot (WAL lets
 * the server go on committing leads meanwhile) and writes it compacted, so no deleted row's bytes (an erased
 * person's) are carried into the backup. SQLite's online backup API would start again at every commit of the
 * server, and under a steady stream of leads might never finish.
 */
export function copySqlite(source: string, target: string): Counts {
  const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    // a writer's checkpoint may hold the file a moment: wait for it rather than fail
    db.pragma('busy_timeout = 10000');
    db.prepare('vacuum into ?').run(target);
  } finally {
    db.close();
  }
  return countSqlite(target);
}

/** How many rows the copy holds of the tables the manifest counts. */
export function countSqlite(file: string): Counts {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const present = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name));
    const counts: Counts = {};
    for (const table of COUNTED.filter((t) => present.has(t))) counts[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return counts;
  } finally {
    db.close();
  }
}
