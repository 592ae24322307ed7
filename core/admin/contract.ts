/**
 * The back office's wire: every request and answer between its pages (admin/) and its server (server/admin/),
 * declared once and imported by both sides. Browser-safe: types and constants only. Every route is a key of
 * AdminRoutes (at the end) with its request and answer: the server's handlers are held to it (server/admin/routes.ts)
 * and the pages read it (admin/api.ts); a shape reached only through it is not exported.
 */

import type { SystemAnswer } from './system.ts';
import type { LeadSource } from '../forms/lead-source.ts';

/** The header every state-changing request of the back office's pages carries, with the value "1". */
export const STAFF_REQUEST_HEADER = 'x-staff-request';
/** The path of an invitation link: the back office's screen for it (its router's route), the mail's and the CLI's link. */
export const INVITATION_PATH = '/uitnodiging/';
/** Every API route of the back office is under this path; everything else is its pages. */
export const ADMIN_API = '/api';

/** The roles of the staff, denied by default: each has only the permissions server/admin/permissions.ts gives it. */
export const STAFF_ROLES = ['admin', 'editor', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/**
 * What a back office route asks of its caller (which role has which: server/admin/permissions.ts):
 * - public: anyone, signed in or not (the sign-in and invitation screens);
 * - signed-in: any member of staff (their own account and sessions);
 * - leads, content, people, audit: the rooms of the back office; system: the System screen (core/admin/system.ts).
 */
export const PERMISSIONS = ['public', 'signed-in', 'leads', 'content', 'people', 'audit', 'system'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What the audit log records. Ids and kinds only: the log outlives erasures, so it must never hold a name, an
 * address, a lead's text or a secret. Later issues add their kinds here (lead viewed, exported, erased; publish).
 */
export const AUDIT_KINDS = [
  'staff.invited',
  'staff.reset',
  'staff.disabled',
  'staff.enabled',
  'staff.role-changed',
  'invitation.accepted',
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-in.throttled',
  'session.ended',
  'sessions.ended',
  'factor.recovery-code-used',
  'factor.passkey-added',
  'factor.passkey-removed',
  'factor.password-changed',
  'factor.recovery-codes-renewed',
  'factor.totp-moved',
  'lead.viewed',
  'lead.status-changed',
  'lead.marked-spam',
  'lead.marked-not-spam',
  'lead.note-added',
  'lead.assigned',
  'lead.call-back-set',
  'lead.exported',
  'lead.erased',
  'studio.opened',
  'site.changed',
  'site.published',
  'client-link.made',
  'client-link.revoked',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
/** The studio's lines in the activity log (written through its gate, studio-host/gate/). */
export type StudioAuditKind = Extract<AuditKind, 'site.changed' | 'site.published' | 'client-link.made' | 'client-link.revoked'>;

/** Where staff are with a lead. */
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatusName = (typeof LEAD_STATUSES)[number];
export const isLeadStatus = (value: unknown): value is LeadStatusName => typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);

/**
 * The error of a refused request, as `{ error }` (with a few fields more where said):
 * - signed-out (401): no session, or it ended; forbidden (403): the role lacks the permission, or the request did
 *   not prove it came from the back office's pages; step-up (403): a sign-in at most 10 minutes old is needed;
 * - refused (401): a sign-in or step-up with a wrong address, password or code (one answer for all);
 * - throttled (429): too many failures; `retryAfterSeconds`, and the Retry-After header;
 * - invitation (404): the link is unknown, used or expired; password (400): `problem` says why; code (400): the
 *   authenticator's code does not fit;
 * - not-found (404), self (400: not on one's own account), exists (409), invalid-email, invalid-role, invalid (400);
 * - wrong-password (400): the current password given to change it is not the person's; no-move (409): no new
 *   authenticator waits for its code.
 */
export type ApiErrorCode =
  | 'signed-out'
  | 'forbidden'
  | 'step-up'
  | 'refused'
  | 'throttled'
  | 'busy'
  | 'invitation'
  | 'password'
  | 'code'
  | 'not-found'
  | 'self'
  | 'exists'
  | 'invalid-email'
  | 'invalid-role'
  | 'invalid'
  | 'unknown'
  | 'wrong-password'
  | 'no-move'
  | 'passkeys-unavailable';

/** busy (503): the server checks as many passwords as it takes at once; `retryAfterSeconds` as throttled. passkeys-unavailable (404): this address allows none. */
export interface ApiError {
  error: ApiErrorCode;
  problem?: 'too-short' | 'too-long' | 'common';
  retryAfterSeconds?: number;
}

/** POST /api/sign-in */
export interface SignInRequest {
  email: string;
  password: string;
  /** the authenticator's 6 digits, or a recovery code */
  code: string;
  /** "this device stays signed in for 30 days" */
  remember?: boolean;
}

/** GET /api/me, and the answer of sign-in, step-up and an accepted invitation */
export interface Me {
  email: string;
  role: StaffRole;
  /** what this person may do, from the server's one permission table: the pages offer what it allows */
  permissions: Permission[];
  /** until when the sign-in counts as fresh for export, erase and people changes (ISO) */
  freshUntil?: string;
  /** the studio is served beside the back office and this person may open it */
  studio?: boolean;
}

/** POST /api/studio/ticket: where the browser goes to open the studio (once, within a minute) */
interface StudioTicketAnswer {
  url: string;
}

export interface SignInAnswer extends Me {
  usedRecoveryCode: boolean;
}

/** POST /api/step-up */
export interface StepUpRequest {
  password: string;
  code: string;
}

/** GET /api/invitations/<token> */
export interface InvitationAnswer {
  email: string;
  role: StaffRole;
  expiresAt: string;
  /** a new authenticator secret (base32) and its otpauth:// link for a QR code */
  totp: { secret: string; uri: string };
}

/** POST /api/invitations/<token> */
export interface AcceptInvitationRequest {
  password: string;
  /** the authenticator's current code for the secret the GET showed (the server keeps that secret) */
  code: string;
}

export interface AcceptInvitationAnswer {
  email: string;
  role: StaffRole;
  permissions: Permission[];
  /** shown once: each signs in once instead of the authenticator */
  recoveryCodes: string[];
}

/** GET /api/account/factors: what the account page says of one's own ways in; never a secret */
export interface FactorsAnswer {
  passwordChangedAt: string | null;
  totpSince: string | null;
  /** unused recovery codes */
  recoveryCodesLeft: number;
}

/** POST /api/account/password (fresh sign-in): the current password, and the new one (refused: `password` with `problem`) */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}
/** The person's other sessions ended; this one goes on under a new cookie */
export interface ChangePasswordAnswer {
  sessionsEnded: number;
}

/** POST /api/account/recovery-codes (fresh sign-in): new codes, shown once; every old one stops working at once */
interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}

