import { statfs } from 'node:fs/promises';
import { SYSTEM_LIMITS, type SystemAnswer, type SystemWarning } from '../../core/admin/system.ts';
import { currentOwner, latestRelease } from '../storage/studio-queries.ts';
import type { SystemDb, SystemStore } from './system-store.ts';

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The mails the outbox still has to send (new, or waiting for another try), the oldest's time, and those given up. */
async function mailFacts(db: SystemDb): Promise<SystemAnswer['mail']> {
  const waiting = await db
    .selectFrom('mails')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('state', 'in', ['outbox', 'retrying'])
    .executeTakeFirstOrThrow();
  const failed = await db
    .selectFrom('mails')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('state', '=', 'failed')
    .executeTakeFirstOrThrow();
  return { waiting: Number(waiting.count), oldestAt: waiting.oldest ?? null, failed: Number(failed.count) };
}

async function leadCount(db: SystemDb): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The data folder's file system: what this user may still write, and its size. */
export async function diskFacts(dataDir: string): Promise<SystemAnswer['disk']> {
  try {
    const fs = await statfs(dataDir);
    return { freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
  } catch {
    return null;
  }
}

/** The last publish: its event (with how long it took), else the release the studio recorded (without). */
async function publishFacts(store: SystemStore): Promise<SystemAnswer['publish']> {
  const event = await store.lastEvent('publish');
  const release = await latestRelease(store.db);
  if (event && (!release || event.at >= release.publishedAt)) return { at: event.at, by: text(event.detail.by), seconds: number(event.detail.seconds) };
  return release ? { at: release.publishedAt, by: release.publishedBy, seconds: null } : null;
}

async function instanceFacts(store: SystemStore, now: Date): Promise<SystemAnswer['instances']> {
  const owner = await currentOwner(store.db);
  const held = owner && !owner.releasedAt && new Date(owner.expiresAt) > now ? owner.instance : undefined;
  return (await store.instances()).map((row) => ({
    id: row.id,
    kind: row.kind,
    host: row.host,
    startedAt: row.startedAt,
    lastSeenAt: row.lastSeenAt,
    version: row.version,
    gone: row.stoppedAt !== null || now.getTime() - new Date(row.lastSeenAt).getTime() > SYSTEM_LIMITS.goneAfterSeconds * 1000,
    holdsStudio: row.id === held,
  }));
}

/** What needs someone's attention, by the thresholds of SYSTEM_LIMITS. */
export function warningsOf(facts: Omit<SystemAnswer, 'warnings'>): SystemWarning[] {
  const now = new Date(facts.now).getTime();
  const warnings: SystemWarning[] = [];
  if (facts.mail.oldestAt && now - new Date(facts.mail.oldestAt).getTime() > SYSTEM_LIMITS.mailStuckMinutes * 60_000) warnings.push('mail-stuck');
  if (facts.disk && facts.disk.totalBytes > 0 && facts.disk.freeBytes / facts.disk.totalBytes < SYSTEM_LIMITS.diskLowFraction) warnings.push('disk-low');
  if (!facts.backup) warnings.push('no-backup');
  else if (now - new Date(facts.backup.at).getTime() > SYSTEM_LIMITS.backupOldDays * 86_400_000) warnings.push('old-backup');
  return warnings;
}

/** The whole system as the System screen and /metrics show it, read now from the database and the data folder's disk. */
export async function systemFacts(store: SystemStore, now = new Date()): Promise<SystemAnswer> {
  const [mail, leads, disk, backupEvent, publish, buildEvent, instances] = await Promise.all([
    mailFacts(store.db),
    leadCount(store.db),
    diskFacts(store.dataDir),
    store.lastEvent('backup'),
    publishFacts(store),
    store.lastEvent('build'),
    instanceFacts(store, now),
  ]);
  const backup = backupEvent && {
    at: backupEvent.at,
    by: text(backupEvent.detail.by),
    bytes: number(backupEvent.detail.bytes),
    seconds: number(backupEvent.detail.seconds),
  };
  const build = buildEvent && { at: buildEvent.at, seconds: number(buildEvent.detail.seconds) };
  const facts = { now: now.toISOString(), mail, leads, disk, backup: backup ?? null, publish, build: build ?? null, instances };
  return { ...facts, warnings: warningsOf(facts) };
}
