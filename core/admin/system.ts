/**
 * GET /api/system (admins): the state of the whole system as the System screen shows it in words and /metrics as
 * figures (server/system/facts.ts reads it). Times are ISO; sizes in bytes; durations in seconds.
 */
export interface SystemAnswer {
  /** the server's clock when it answered: ages are counted from it */
  now: string;
  /** mails the outbox has not sent yet (new or to be tried again), and when the oldest of them was queued */
  mail: { waiting: number; oldestAt: string | null; failed: number };
  leads: number;
  /** the data folder's file system; null when it cannot be read */
  disk: { freeBytes: number; totalBytes: number } | null;
  /** the last `npm run backup` that finished; null: none recorded */
  backup: { at: string; by: string; bytes: number; seconds: number } | null;
  /** the last publish from the studio (seconds: null when only its release is known) */
  publish: { at: string; by: string; seconds: number | null } | null;
  /** the last build made live on a server */
  build: { at: string; seconds: number } | null;
  instances: SystemInstance[];
  /** the warnings the screen puts first, worked out by the server (SystemWarning) */
  warnings: SystemWarning[];
}

export interface SystemInstance {
  id: string;
  /** site: `npm start` (the site and the back office); studio: `npm run studio` */
  kind: 'site' | 'studio';
  host: string;
  startedAt: string;
  lastSeenAt: string;
  version: string;
  /** not heard of for two minutes, or stopped */
  gone: boolean;
  /** it owns the studio's working copy now */
  holdsStudio: boolean;
}

/**
 * - mail-stuck: a mail has waited more than 15 minutes; disk-low: less than 10% of the data folder's disk is free;
 * - no-backup: none was ever recorded; old-backup: the last one is more than 2 days old.
 */
export type SystemWarning = 'mail-stuck' | 'disk-low' | 'no-backup' | 'old-backup';

/** The thresholds of the warnings. */
export const SYSTEM_LIMITS = {
  mailStuckMinutes: 15,
  diskLowFraction: 0.1,
  backupOldDays: 2,
  /** an instance without a heartbeat this long is shown as gone */
  goneAfterSeconds: 120,
} as const;