/**
 * POST /api/account/authenticator (fresh sign-in): a new secret made and kept by the server, waiting for its first
 * code (a second call replaces it); the current authenticator keeps working until then.
 */
export interface MoveAuthenticatorAnswer {
  /** base32, and its otpauth:// link for a QR code */
  secret: string;
  uri: string;
}
/** POST /api/account/authenticator/confirm (fresh sign-in): a code of the new secret; refused: `code`, or `no-move` when none waits */
export interface ConfirmAuthenticatorRequest {
  code: string;
}

/** GET /api/sessions: the back office's sessions and the studio's (opened from here, on the studio's origin), each saying which */
export interface SessionsAnswer {
  /** `keptUntil`: the end of a device kept signed in for 30 days from its sign-in; null for any other session */
  sessions: {
    id: string;
    kind: 'back-office' | 'studio';
    createdAt: string;
    lastSeenAt: string;
    where: string | null;
    current: boolean;
    keptUntil: string | null;
  }[];
}

/** POST /api/sessions/end-others: how many sessions of the person ended (all but the one that asked) */
export interface SessionsEndedAnswer {
  ended: number;
}

/** GET /api/people */
export interface PeopleAnswer {
  people: {
    id: string;
    email: string;
    role: StaffRole;
    disabled: boolean;
    createdAt: string;
    hasPassword: boolean;
    hasTotp: boolean;
    passkeys: number;
    recoveryCodes: number;
    invitationPending: boolean;
    activeSessions: number;
  }[];
}

