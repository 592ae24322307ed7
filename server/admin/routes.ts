import type { Context, Hono } from 'hono';
import type { StaffSession, StaffUser } from '../staff/store/types.ts';
import { isFresh } from '../staff/sessions.ts';
import { allows, type Permission } from './permissions.ts';

/** Who sent a request: the person and session its cookie opened, or nobody. */
export interface SignedIn {
  user: StaffUser;
  session: StaffSession;
  /** the cookie's token, to end or renew this very session */
  token: string;
}

export type AdminEnv = { Variables: { who: SignedIn | undefined } };
export type AdminContext = Context<AdminEnv>;

/** One route of the back office, with what it asks of its caller. */
export interface RouteSpec {
  method: 'GET' | 'POST';
  path: string;
  permission: Permission;
  /** asks for a sign-in (or step-up) within the last 10 minutes: export, erase, people and role changes */
  fresh?: boolean;
  handler: (c: AdminContext, who: SignedIn | undefined) => Response | Promise<Response>;
}

/**
 * Adds each route behind its permission check, and returns the list of what was declared, which a test compares
 * with every route the app answers: a route added any other way fails it. Not signed in: 401; signed in without
 * the permission: 403; a fresh sign-in needed and too old: 403 with "step-up", so the screen can ask for one.
 */
export function declareRoutes(app: Hono<AdminEnv>, routes: readonly RouteSpec[], now: () => Date): RouteSpec[] {
  for (const spec of routes) {
    app.on(spec.method, spec.path, async (c) => {
      const who = c.get('who');
      if (spec.permission !== 'public' && !who) return c.json({ error: 'signed-out' }, 401);
      if (!allows(who?.user.role, spec.permission)) return c.json({ error: 'forbidden' }, 403);
      if (spec.fresh && who && !isFresh(who.session, now())) return c.json({ error: 'step-up' }, 403);
      return spec.handler(c, who);
    });
  }
  return [...routes];
}

/** A JSON body, or undefined when the body is not an object (the caller answers 400). */
export async function jsonBody(c: AdminContext): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The string at `key` of a body, or '' (a missing field is answered as a wrong one). */
export const text = (body: Record<string, unknown>, key: string): string => (typeof body[key] === 'string' ? (body[key] as string) : '');
