import type { PendingFile } from './publish-changes.ts';

/** The studio's publish calls to its dev-server side (scripts/studio/publish-api.ts). */
export type PushResult =
  | { ok: true; remote: string; branch: string }
  | { ok: false; remote: string; branch: string; reason: 'behind' | 'refused' | 'unreachable' | 'outside'; detail: string };

/** A changed path Publish leaves out: a link (or a path through a linked folder), never read or committed. */
export interface RefusedFile {
  path: string;
  reason: 'link';
}

/** A problem the validator found (a version History would restore): for a developer. */
export interface VersionProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface Version {
  commit: string;
  date: string;
  author: string;
  message: string;
}

/** Every answer says whether the site is in git; a refusal has its reason (`stale`, `unpublished`, ...). */
type Answer<T> = ({ git: false } | ({ git: true } & T)) & { error?: undefined };
export type Refusal = { error: string; reason?: string; problems?: VersionProblem[] };

const BASE = '/__studio/api/publish';

async function call<T>(route: string, body?: unknown): Promise<Answer<T> | Refusal> {
  const response = await fetch(
    `${BASE}/${route}`,
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  const answer = (await response.json()) as Answer<T> | Refusal;
  if (!response.ok && response.status !== 409) throw new Error((answer as Refusal).error ?? `${response.status} ${response.statusText}`);
  return answer;
}

export const publishCalls = {
  changes: () => call<{ files: PendingFile[]; refused: RefusedFile[]; fingerprint: string; push: { remote: string; branch?: string } | null }>('changes'),
  history: () => call<{ versions: Version[] }>('history'),
  commit: (fingerprint: string, message: string, name: string) => call<{ commit: string; push?: PushResult }>('commit', { fingerprint, message, name }),
  push: () => call<PushResult>('push', {}),
  discard: (fingerprint: string) => call<{ files: string[] }>('discard', { fingerprint }),
  restore: (commit: string, message: string, name: string) => call<{ commit: string; push?: PushResult }>('restore', { commit, message, name }),
};