/** POST /api/people: whom to invite, as what */
interface InviteRequest {
  email: string;
  role: string;
}
/** POST /api/people/<id>/role */
interface RoleRequest {
  role: string;
}

/** POST /api/people (201) and POST /api/people/<id>/reset: the link to hand over, valid 72 hours */
export interface InvitationLinkAnswer {
  link: string;
  expiresAt: string;
  /** the link was mailed to the person too (SMTP configured and the mail accepted) */
  mailed: boolean;
}
interface InvitedAnswer extends InvitationLinkAnswer {
  userId: string;
}
interface ResetAnswer extends InvitationLinkAnswer {
  /** the person's sessions ended by the reset */
  sessionsEnded: number;
}

/** GET /api/audit?limit=&before= */
export interface AuditAnswer {
  events: { id: string; at: string; kind: string; actorId: string | null; targetIds: string[] }[];
}

/**
 * GET /api/leads?q=&form=&status=&spam=1|0&from=YYYY-MM-DD&to=YYYY-MM-DD&after=<cursor>, and the views (issue 50):
 * assignee=me (assigned to the signed-in person), callBack=YYYY-MM-DD (to call back that day or before, not won or lost)
 */
export interface LeadsAnswer {
  leads: LeadRow[];
  /** the cursor of the next page; absent on the last */
  next?: string;
  /** how many match, on the first page only */
  total?: number;
  /** the forms' ids and titles, for the filter */
  forms: { id: string; title: string }[];
  /** how many match the filters but the status, per status: on the first page only */
  counts?: Record<LeadStatusName, number>;
  /** how many leads that are not spam the signed-in person has not opened, whatever the filters: on the first page only */
  unread?: number;
}

export interface LeadRow {
  id: string;
  createdAt: string;
  form: string;
  name: string;
  email: string;
  phone: string;
  status: LeadStatusName;
  spam: boolean;
  review: boolean;
  delivery: string;
  hasPhotos: boolean;
  preview: string;
  /** the signed-in person has not opened its page yet */
  unread: boolean;
  /** the colleague who follows it up (a staff user's id), or null */
  assignedTo: string | null;
  /** the day to call the person back (YYYY-MM-DD), or null */
  callBackOn: string | null;
  /** where the visitor came from in a few words, as "Google Ads · najaar" (issue 51); absent when the lead says nothing of it */
  sourceLabel?: string;
}

/** GET /api/leads/<id> */
export interface LeadAnswer {
  lead: LeadRow & {
    formTitle: string;
    /** the form's fields in its order, with their labels: what the visitor filled in */
    fields: { name: string; label: string; value: string }[];
    /** the stored photos, served to signed-in staff only */
    photos: { url: string; name: string }[];
    deliveryDetail: string | null;
    mails: { id: string; state: string; attempts: number; sentAt: string | null; lastError: string | null }[];
    notes: { id: string; body: string; author: string | null; createdAt: string }[];
    /** when the retention erases it by itself (ISO) */
    erasedOn: string;
    /** the lead's person: everyone's leads with the same e-mail address or phone number (issue 50) */
    person: LeadPerson;
    /** where the visitor came from (issue 51): campaign parameters, the referring site's host, an ad's click id; null for nothing */
    source: LeadSource | null;
  };
  /** who it can be assigned to: the colleagues of sales and the admins who can sign in */
  colleagues: { id: string; email: string }[];
}

/** A person as the lead page shows them: their other leads, and the notes of all their leads on one timeline. */
export interface LeadPerson {
  /** their other leads, newest first (this one left out) */
  others: { id: string; createdAt: string; formTitle: string; status: LeadStatusName; spam: boolean }[];
  /** the notes of all their leads, this one's too, newest first, each with the lead it is about */
  timeline: { id: string; leadId: string; body: string; author: string | null; createdAt: string }[];
}

/** The event GET /api/lead-events sends when a lead arrived (its data is `{}`: the list asks for what is new itself). */
export const LEAD_EVENT = 'lead';

