import type { StudioAuditKind } from '../../core/admin/contract.ts';
import {
  allows,
  hashToken,
  isWellFormedToken,
  openStaffStore,
  openSystemStore,
  resumeSession,
  sessionTimeouts,
  startHeartbeat,
  startSession,
  thisInstance,
  type SessionTimeouts,
  type StaffStore,
  type StorageOptions,
  type SystemStore,
} from '../../server/studio-host-door.ts';
import { openStudioState, type StudioState } from '../state/studio-state.ts';

/** The person a studio request comes from: an editor or admin of the back office. */
export interface Editor {
  id: string;
  email: string;
}

/** Who sent a request: a person who may edit, a person whose role may not (403), or nobody (401). */
export type Admission = { editor: Editor } | 'forbidden' | 'signed-out';

/**
 * The studio's door on its own origin, for its server: a ticket the back office made (server/admin/studio-routes.ts) opens a
 * studio session (the back office's time-outs; listed on the account page, ended there, by "sign out everywhere" and
 * by a disabled account), whose token the studio keeps in its own cookie. Every request after is let in only while
 * that session lives and its person's role may edit content. A studio session opens no back office, and a back
 * office session no studio (SessionKind).
 */
export interface StudioGate {
  /** a ticket redeemed: the new session's token for the cookie, or undefined (unknown, used or expired) */
  enter(ticket: string, where: { userAgent?: string }): Promise<string | undefined>;
  /** `write: false`: a static file, which checks the session and writes nothing to it */
  admit(token: string | undefined, options?: { write?: boolean }): Promise<Admission>;
  /** a line in the back office's activity log, by the person of a request */
  audit(kind: StudioAuditKind, who: Editor | { email: string }): Promise<void>;
  /** the client preview links (state/preview-links.ts) */
  links: {
    create: StudioState['createPreviewLink'];
    open: StudioState['openPreviewLink'];
    revoke: StudioState['revokePreviewLink'];
    live: StudioState['livePreviewLinks'];
  };
  /** which studio tab has which file open (state/leases.ts) */
  leases: { take: StudioState['takeLease']; renew: StudioState['renewLease']; release: StudioState['releaseLease'] };
  /** the commits published on any instance (state/releases.ts), which each instance builds */
  releases: { record: StudioState['recordRelease']; latest: StudioState['latestRelease'] };
  /** which instance owns the working copy and serves the studio (state/owner.ts) */
  owner: { claim: StudioState['claimOwner']; renew: StudioState['renewOwner']; release: StudioState['releaseOwner'] };
  /** the scheduled publishes (state/schedules.ts) */
  schedules: {
    add: StudioState['addSchedule'];
    cancel: StudioState['cancelSchedule'];
    claimDue: StudioState['claimDueSchedule'];
    finish: StudioState['finishSchedule'];
    list: StudioState['listSchedules'];
  };
  /** a publish done, for the back office's System screen: by whom, how long it took */
  recordPublish(by: string, seconds: number): Promise<void>;
  close(): Promise<void>;
}

export function studioGateOn(staff: StaffStore, state: StudioState, timeouts: SessionTimeouts, close: () => Promise<void>, system?: SystemStore): StudioGate {
  // asked on every request (a page of the preview is twenty): a role taken away or a session ended shuts it at once
  const admit = async (token: string | undefined, options: { write?: boolean } = {}): Promise<Admission> => {
    // the studio's sessions alone: the back office's token opens no studio, as the studio's opens no back office
    const session = await resumeSession(staff, token, 'studio', timeouts, options);
    const user = session && (await staff.getUser(session.userId));
    if (!user || user.disabled) return 'signed-out';
    return allows(user.role, 'content') ? { editor: { id: user.id, email: user.email } } : 'forbidden';
  };
  return {
    async enter(ticket, where) {
      if (!isWellFormedToken(ticket)) return undefined;
      const userId = await state.redeemTicket(hashToken(ticket));
      if (!userId) return undefined;
      const { token } = await startSession(staff, userId, 'studio', { userAgent: where.userAgent }, timeouts);
      return token;
    },
    admit,
    async audit(kind, who) {
      const id = 'id' in who ? who.id : (await staff.findUserByEmail(who.email))?.id;
      await staff.audit(kind, id ?? null, id ? [id] : []);
    },
    links: {
      create: (link) => state.createPreviewLink(link),
      open: (tokenHash) => state.openPreviewLink(tokenHash),
      revoke: (id) => state.revokePreviewLink(id),
      live: () => state.livePreviewLinks(),
    },
    releases: {
      record: (commit, publishedBy) => state.recordRelease(commit, publishedBy),
      latest: () => state.latestRelease(),
    },
    leases: {
      take: (request) => state.takeLease(request),
      renew: (path, leaseId, ttlMs) => state.renewLease(path, leaseId, ttlMs),
      release: (path, leaseId) => state.releaseLease(path, leaseId),
    },
    owner: {
      claim: (request) => state.claimOwner(request),
      renew: (instance, leaseMs) => state.renewOwner(instance, leaseMs),
      release: (instance) => state.releaseOwner(instance),
    },
    schedules: {
      add: (at, createdBy) => state.addSchedule(at, createdBy),
      cancel: (id) => state.cancelSchedule(id),
      claimDue: (instance, staleMs) => state.claimDueSchedule(instance, staleMs),
      finish: (id, instance, outcome) => state.finishSchedule(id, instance, outcome),
      list: () => state.listSchedules(),
    },
    recordPublish: async (by, seconds) => void (await system?.record('publish', thisInstance(), { by, seconds })),
    close,
  };
}

/**
 * The gate on the back office's database (SQLite in the data folder, or PostgreSQL at DATABASE_URL), with the back
 * office's session time-outs (STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS in `env`). `version`: the live
 * build this studio renders with, as its heartbeat says it.
 */
export async function openStudioGate(
  storage: StorageOptions,
  env: Record<string, string | undefined>,
  options: { version?: () => string } = {},
): Promise<StudioGate> {
  const timeouts = sessionTimeouts(env);
  const staff = await openStaffStore(storage);
  const state = await openStudioState(storage);
  // this studio's heartbeat (with its live build as its version) and its publishes, for the System screen
  const system = await openSystemStore(storage);
  const heartbeat = startHeartbeat(system, { kind: 'studio', version: options.version ?? (() => '') });
  return studioGateOn(
    staff,
    state,
    timeouts,
    async () => {
      await heartbeat.stop();
      await system.close();
      await staff.close();
      await state.close();
    },
    system,
  );
}
