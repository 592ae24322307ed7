import {
  PUBLISH_API,
  type ChangesAnswer,
  type CommitRequest,
  type DiscardAnswer,
  type DiscardRequest,
  type HistoryAnswer,
  type Published,
  type PublishAnswer,
  type PublishRefusal,
  type PushAnswer,
  type PushResult,
  type RestoreVersionRequest,
} from '../../../core/studio/contract.ts';
import { CallFailed, postJson } from '../files/call.ts';

/** The studio's publish calls to its dev-server side (studio/server/publish-api.ts); the shapes are the wire's (core/studio/contract.ts). */
export type { PushResult, RefusedFile, Version } from '../../../core/studio/contract.ts';
/** A problem the validator found (a version History would restore): for a developer. */
export type { Problem as VersionProblem } from '../../../core/validate/validate.ts';
/** A refusal has its reason (`stale`, `unpublished`, ...). */
export type { PublishRefusal as Refusal } from '../../../core/studio/contract.ts';

async function call<T>(route: string, body?: unknown): Promise<PublishAnswer<T> | PublishRefusal> {
  const response = await (body === undefined ? fetch(`${PUBLISH_API}/${route}`) : postJson(`${PUBLISH_API}/${route}`, body));
  const answer = (await response.json()) as PublishAnswer<T> | PublishRefusal;
  if (!response.ok && response.status !== 409)
    throw new CallFailed(
      response.status,
      (answer as PublishRefusal).error ?? `${response.status} ${response.statusText}`,
      (answer as PublishRefusal).reference,
    );
  return answer;
}

export const publishCalls = {
  changes: () => call<ChangesAnswer>('changes'),
  history: () => call<HistoryAnswer>('history'),
  commit: (fingerprint: string, message: string, name: string) => call<Published>('commit', { fingerprint, message, name } satisfies CommitRequest),
  /** Sends the published version again; with no remote set any more the answer names none: said as the remote ''. */
  push: async (): Promise<PublishAnswer<PushResult> | PublishRefusal> => {
    const answer = await call<PushAnswer>('push', {});
    if (answer.error !== undefined || !answer.git || 'remote' in answer) return answer;
    return { ...answer, remote: '', branch: '' };
  },
  discard: (fingerprint: string) => call<DiscardAnswer>('discard', { fingerprint } satisfies DiscardRequest),
  restore: (commit: string, message: string, name: string) => call<Published>('restore', { commit, message, name } satisfies RestoreVersionRequest),
};