/** POST /api/leads/<id>/status */
interface LeadStatusRequest {
  status: LeadStatusName;
}
/** POST /api/leads/<id>/person-status: the status for all the open leads of the lead's person (not spam, not that status already) */
interface PersonStatusAnswer {
  /** how many leads changed */
  changed: number;
}
/** POST /api/leads/<id>/assign: the colleague (a staff user's id, of sales or an admin), or null for nobody */
interface LeadAssignRequest {
  assignee: string | null;
}
/** POST /api/leads/<id>/call-back: the day to call back (YYYY-MM-DD), or null for none */
interface LeadCallBackRequest {
  on: string | null;
}
/** POST /api/leads/<id>/spam */
interface LeadSpamRequest {
  spam: boolean;
}
/** POST /api/leads/<id>/notes */
interface LeadNoteRequest {
  body: string;
}
/** POST /api/leads/<id>/export (fresh sign-in): everything stored of the lead's person, as `npm run leads -- export` gives it */
type LeadExportAnswer = Record<string, unknown>;
/** POST /api/leads/<id>/erase (fresh sign-in): the person of the lead, erased as `npm run leads -- erase` does */
export interface LeadEraseAnswer {
  leads: number;
  photos: number;
  mails: number;
  scrubbed: boolean;
}

/** GET /api/passkeys/available (public): whether this back office's address allows passkeys (a host name, not an IP address) */
interface PasskeysAvailableAnswer {
  available: boolean;
}

/** GET /api/passkeys: one's own passkeys */
export interface PasskeysAnswer {
  available: boolean;
  passkeys: { id: string; name: string | null; createdAt: string; lastUsedAt: string | null }[];
}

/**
 * POST /api/passkeys/options and /api/sign-in/passkey/options answer WebAuthn's options as JSON
 * (PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON read them); POST /api/passkeys
 * (fresh sign-in) takes the new credential's toJSON() with a name, POST /api/sign-in/passkey the assertion's toJSON()
 * and answers as sign-in does.
 */
interface AddPasskeyRequest {
  response: unknown;
  name?: string;
}
interface PasskeySignInRequest {
  response: unknown;
  remember?: boolean;
}

/** The answer of a change that has nothing more to say. */
export interface OkAnswer {
  ok: true;
}
/** POST /api/people/<id>/disable and /enable: false when nothing changed */
interface ChangedAnswer {
  ok: boolean;
}
/** POST /api/passkeys/<id>/remove */
interface RemovedAnswer {
  removed: true;
}
/** WebAuthn's options as JSON, for the browser's parse…OptionsFromJSON; opaque to the back office */
export interface WebAuthnOptionsAnswer {
  challenge: string;
}

/** A route without a JSON body. */
type NoBody = undefined;

/**
 * Every route of the back office's API (under ADMIN_API), `<METHOD> <path>` with `:name` for a part of the path:
 * the JSON body it takes and what it answers on success (a refusal answers ApiError). The server's routes are
 * declared by these keys and their handlers can answer nothing else (server/admin/routes.ts); the pages call them
 * by the same keys and read these answers (admin/api.ts).
 */
