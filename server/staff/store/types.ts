import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../storage/schema.ts';
import type { Role } from '../identity.ts';

/** The database handle every query takes: the whole database, or one transaction of it. */
export type Db = Kysely<Database> | Transaction<Database>;

export interface StaffUser {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
  createdAt: string;
}

/** A person as `staff list` and the people screen show them: what they can sign in with, not the secrets. */
export interface StaffOverview extends StaffUser {
  hasPassword: boolean;
  hasTotp: boolean;
  passkeys: number;
  /** unused recovery codes */
  recoveryCodes: number;
  /** an invitation not used yet and not expired */
  invitationPending: boolean;
  activeSessions: number;
}

/**
 * Which door a session was begun at, and the only one it opens: the back office's (its sign-in, on its origin) or
 * the studio's (a ticket redeemed on the studio's origin). The token of one is refused at the other.
 */
export type SessionKind = 'back-office' | 'studio';

export interface NewSession {
  userId: string;
  kind: SessionKind;
  tokenHash: string;
  idleMs: number;
  absoluteMs: number;
  ipSummary?: string | null;
  agentSummary?: string | null;
}

export interface StaffSession {
  id: string;
  userId: string;
  kind: SessionKind;
  createdAt: string;
  lastSeenAt: string;
  authenticatedAt: string;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
  ipSummary: string | null;
  agentSummary: string | null;
}

export interface Passkey {
  id: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The factors an accepted invitation sets up, already hashed; each one replaces what the person had. */
export interface NewFactors {
  passwordHash?: string;
  totpSecret?: string;
  recoveryCodeHashes?: string[];
}

export interface AuditEvent {
  id: string;
  at: string;
  kind: string;
  actorId: string | null;
  targetIds: string[];
}
