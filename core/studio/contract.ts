import type { EditOp } from '../edit/ops.ts';
import type { SchemaFiles } from '../schema/refs.ts';
import type { Problem } from '../validate/validate.ts';

/**
 * The studio's wire: every request and answer between the studio's page (studio/ui/files/api.ts, media-api.ts,
 * publish-calls.ts) and its dev-server side (studio/server/), as JSON. Both sides import these types, so neither can
 * change a shape the other reads. A refused call answers `{ error }` with a 4xx status; 409 carries a body the page
 * reads (a conflict, a stale version, an image in use, a publish refused).
 */

/** Everything under it is the studio's: its page, script and stylesheet. */
export const STUDIO_PATH = '/__studio';
/** The calls: `${STUDIO_API}/<route>`. */
export const STUDIO_API = `${STUDIO_PATH}/api`;
/** where the back office sends a signed-in editor with a one-time ticket (`?ticket=`), on the studio's own origin */
export const STUDIO_ENTRY_PATH = `${STUDIO_PATH}/enter`;
/** the studio page's `<meta name>` that names the person signed in, where a sign-in is in front of the studio */
export const STUDIO_EDITOR_META = 'studio-editor';
/** the studio page's `<meta name>` with the back office's address, where the studio is opened from one: its way back */
export const STUDIO_BACK_OFFICE_META = 'studio-back-office';
/**
 * Client preview links (behind the back office's sign-in only): GET lists the live ones, POST makes one
 * (NewClientLinkRequest), POST `<id>/revoke` ends one.
 */
export const CLIENT_LINKS_API = `${STUDIO_API}/client-links`;
/** where a client opens a link, `${CLIENT_LINK_PATH}/<token>`: the page as it is now, no account needed, never indexed */
export const CLIENT_LINK_PATH = `${STUDIO_PATH}/link`;
/** how long a new link works, in days: the studio offers these */
export const CLIENT_LINK_DAYS = [1, 7, 30] as const;

/** A client preview link that still works (its token is shown once, when made). */
export interface ClientLink {
  id: string;
  route: string;
  /** the editor who made it (their e-mail address) */
  createdBy: string;
  expiresAt: string;
}
export interface ClientLinksAnswer {
  links: ClientLink[];
}
export interface NewClientLinkRequest {
  route: string;
  days: number;
}
/** `path` is on the studio's origin, as the editor's browser sees it */
export interface NewClientLinkAnswer {
  link: ClientLink;
  path: string;
}

/**
 * Scheduled publishes (behind the back office's sign-in only): GET lists them, POST makes one (NewScheduleRequest),
 * POST `<id>/cancel` calls a pending one off. At its time the server publishes what is then ready, in the name of
 * the person who planned it.
 */
export const SCHEDULES_API = `${STUDIO_API}/schedules`;

/** Where a scheduled publish is: waiting for its time, being published, done, failed, or called off. */
export type ScheduleStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface ScheduledPublish {
  id: string;
  /** when (ISO) */
  at: string;
  /** who planned it (their e-mail address) */
  createdBy: string;
  status: ScheduleStatus;
  /** how it ended: the commit, "nothing" (nothing was ready), or why it failed */
  detail: string | null;
}
export interface SchedulesAnswer {
  schedules: ScheduledPublish[];
}
export interface NewScheduleRequest {
  at: string;
}

/**
 * Who has which file open (behind the back office's sign-in only): POST a LeaseRequestBody to take a file for this
 * studio tab (or take it over), POST `renew` to keep it (every LEASE_HEARTBEAT_MS), POST `release` to let it go.
 */
export const LEASES_API = `${STUDIO_API}/leases`;
/** a lease not renewed for this long is free to take */
export const LEASE_TTL_MS = 45_000;
export const LEASE_HEARTBEAT_MS = 15_000;

export interface LeaseRequestBody {
  path: string;
  /** this studio tab (one person may have two open) */
  leaseId: string;
  takeOver?: boolean;
  /**
   * asked by a tab whose file was taken from it: it is told who has it, and does not take it back from the same
   * person's other tab (which the server otherwise lets a person do without asking)
   */
  afterLoss?: boolean;
}
/** the file is this tab's now, or whose it is and since when */
export type LeaseWireAnswer = { held: true } | { held: false; holder: { email: string; since: string } };

/**
 * The header every write of the studio's page carries: its tab's lease id (LeaseRequestBody.leaseId). Behind the back
 * office's sign-in the server writes a file only for the person whose tab holds its lease (or for anyone while no one
 * holds it), and tells the holder's tab from another tab by it.
 */
export const LEASE_HEADER = 'x-studio-lease';

/** Who holds a file's lease: their address, and since when (ISO). */
export interface LeaseHolder {
  email: string;
  since: string;
}

