/**
 * The server's one door for the studio on the server (studio-host/): everything of server/ that its gate and its
 * shared state use, and nothing else. Lint lets studio-host/ import server/ through this file alone
 * (eslint.config.js), and server/ imports nothing of studio-host/: what both sides read of the studio's tables lives
 * here, in storage (studio-queries.ts).
 */

// the one database and its tables (the studio's are StudioTables, migration 0009)
export type { Database } from './storage/schema.ts';
export type { StorageOptions } from './storage/types.ts';
export { monotonicClock, newId } from './storage/ids.ts';
export { DEFAULT_BUSY_WAIT_MS } from './storage/busy.ts';
export { openMigrated, patientOnSqlite } from './storage/open-database.ts';
// what the server itself reads and writes of the studio's tables: the back office's tickets, the System screen's reads
export { createTicket, currentOwner, latestRelease, OWNER_ROW, toOwner, type Owner, type Release } from './storage/studio-queries.ts';

// the back office's sign-in: its staff, their sessions (kind 'studio') and roles, its activity log
export { allows } from './admin/permissions.ts';
export { resumeSession, sessionTimeouts, startSession, type SessionTimeouts } from './staff/sessions.ts';
export { openStaffStore, type StaffStore } from './staff/store/staff-store.ts';
export { hashToken, isWellFormedToken } from './staff/tokens.ts';

// the System screen's view of a studio: its heartbeat and its publishes
export { openSystemStore, type SystemStore } from './system/system-store.ts';
export { startHeartbeat, thisInstance } from './system/heartbeat.ts';
