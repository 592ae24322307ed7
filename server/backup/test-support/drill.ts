import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { paths } from '../../../core/paths.ts';
import { base32Decode } from '../../staff/base32.ts';
import { inviteStaff } from '../../staff/invitations.ts';
import { openStaffStore } from '../../staff/store/staff-store.ts';
import { totpAt } from '../../staff/totp.ts';
import { assertion, createCredential, softwarePasskey, type SoftwarePasskey } from '../../admin/test-support/software-passkey.ts';
import { STAFF_REQUEST_HEADER } from '../../admin/request-guard.ts';
import { SESSION_COOKIE } from '../../admin/session-cookie.ts';
import type { StorageOptions } from '../../storage/types.ts';
import type { ServerProcess } from '../../../tests/support/server-process.ts';

/** What the backup drill's tests share: the commands run as processes, leads and photos sent over HTTP, a sign-in. */
const execFileAsync = promisify(execFile);

export const NO_LIMITS = {
  RATE_LIMIT_LEADS: '1000000',
  RATE_LIMIT_MAILS: '1000000',
  RATE_LIMIT_UPLOADS: '1000000',
  RATE_LIMIT_TOKENS: '1000000',
  RATE_LIMIT_UPLOADS_TOTAL: '1000000',
};

/** The environment a command of this server is run with, for one data folder (and database). */
export const commandEnv = (options: StorageOptions): Record<string, string> => ({
  DATA_DIR: options.dataDir,
  DATABASE_URL: options.databaseUrl ?? '',
});

/** `npm run <script>` as the real process (tsx, as the other command tests run them): its exit code and output. */
export async function command(file: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['--import', 'tsx', join(paths.root, file), ...args], {
      cwd: paths.root,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const BOUNDARY = 'backup-drill-boundary';

/** A small PNG uploaded to the server as a visitor's photo: its id and its link. */
export async function uploadPhoto(server: ServerProcess, colour: string): Promise<{ id: string; link: string }> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const answer = await fetch(`${server.url}/3/image`, {
    method: 'POST',
    headers: { Authorization: 'Client-ID local', 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: new Uint8Array(body),
  });
  const json = (await answer.json()) as { data: { id: string; link: string } };
  if (answer.status !== 200) throw new Error(`upload answered ${answer.status}`);
  return json.data;
}

/** Posts a lead of the demo form; with a fill-time token it is no spam and keeps its photos. */
export function sendLead(server: ServerProcess, submissionId: string, email: string, extra: { photos?: string[]; token?: string } = {}) {
  const values = { name: `Bezoeker ${submissionId}`, email, company: 'Bakkerij' };
  return fetch(`${server.url}/api/forms/demo`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ submissionId, values, ...extra }),
  });
}

export async function formToken(server: ServerProcess): Promise<string> {
  return ((await (await fetch(`${server.url}/api/forms/demo/token`)).json()) as { token: string }).token;
}

const OWN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', [STAFF_REQUEST_HEADER]: '1' };
export const PASSWORD = 'fiets-zon-regen-42';

/**
 * The back office's origin as the staff reach it, on both the first server and the restored one: a host name, as
 * WebAuthn needs (localhost counts; an IP address offers no passkeys). The drill talks to the address it listens on.
 */
export const ADMIN_ORIGIN = 'http://localhost:4330';

/** The address the back office listens on, from the server's own line. */
export function adminUrl(server: ServerProcess): string | undefined {
  const listening = /back office on \S+ \(listening on (127\.0\.0\.1:\d+)\)/.exec(server.output())?.[1];
  return listening && `http://${listening}`;
}

/** The session cookie an answer set, as a Cookie header to send back; undefined when it set none. */
function sessionOf(answer: Response): string | undefined {
  const line = answer.headers.getSetCookie().find((set) => set.startsWith(`${SESSION_COOKIE}=`) && !set.startsWith(`${SESSION_COOKIE}=;`));
  return line?.split(';')[0];
}

/**
 * A sales account invited and accepted over the API, as its screen does: the authenticator's key it set up, and
 * the session the acceptance signed it in with.
 */
export async function newStaff(admin: string, options: StorageOptions, email: string): Promise<{ key: Uint8Array; session: string }> {
  const store = await openStaffStore(options);
  const invited = await inviteStaff(store, email, 'sales', null);
  await store.close();
  if (!invited.ok) throw new Error(invited.problem);
  const invitation = (await (await fetch(`${admin}/api/invitations/${invited.token}`)).json()) as { totp: { secret: string } };
  const key = base32Decode(invitation.totp.secret)!;
  const accepted = await fetch(`${admin}/api/invitations/${invited.token}`, {
    method: 'POST',
    headers: OWN,
    body: JSON.stringify({ password: PASSWORD, totpSecret: invitation.totp.secret, code: totpAt(key, Date.now()) }),
  });
  const session = sessionOf(accepted);
  if (accepted.status !== 200 || !session) throw new Error(`accepting the invitation answered ${accepted.status}`);
  return { key, session };
}

/** A sign-in with password and the authenticator's code of the next time step (each step signs in once). */
export async function signIn(admin: string, email: string, key: Uint8Array): Promise<number> {
  const code = totpAt(key, Date.now() + 30_000);
  const answer = await fetch(`${admin}/api/sign-in`, { method: 'POST', headers: OWN, body: JSON.stringify({ email, password: PASSWORD, code }) });
  return answer.status;
}

/** A POST of the back office's own pages, with a session's cookie when there is one. */
const post = (admin: string, path: string, body: unknown, session?: string) =>
  fetch(`${admin}${path}`, { method: 'POST', headers: { ...OWN, ...(session ? { cookie: session } : {}) }, body: JSON.stringify(body) });

/** The signed-in (and freshly so) person adds a passkey over the real routes, as the account screen does: the device. */
export async function addPasskey(admin: string, session: string): Promise<SoftwarePasskey> {
  const options = await post(admin, '/api/passkeys/options', {}, session);
  if (options.status !== 200) throw new Error(`the passkey's options answered ${options.status}`);
  const { challenge, user } = (await options.json()) as { challenge: string; user: { id: string } };
  const device = softwarePasskey(ADMIN_ORIGIN);
  const added = await post(admin, '/api/passkeys', { response: createCredential(device, challenge, user.id), name: 'Telefoon' }, session);
  if (added.status !== 201) throw new Error(`adding the passkey answered ${added.status}`);
  return device;
}

/** A sign-in with the passkey alone over a challenge this back office makes: its status, then /api/me's status and e-mail. */
export async function passkeySignIn(admin: string, device: SoftwarePasskey): Promise<{ status: number; me: number; email?: string }> {
  const options = await post(admin, '/api/sign-in/passkey/options', {});
  if (options.status !== 200) throw new Error(`the sign-in's options answered ${options.status}`);
  const { challenge } = (await options.json()) as { challenge: string };
  const signed = await post(admin, '/api/sign-in/passkey', { response: assertion(device, challenge) });
  const session = sessionOf(signed);
  const me = await fetch(`${admin}/api/me`, { headers: session ? { cookie: session } : {} });
  const { email } = me.status === 200 ? ((await me.json()) as { email?: string }) : {};
  return { status: signed.status, me: me.status, email };
}