/**
 * A write refused (409) because another person has the file now (its lease is theirs): the studio says so in the
 * editor's language, naming them; `message` is the server's own words, for a developer.
 */
export interface LeaseRefusal {
  ok: false;
  reason: 'leased';
  path: string;
  holder: LeaseHolder;
  message: string;
}

/**
 * An edit refused (409) because another person saved the file after the version it was made on: it is never replayed
 * over their change. `file` is the file as it is now; `savedBy` names them.
 */
export interface OvertakenRefusal {
  ok: false;
  reason: 'overtaken';
  savedBy: string;
  message: string;
  file: SiteFile;
}

/** Publishing's calls: `${PUBLISH_API}/<route>`. */
export const PUBLISH_API = `${STUDIO_API}/publish`;
/** The server-sent events of files changed on disk (StudioEvent). */
export const EVENTS_API = `${STUDIO_API}/events`;

/**
 * A refused call. A failure of the server (500) says in the site's language what the person can do, with a short
 * `reference` that its log names beside the details (never in the answer: no path, stack or git output).
 */
export interface ErrorAnswer {
  error: string;
  reference?: string;
}

// ---- the site's files ----------------------------------------------------------------------------------------

/** A site file as the studio holds it. */
export interface SiteFile {
  /** relative to the site's root, with / */
  path: string;
  text: string;
  /** a hash of the text: what an edit names as its base, to be refused or replayed when the file changed since */
  hash: string;
  /** in the state only: why the text does not parse (the studio then shows it as text) */
  parseError?: string;
}

/** GET state: everything the studio loads once. */
export interface StudioState {
  files: SiteFile[];
  problems: Problem[];
  /** what the landing guard says of the landing pages (too alike, too thin): worth fixing, never in the way */
  warnings: Problem[];
  routes: string[];
  /** the files under public/, as the site links them */
  assets: string[];
  schemas: SchemaFiles;
  /** the site's folder on this computer: a problem's file opens in the editor from it */
  siteRoot: string;
}

/** GET problems: what changes after each edit. */
export interface ProblemsAnswer {
  problems: Problem[];
  warnings: Problem[];
  routes: string[];
  assets: string[];
}

/** GET diff: what git says of the site's data; `diff` null when the site is not in git. */
export interface DiffAnswer {
  diff: string | null;
  untracked: string[];
}

/** POST edit: ops on the text of version `base`. */
export interface EditRequest {
  path: string;
  base: string;
  ops: EditOp[];
}

/** POST restore: an exact earlier text (undo, redo), only over version `base`. */
export interface RestoreRequest {
  path: string;
  base: string;
  text: string;
}

/** An edit or restore: the file after it, or refused with the file as it is now (`failedOp`: the op that no longer applies). */
export type EditAnswer =
  | { ok: true; file: SiteFile; changed: boolean; replayed: boolean }
  | { ok: false; reason: 'conflict'; message: string; failedOp: number; file: SiteFile }
  | { ok: false; reason: 'invalid' | 'stale'; message: string; file: SiteFile }
  // behind the back office's sign-in: another person holds the file, or saved it after the version the edit was made on
  | (LeaseRefusal & { file: SiteFile })
  | OvertakenRefusal;

/** One file of an undo or redo step: the exact text to put back (null: the file goes) over the version there (null: none). */
export interface StepFile {
  path: string;
  base: string | null;
  text: string | null;
}

/** POST step: the texts of a step of several files put back, all or none (undo and redo of a page deleted or renamed). */
export interface StepRequest {
  files: StepFile[];
}

/** Each file of a step as it is after it (or, refused, as it is now); null where the file is not there. */
export type StepAnswer =
  | { ok: true; files: { path: string; file: SiteFile | null }[] }
  | { ok: false; reason: 'stale' | 'invalid'; message: string; files: { path: string; file: SiteFile | null }[] }
  | (LeaseRefusal & { files: { path: string; file: SiteFile | null }[] });

/** POST create: a new file (a new page); answered with the SiteFile, or refused when one is there. */
export interface CreateRequest {
  path: string;
  text: string;
}

/** POST remove: a page's file, only at the version the studio holds. */
export interface RemoveRequest {
  path: string;
  base: string;
}

/** Why a page's file was not deleted. */
export type RemoveRefusal = { ok: false; reason: 'not-a-page' | 'missing'; message: string } | { ok: false; reason: 'stale'; message: string; file: SiteFile };

export type RemoveAnswer = { ok: true } | (RemoveRefusal & ErrorAnswer);

/** POST image?name=<file name>[&library=1], the file's bytes as the body: the image as a field names it, in CSS pixels. */
export interface UploadedImage {
  src: string;
  width: number;
  height: number;
}

