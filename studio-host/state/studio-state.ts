import type { Kysely } from 'kysely';
import {
  createTicket,
  currentOwner,
  DEFAULT_BUSY_WAIT_MS,
  latestRelease,
  monotonicClock,
  openMigrated,
  patientOnSqlite,
  type Database,
  type Owner,
  type Release,
  type StorageOptions,
} from '../../server/studio-host-door.ts';
import { liveLeases, releaseLease, renewLease, takeLease, type Lease, type LeaseAnswer, type LeaseRequest } from './leases.ts';
import {
  createPreviewLink,
  livePreviewLinks,
  openPreviewLink,
  revokePreviewLink,
  sweepPreviewLinks,
  type NewPreviewLink,
  type PreviewLink,
} from './preview-links.ts';
import { redeemTicket } from './tickets.ts';
import { recordRelease } from './releases.ts';
import { addSchedule, cancelSchedule, claimDueSchedule, finishSchedule, listSchedules, type Schedule } from './schedules.ts';
import { claimOwner, releaseOwner, renewOwner, type OwnerClaim, type OwnerRequest } from './owner.ts';

export type { Lease, LeaseAnswer, LeaseRequest, NewPreviewLink, PreviewLink, Owner, OwnerClaim, OwnerRequest, Release, Schedule };

/**
 * What the studio on the server shares between editors and between server instances, in the leads' database
 * (SQLite, or PostgreSQL that every instance uses): which tab has which file open, the client preview links, the
 * scheduled publishes, the tickets that open the studio for a signed-in editor, and which instance owns the working copy. Times come from the store's clock (a fake one in tests).
 */
export interface StudioState {
  kind: 'sqlite' | 'postgres';
  takeLease(request: LeaseRequest): Promise<LeaseAnswer>;
  renewLease(path: string, leaseId: string, ttlMs: number): Promise<boolean>;
  releaseLease(path: string, leaseId: string): Promise<boolean>;
  liveLeases(): Promise<Lease[]>;

  createPreviewLink(link: NewPreviewLink): Promise<PreviewLink>;
  openPreviewLink(tokenHash: string): Promise<PreviewLink | undefined>;
  revokePreviewLink(id: string): Promise<boolean>;
  livePreviewLinks(): Promise<PreviewLink[]>;
  sweepPreviewLinks(): Promise<number>;

  addSchedule(at: Date, createdBy: string): Promise<Schedule>;
  cancelSchedule(id: string): Promise<boolean>;
  claimDueSchedule(instance: string, staleMs: number): Promise<Schedule | undefined>;
  finishSchedule(id: string, instance: string, outcome: { status: 'done' | 'failed'; detail: string }): Promise<boolean>;
  listSchedules(): Promise<Schedule[]>;

  createTicket(tokenHash: string, userId: string): Promise<void>;
  redeemTicket(tokenHash: string): Promise<string | undefined>;

  recordRelease(commit: string, publishedBy: string): Promise<void>;
  latestRelease(): Promise<Release | undefined>;

  claimOwner(request: OwnerRequest): Promise<OwnerClaim>;
  renewOwner(instance: string, leaseMs: number): Promise<boolean>;
  releaseOwner(instance: string): Promise<boolean>;
  currentOwner(): Promise<Owner | undefined>;
  close(): Promise<void>;
}

/** The state on an open, migrated database. */
export function studioStateOn(db: Kysely<Database>, kind: 'sqlite' | 'postgres', clock: () => Date): StudioState {
  let closed: Promise<void> | undefined;
  return {
    kind,
    takeLease: (request) => takeLease(db, request, clock()),
    renewLease: (path, leaseId, ttlMs) => renewLease(db, path, leaseId, ttlMs, clock()),
    releaseLease: (path, leaseId) => releaseLease(db, path, leaseId),
    liveLeases: () => liveLeases(db, clock()),
    createPreviewLink: (link) => createPreviewLink(db, link, clock()),
    openPreviewLink: (tokenHash) => openPreviewLink(db, tokenHash, clock()),
    revokePreviewLink: (id) => revokePreviewLink(db, id, clock()),
    livePreviewLinks: () => livePreviewLinks(db, clock()),
    sweepPreviewLinks: () => sweepPreviewLinks(db, clock()),
    addSchedule: (at, createdBy) => addSchedule(db, at, createdBy, clock()),
    cancelSchedule: (id) => cancelSchedule(db, id, clock()),
    claimDueSchedule: (instance, staleMs) => claimDueSchedule(db, instance, clock(), staleMs),
    finishSchedule: (id, instance, outcome) => finishSchedule(db, id, instance, outcome, clock()),
    listSchedules: () => listSchedules(db),
    createTicket: (tokenHash, userId) => createTicket(db, tokenHash, userId, clock()),
    redeemTicket: (tokenHash) => redeemTicket(db, tokenHash, clock()),
    recordRelease: (commit, publishedBy) => recordRelease(db, commit, publishedBy, clock()),
    latestRelease: () => latestRelease(db),
    claimOwner: (request) => claimOwner(db, request, clock()),
    renewOwner: (instance, leaseMs) => renewOwner(db, instance, leaseMs, clock()),
    releaseOwner: (instance) => releaseOwner(db, instance, clock()),
    currentOwner: () => currentOwner(db),
    close: () => (closed ??= db.destroy()),
  };
}

/**
 * Opens the leads' database (SQLite in dataDir, or PostgreSQL at databaseUrl), brings its schema up to date (the
 * studio's tables are migration 0009 of the one list) and returns the studio's shared state. On SQLite every call
 * waits for another process's write lock, as the leads' storage does.
 */
export async function openStudioState(options: StorageOptions, clock: () => Date = monotonicClock()): Promise<StudioState> {
  const { db, kind, opened } = await openMigrated(options);
  opened?.();
  const state = studioStateOn(db, kind, clock);
  return kind === 'sqlite' ? patientOnSqlite(state, options.busyWaitMs ?? DEFAULT_BUSY_WAIT_MS) : state;
}
