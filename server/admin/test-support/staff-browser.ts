import type { Hono } from 'hono';
import { expect } from 'vitest';
import { base32Decode } from '../../staff/base32.ts';
import type { Role } from '../../staff/identity.ts';
import { inviteStaff } from '../../staff/invitations.ts';
import type { StaffStore } from '../../staff/store/staff-store.ts';
import { totpAt } from '../../staff/totp.ts';
import { STAFF_REQUEST_HEADER } from '../request-guard.ts';
import type { AdminEnv } from '../routes.ts';
import { SESSION_COOKIE } from '../session-cookie.ts';

export const ORIGIN = 'http://127.0.0.1:4330';
export const PASSWORD = 'fiets-zon-regen-42';
/** What the back office's own pages send with every state-changing request. */
export const OWN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', [STAFF_REQUEST_HEADER]: '1' };

/** A browser of one person: the session cookie it was given, sent back on each request. */
export function browser(app: Hono<AdminEnv>) {
  let cookie: string | undefined;
  const keep = (response: Response) => {
    const set = response.headers.get('set-cookie');
    if (set?.startsWith(`${SESSION_COOKIE}=`)) {
      const value = set.slice(SESSION_COOKIE.length + 1).split(';')[0]!;
      cookie = value ? value : undefined;
    }
    return response;
  };
  const cookieHeader = (): Record<string, string> => (cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {});
  return {
    get: async (path: string) => keep(await app.request(path, { headers: cookieHeader() })),
    post: async (path: string, body: unknown = {}, headers: Record<string, string> = OWN) =>
      keep(await app.request(path, { method: 'POST', headers: { ...headers, ...cookieHeader() }, body: JSON.stringify(body) })),
    cookie: () => cookie,
    useCookie: (value: string | undefined) => void (cookie = value),
  };
}

export type Browser = ReturnType<typeof browser>;

/**
 * Invites `email` as `role` and accepts the invitation in a new browser, where the person is then signed in.
 * `clock` is the store's test clock: the next code comes 30 s later, as the one that proved the authenticator is spent.
 */
export async function person(app: Hono<AdminEnv>, store: StaffStore, clock: { advance: (ms: number) => void; peek: () => number }, email: string, role: Role) {
  const codeFor = (secret: string) => totpAt(base32Decode(secret)!, clock.peek());
  const invited = await inviteStaff(store, email, role, null);
  if (!invited.ok) throw new Error(invited.problem);
  const b = browser(app);
  const invitation = (await (await b.get(`/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } };
  const secret = invitation.totp.secret;
  const accepted = await b.post(`/api/invitations/${invited.token}`, { password: PASSWORD, totpSecret: secret, code: codeFor(secret) });
  expect(accepted.status).toBe(200);
  clock.advance(30_000);
  const { recoveryCodes } = (await accepted.json()) as { recoveryCodes: string[] };
  return { b, secret, token: invited.token, id: invited.userId, code: () => codeFor(secret), recoveryCodes };
}