/** One server-sent event: a site file changed on disk (`path`), or a file of public/ came or went (`asset`, from /). */
export type StudioEvent = { path: string; asset?: undefined } | { asset: string; path?: undefined };

// ---- the media library -----------------------------------------------------------------------------------------

/** One place a site file names an image: the file, the JSON path of the string, and the alt text beside it. */
export interface ImageUse {
  file: string;
  /** a page's title; undefined for the config and the collections */
  title?: string;
  path: (string | number)[];
  /** where the alt text of the image object is (`{ src, alt, width, height }`), when the use is one */
  altPath?: (string | number)[];
  alt?: string;
  /** whether the image object declares its width and height (a replacement sets them too) */
  sized?: boolean;
  /** for a use in a collection: the pages that show that collection */
  shownOn?: { file: string; title?: string }[];
}

export interface MediaImage {
  src: string;
  /** in pixels, as stored (the site shows WebP at half this) */
  width?: number;
  height?: number;
  bytes: number;
  uses: ImageUse[];
}

/** GET media */
export interface MediaAnswer {
  images: MediaImage[];
}

/** POST media/delete */
export interface MediaDeleteRequest {
  src: string;
}

/** Deleted, or (409) refused with where the image is used. */
export type MediaDeleteAnswer = { removed: string } | { error: 'in use'; uses: ImageUse[] };

// ---- publishing ------------------------------------------------------------------------------------------------

/** A site file that differs from the last published version. */
export interface PendingFile {
  /** relative to the site's root, with / */
  path: string;
  status: 'added' | 'changed' | 'removed';
  /** a JSON file's text as published and as it is now (none for images and other binary files) */
  before?: string;
  after?: string;
}

/** A changed path Publish leaves out: a link (or a path through a linked folder), never read, hashed or committed. */
export interface RefusedFile {
  path: string;
  reason: 'link';
}

/** Where Publish pushes. */
export interface PushTarget {
  remote: string;
  /** the branch to push to; the current one when empty */
  branch?: string;
}

export type PushResult =
  | { ok: true; remote: string; branch: string }
  | { ok: false; remote: string; branch: string; reason: 'behind' | 'refused' | 'unreachable' | 'outside'; detail: string };

/** POST push: a push, or, with no remote set, none tried (and no remote to name). */
export type PushAnswer = PushResult | { ok: false; reason: 'unreachable'; detail: string };

/** A published version: a commit of the site's files. */
export interface Version {
  commit: string;
  /** ISO 8601, as git has it */
  date: string;
  author: string;
  message: string;
}

/** GET changes: what Publish would make the new published version. */
export interface ChangesAnswer {
  files: PendingFile[];
  /** changed paths left out of the commit: shown as refused, so the person knows they do not go live */
  refused: RefusedFile[];
  /** names this exact set of changes: a publish or discard of what the person saw, not of what came after */
  fingerprint: string;
  push: PushTarget | null;
}

/** GET history, newest first. */
export interface HistoryAnswer {
  versions: Version[];
}

/** POST commit: publish the changes the person looked at. */
export interface CommitRequest {
  fingerprint: string;
  message: string;
  /** the person, as git's author */
  name: string;
}

/** POST commit and POST restore: the new commit, and the push when a remote is set. */
export interface Published {
  commit: string;
  push?: PushResult;
}

/** POST discard: the changes the person looked at go back to the published version; answered with their paths. */
export interface DiscardRequest {
  fingerprint: string;
}

export interface DiscardAnswer {
  files: string[];
}

/** POST restore: an earlier version as a new commit. */
export interface RestoreVersionRequest {
  commit: string;
  message: string;
  name: string;
}

/** Why publishing refused: the studio says it in plain words. */
export type PublishRefusalReason =
  | 'stale'
  | 'nothing'
  | 'invalid'
  | 'problems'
  | 'unpublished'
  | 'no-version'
  | 'refused'
  | 'version-problems'
  // a publish on the live server (studio/server/live-publish.ts): another under way, a file changed both here and
  // elsewhere (`files`), a commit of code on the remote (`files`), a build that stopped, and (behind the back office)
  // a server instance that no longer owns the working copy: the studio moved to another one
  | 'busy'
  | 'conflict'
  | 'code-changed'
  | 'build-failed'
  | 'moved';

/** Every publish answer says whether the site is in git; only one in git has the call's answer. */
export type PublishAnswer<T> = ({ git: false } | ({ git: true } & T)) & { error?: undefined };

/** A publish call refused (409); `problems`: a version's, by the validator, when History would restore it. */
export interface PublishRefusal extends ErrorAnswer {
  reason?: PublishRefusalReason;
  problems?: Problem[];
  /** the files a refusal is about (a conflict: those changed elsewhere too) */
  files?: string[];
}
