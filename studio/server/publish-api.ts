import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteFiles } from '../../core/validate/site-files.ts';
import type { Problem } from '../../core/validate/validate.ts';
import type {
  ChangesAnswer,
  CommitRequest,
  DiscardAnswer,
  DiscardRequest,
  HistoryAnswer,
  Published,
  PublishAnswer,
  PublishRefusal,
  PushAnswer,
  RestoreVersionRequest,
} from '../../core/studio/contract.ts';
import { discard, history, inGit, pending, publish, PublishError, push, pushTargetFromEnv, putVersion, restoreVersion, type Author } from './publish.ts';
import { siteLanguage } from './document.ts';
import type { FailureLog } from './failure.ts';
import { pushWords, refusalWords } from './publish-words.ts';

/** The plugin's own helpers: its JSON answer, its body reader, and how many problems the site has now. */
export interface PublishApiContext {
  siteRoot: string;
  send: (res: ServerResponse, status: number, body: unknown) => void;
  readBody: (req: IncomingMessage) => Promise<unknown>;
  problemCount: () => number;
  /** the site's validator (the one Publish goes by) on other files: a version History would restore */
  validate: (files: SiteFiles) => Problem[];
  /** the host's own Publish (the live server's: studio/server/live-publish.ts), instead of a commit and a push */
  publish?: (request: PublishRequest) => Promise<Published>;
  /** where git's words go when a call is refused or a send fails (the answer has a sentence and a reference): stderr by default */
  log?: FailureLog;
}

/** What Publish is asked: the changes the person was shown, the message, and who they are. */
export interface PublishRequest {
  fingerprint: string;
  message: string;
  author: Author;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A request's body as sent: each member of the wire's request, not yet checked. */
type Sent<T> = { [K in keyof T]?: unknown };

/** Each call's answer as the wire declares it, without the `git` flag every answer has. */
interface Answers {
  'GET changes': ChangesAnswer;
  'GET history': HistoryAnswer;
  'POST commit': Published;
  'POST push': PushAnswer;
  'POST discard': DiscardAnswer;
  'POST restore': Published;
}

/**
 * The studio's publish calls, /__studio/api/publish/*: what would go live, publish, send again, discard, the
 * versions and restoring one. One git call at a time (git locks its index), and none while the site has problems.
 */
export function publishApi({ siteRoot, send, readBody, problemCount, validate, publish: hostPublish, log = (line) => console.error(line) }: PublishApiContext) {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const routes: { [R in keyof Answers]: (body: Record<string, unknown>) => Promise<Answers[R]> } = {
    'GET changes': async () => ({ ...(await pending(siteRoot)), push: pushTargetFromEnv() ?? null }),
    'GET history': async () => ({ versions: await history(siteRoot) }),
    'POST commit': async (body: Sent<CommitRequest>) => {
      if (problemCount() > 0) throw new PublishError('problems', 'The site has problems; fix them before publishing.');
      const request = { fingerprint: text(body.fingerprint), message: text(body.message), author: { name: text(body.name) } };
      if (hostPublish) return hostPublish(request);
      return publish(siteRoot, { ...request, target: pushTargetFromEnv() });
    },
    'POST push': async () => {
      const target = pushTargetFromEnv();
      return target ? push(siteRoot, target) : { ok: false, reason: 'unreachable', detail: 'no remote is set' };
    },
    'POST discard': async (body: Sent<DiscardRequest>) => ({ files: await discard(siteRoot, text(body.fingerprint)) }),
    // a restored version goes live as a published one does: on the live server by its Publish (built, switched, pushed,
    // in the signed-in editor's name), else pushed where Publish pushes
    'POST restore': async (body: Sent<RestoreVersionRequest>) => {
      const request = { commit: text(body.commit), message: text(body.message), author: { name: text(body.name) }, validate };
      if (hostPublish) return restoreLive(siteRoot, request, hostPublish);
      const commit = await restoreVersion(siteRoot, request);
      const target = pushTargetFromEnv();
      return { commit, push: target ? await push(siteRoot, target) : undefined };
    },
  };

  return async (req: IncomingMessage, res: ServerResponse, route: string) => {
    const key = `${req.method} ${route}`;
    const handler = Object.hasOwn(routes, key) ? routes[key as keyof Answers] : undefined;
    if (!handler) return send(res, 404, { error: 'no such studio call' });
    const body = req.method === 'POST' ? ((await readBody(req)) as Record<string, unknown>) : {};
    if (!(await inGit(siteRoot))) return send(res, 200, { git: false } satisfies PublishAnswer<object>);
    try {
      const answer = await serial<Answers[keyof Answers]>(() => handler(body));
      send(res, 200, { git: true, ...plainPush(answer, siteLanguage(siteRoot), log, req) } satisfies PublishAnswer<Answers[keyof Answers]>);
    } catch (error) {
      if (!(error instanceof PublishError)) throw error;
      // the editor's words; git's (and paths) only in the log
      send(res, 409, {
        ...refusalWords(siteLanguage(siteRoot), error.reason, error.message, log, req),
        reason: error.reason,
        ...(error.problems ? { problems: error.problems } : {}),
        ...(error.files ? { files: error.files } : {}),
      } satisfies PublishRefusal);
    }
  };
}

/** An answer with a send that failed (a publish's, a restore's, or the send itself): git's words in the log, a reference in their place. */
function plainPush<T extends Answers[keyof Answers]>(answer: T, lang: string, log: FailureLog, req: IncomingMessage): T {
  // (the changes' `push` is where Publish sends, no send's result)
  if ('push' in answer && answer.push && 'ok' in answer.push) return { ...answer, push: pushWords(lang, answer.push, log, req) };
  if ('ok' in answer) return pushWords(lang, answer, log, req) as T;
  return answer;
}

/**
 * History's restore on the live server: the version's files put in the working copy and published by the host's one
 * step (validated, committed as the signed-in editor's, built, made live, pushed). A publish that fails leaves nothing
 * behind: the files put in are discarded, so the working copy is as it was.
 */
async function restoreLive(
  siteRoot: string,
  request: Parameters<typeof putVersion>[1] & { message: string; author: Author },
  hostPublish: (request: PublishRequest) => Promise<Published>,
): Promise<Published> {
  await putVersion(siteRoot, request);
  const { fingerprint } = await pending(siteRoot);
  try {
    return await hostPublish({ fingerprint, message: request.message, author: request.author });
  } catch (error) {
    await discard(siteRoot, (await pending(siteRoot)).fingerprint);
    throw error;
  }
}
