import { hostname } from 'node:os';
import type { SystemStore } from './system-store.ts';

/** How often a server process says it is alive; the System screen shows it gone after two minutes without. */
export const HEARTBEAT_MS = 30_000;

/** This process as the database names it: host and process id, as the studio's owner row names the studio's instance. */
export const thisInstance = () => `${hostname()}:${process.pid}`;

export interface Heartbeat {
  id: string;
  /** a clean stop: the row says so at once, and no more beats */
  stop(): Promise<void>;
}

/**
 * Keeps this process's row in server_instances: made at once, then its last_seen_at moved on every HEARTBEAT_MS
 * (`version` asked each time: the live build changes under a running server). A database that does not answer one
 * beat is tried again at the next; the process serves on regardless.
 */
export function startHeartbeat(store: SystemStore, options: { kind: 'site' | 'studio'; version: () => string; everyMs?: number }): Heartbeat {
  const id = thisInstance();
  const row = () => ({ id, kind: options.kind, host: hostname(), startedAt, version: options.version() });
  const startedAt = new Date().toISOString();
  let last = store.beat(row()).catch(() => undefined);
  const timer = setInterval(() => {
    last = last.then(() => store.beat(row()).catch(() => undefined));
  }, options.everyMs ?? HEARTBEAT_MS).unref();
  return {
    id,
    stop: async () => {
      clearInterval(timer);
      await last;
      await store.stopped(id).catch(() => undefined);
    },
  };
}
