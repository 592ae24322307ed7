import type { Context, Hono } from 'hono';
import {
  ADMIN_API,
  type AdminMethod,
  type AdminRoute,
  type AnswerOf,
  type ApiError,
  type ApiErrorCode,
  type Permission,
  type RequestOf,
} from '../../core/admin/contract.ts';
import type { StaffSession, StaffUser } from '../staff/store/types.ts';
import { isFresh } from '../staff/sessions.ts';
import { allows } from './permissions.ts';

/** Who sent a request: the person and session its cookie opened, or nobody. */
export interface SignedIn {
  user: StaffUser;
  session: StaffSession;
  /** the cookie's token, to end or renew this very session */
  token: string;
}

export type AdminEnv = { Variables: { who: SignedIn | undefined } };
export type AdminContext = Context<AdminEnv>;

declare const answered: unique symbol;
/**
 * A response whose body is the answer `A` of its route (core/admin/contract.ts, AdminRoutes). Only `answer`,
 * `answerStream` and `refuse` make one, so a handler that answers with a bare `c.json` or a shape its route does not
 * declare does not compile.
 */
export type Answered<A> = Response & { readonly [answered]: A };
/** A refusal ({ error }): it fits every route, as it answers none of their shapes. */
export type Refusal = Answered<never>;
type Answers<A> = Answered<A> | Promise<Answered<A>>;

/** The answer of the route being handled; its type comes from the route (NoInfer), so a field too many is refused as well. */
export function answer<A>(c: AdminContext, body: NoInfer<A>, status: 200 | 201 = 200, headers?: Record<string, string>): Answered<A> {
  return c.json(body as object, status, headers) as unknown as Answered<A>;
}

/** A stored file's bytes for a route whose answer is a Blob, streamed as they are read (a photo, from its file or the database). */
export function answerStream(c: AdminContext, body: ReadableStream<Uint8Array>, headers: Record<string, string>): Answered<Blob> {
  return c.body(body, 200, headers) as unknown as Answered<Blob>;
}

type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;
/** A refused request, `{ error }` with a code of the contract (and its few fields more where said). */
export function refuse(
  c: AdminContext,
  error: ApiErrorCode,
  status: RefusalStatus,
  more: Omit<ApiError, 'error'> = {},
  headers?: Record<string, string>,
): Refusal {
  return c.json({ error, ...more } satisfies ApiError, status, headers) as unknown as Refusal;
}

type Guarded = Exclude<Permission, 'public'>;
type Handler<A, Who> = (c: AdminContext, who: Who) => Answers<A>;
/** What a route declares beside its key: its permission, and a handler that answers the route's answer. */
export type RouteOptions<A> = {
  /** asks for a sign-in (or step-up) within the last 10 minutes: export, erase, people and role changes */
  fresh?: boolean;
} & ({ permission: 'public'; handler: Handler<A, SignedIn | undefined> } | { permission: Guarded; handler: Handler<A, SignedIn> });

/** One route of the back office, with what it asks of its caller; signed-in routes' handlers receive the person. */
export type RouteSpec = { method: AdminMethod; path: string } & RouteOptions<unknown>;

/** A route of the contract: its method and path from its key, and its handler held to the key's answer. */
export function route<K extends AdminRoute>(key: K, options: RouteOptions<AnswerOf<K>>): RouteSpec {
  const [method, path] = key.split(' ') as [AdminMethod, string];
  return { method, path: `${ADMIN_API}${path}`, ...options };
}

/** Runs a route's handler once its checks passed: not signed in 401, without the permission 403, not fresh 403 step-up. */
function guarded(c: AdminContext, spec: RouteSpec, now: () => Date): Response | Promise<Response> {
  const who = c.get('who');
  if (spec.permission === 'public') return spec.handler(c, who);
  if (!who) return refuse(c, 'signed-out', 401);
  if (!allows(who.user.role, spec.permission)) return refuse(c, 'forbidden', 403);
  if (spec.fresh && !isFresh(who.session, now())) return refuse(c, 'step-up', 403);
  return spec.handler(c, who);
}

/**
 * Adds each route behind its permission check, and returns the list of what was declared, which a test compares
 * with every route the app answers: a route added any other way fails it. Not signed in: 401; signed in without
 * the permission: 403; a fresh sign-in needed and too old: 403 with "step-up", so the screen can ask for one.
 */
export function declareRoutes(app: Hono<AdminEnv>, routes: readonly RouteSpec[], now: () => Date): RouteSpec[] {
  for (const spec of routes) app.on(spec.method, spec.path, (c) => guarded(c, spec, now));
  return [...routes];
}

/** The fields a request declares, each still unknown until checked. */
type Fields<Request> = Partial<Record<keyof Request, unknown>>;

/** A JSON body, read as the route's request (its fields still to be checked), or undefined when it is not an object (the caller answers 400). */
export async function jsonBody<K extends AdminRoute>(c: AdminContext, _route: K): Promise<Fields<RequestOf<K>> | undefined> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Fields<RequestOf<K>>) : undefined;
  } catch {
    return undefined;
  }
}

/** The string at `key` of a body, or '' (a missing field is answered as a wrong one). */
export const text = <Key extends string>(body: Partial<Record<Key, unknown>>, key: Key): string => {
  const value = body[key];
  return typeof value === 'string' ? value : '';
};