export interface AdminRoutes {
  'POST /sign-in': { request: SignInRequest; answer: SignInAnswer };
  'POST /sign-out': { request: NoBody; answer: OkAnswer };
  'GET /me': { request: NoBody; answer: Me };
  'POST /step-up': { request: StepUpRequest; answer: Me };
  'GET /sessions': { request: NoBody; answer: SessionsAnswer };
  'POST /sessions/:id/end': { request: NoBody; answer: OkAnswer };
  'POST /sessions/end-others': { request: NoBody; answer: SessionsEndedAnswer };
  'GET /invitations/:token': { request: NoBody; answer: InvitationAnswer };
  'POST /invitations/:token': { request: AcceptInvitationRequest; answer: AcceptInvitationAnswer };
  'GET /passkeys/available': { request: NoBody; answer: PasskeysAvailableAnswer };
  'GET /passkeys': { request: NoBody; answer: PasskeysAnswer };
  'POST /passkeys/options': { request: NoBody; answer: WebAuthnOptionsAnswer };
  'POST /passkeys': { request: AddPasskeyRequest; answer: OkAnswer };
  'POST /passkeys/:id/remove': { request: NoBody; answer: RemovedAnswer };
  'POST /sign-in/passkey/options': { request: NoBody; answer: WebAuthnOptionsAnswer };
  'POST /sign-in/passkey': { request: PasskeySignInRequest; answer: SignInAnswer };
  'GET /account/factors': { request: NoBody; answer: FactorsAnswer };
  'POST /account/password': { request: ChangePasswordRequest; answer: ChangePasswordAnswer };
  'POST /account/recovery-codes': { request: NoBody; answer: RecoveryCodesAnswer };
  'POST /account/authenticator': { request: NoBody; answer: MoveAuthenticatorAnswer };
  'POST /account/authenticator/confirm': { request: ConfirmAuthenticatorRequest; answer: OkAnswer };
  'GET /people': { request: NoBody; answer: PeopleAnswer };
  'POST /people': { request: InviteRequest; answer: InvitedAnswer };
  'POST /people/:id/role': { request: RoleRequest; answer: OkAnswer };
  'POST /people/:id/disable': { request: NoBody; answer: ChangedAnswer };
  'POST /people/:id/enable': { request: NoBody; answer: ChangedAnswer };
  'POST /people/:id/reset': { request: NoBody; answer: ResetAnswer };
  'GET /audit': { request: NoBody; answer: AuditAnswer };
  'GET /leads': { request: NoBody; answer: LeadsAnswer };
  'GET /leads/:id': { request: NoBody; answer: LeadAnswer };
  /** server-sent events (text/event-stream), read by an EventSource, not as JSON: a LEAD_EVENT when a lead arrives */
  'GET /lead-events': { request: NoBody; answer: Blob };
  /** the photo's bytes, for an <img>: not read as JSON */
  'GET /leads/:id/photos/:photo': { request: NoBody; answer: Blob };
  'POST /leads/:id/status': { request: LeadStatusRequest; answer: OkAnswer };
  'POST /leads/:id/person-status': { request: LeadStatusRequest; answer: PersonStatusAnswer };
  'POST /leads/:id/assign': { request: LeadAssignRequest; answer: OkAnswer };
  'POST /leads/:id/call-back': { request: LeadCallBackRequest; answer: OkAnswer };
  'POST /leads/:id/spam': { request: LeadSpamRequest; answer: OkAnswer };
  'POST /leads/:id/notes': { request: LeadNoteRequest; answer: OkAnswer };
  'POST /leads/:id/export': { request: NoBody; answer: LeadExportAnswer };
  'POST /leads/:id/erase': { request: NoBody; answer: LeadEraseAnswer };
  'POST /studio/ticket': { request: NoBody; answer: StudioTicketAnswer };
  'GET /system': { request: NoBody; answer: SystemAnswer };
}

export type AdminRoute = keyof AdminRoutes;
export type AdminMethod = 'GET' | 'POST';
/** The paths of the routes of one method. */
export type AdminPath<M extends AdminMethod> = { [K in AdminRoute]: K extends `${M} ${infer P}` ? P : never }[AdminRoute];
export type RequestOf<K extends AdminRoute> = AdminRoutes[K]['request'];
export type AnswerOf<K extends AdminRoute> = AdminRoutes[K]['answer'];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The parts of a route's path, by name: `{ id: string }` for `/leads/:id`. */
export type PathParams<P extends string> = { [Name in ParamNames<P>]: string };

/** The meta tag of the back office's page that names the live site: the server writes it (admin-pages.ts), the header shows it. */
export const SITE_NAME_META = 'site-name';

/**
 * The meta tag of the back office's page that says the live site has a logo, with its address: the server writes it
 * (admin-pages.ts) only when the live build holds the file, the header shows it beside the name.
 */
export const SITE_LOGO_META = 'site-logo';

/** Where the back office serves the live site's logo, on its own origin (its CSP allows images from itself only). */
export const SITE_LOGO_PATH = '/site-logo';
