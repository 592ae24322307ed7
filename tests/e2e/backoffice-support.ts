import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CDPSession, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { axeViolations, wcagAxe } from './axe.ts';
import { e2eAdminOrigin, e2eDataDir } from '../../playwright.config.ts';
import { openStaffStore, type StaffStore } from '../../server/staff/store/staff-store.ts';
import { inviteStaff } from '../../server/staff/invitations.ts';
import { totpAt } from '../../server/staff/totp.ts';
import { base32Decode } from '../../server/staff/base32.ts';
import { openStorage } from '../../server/storage/open-storage.ts';
import type { NewLead, Storage } from '../../server/storage/types.ts';
import type { InvitationAnswer, AcceptInvitationAnswer, StaffRole } from '../../core/admin/contract.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

/** The back office of the server Playwright starts (4330 beside the default E2E_PORT 4319). */
export const ADMIN = process.env.E2E_ADMIN_ORIGIN ?? e2eAdminOrigin;

let staff: Promise<StaffStore> | undefined;
let storage: Promise<Storage> | undefined;
/** The server's own database, opened by the test: accounts and leads made the way the commands make them. */
export const staffStore = () => (staff ??= openStaffStore({ dataDir: e2eDataDir }));
export const leadStorage = () => (storage ??= openStorage({ dataDir: e2eDataDir }));
export async function closeStores() {
  await Promise.all([staff?.then((s) => s.close()), storage?.then((s) => s.close())]);
  staff = storage = undefined;
}

/** Eight digits for a phone number no other test's lead has: leads with one number are one person's. */
export const uniqueDigits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.nl`;
export const codeFor = (secret: string, at = Date.now()) => totpAt(base32Decode(secret.replace(/\s+/g, ''))!, at);

/** A new invitation link, as `npm run staff -- add` makes one. */
export async function invitationLink(role: StaffRole, email = uniqueEmail(role)) {
  const result = await inviteStaff(await staffStore(), email, role, null);
  if (!result.ok) throw new Error(result.problem);
  return { email, userId: result.userId, link: `${ADMIN}/uitnodiging/${result.token}`, token: result.token };
}

export interface Account {
  email: string;
  userId: string;
  password: string;
  secret: string;
  /** unused recovery codes: each later sign-in takes one (a TOTP step signs in once) */
  codes: string[];
}

/** An account set up over the API (the invitation accepted by the test itself), for tests about what comes after. */
export async function newAccount(role: StaffRole): Promise<Account> {
  const { email, userId, token } = await invitationLink(role);
  const url = `${ADMIN}/api/invitations/${token}`;
  const invitation = (await (await fetch(url)).json()) as InvitationAnswer;
  const password = 'een lange zin als wachtwoord';
  const accepted = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Staff-Request': '1', Origin: ADMIN },
    body: JSON.stringify({ password, totpSecret: invitation.totp.secret, code: codeFor(invitation.totp.secret) }),
  });
  expect(accepted.status).toBe(200);
  const { recoveryCodes } = (await accepted.json()) as AcceptInvitationAnswer;
  return { email, userId, password, secret: invitation.totp.secret, codes: recoveryCodes };
}

/** Signs in through the screen with a recovery code. */
export async function signIn(page: Page, account: Account, path = '/aanmelden') {
  await page.goto(`${ADMIN}${path}`);
  await page.getByLabel('E-mailadres').fill(account.email);
  await page.getByLabel('Wachtwoord').fill(account.password);
  await page.getByLabel('Code', { exact: true }).fill(account.codes.shift()!);
  await page.getByRole('button', { name: 'Aanmelden' }).click();
}

/** The session's sign-in made older than 10 minutes: the next people change, export or erase asks for a step-up. */
export function makeSignInStale(userId: string) {
  const db = new Database(join(e2eDataDir, 'leads.sqlite'));
  try {
    db.prepare('UPDATE staff_sessions SET authenticated_at = ? WHERE user_id = ?').run(new Date(Date.now() - 3_600_000).toISOString(), userId);
  } finally {
    db.close();
  }
}

/** axe on the back office's screen as it is now (WCAG 2.1 A and AA). */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await axeViolations(wcagAxe(page))).toEqual([]);
}

/** A lead as the form endpoint would store it, in the suite's server's storage or in `to`. */
export async function addLead(values: { name: string; email: string; message: string; phone?: string; spam?: boolean; form?: string }, to?: Storage) {
  const lead: NewLead = {
    submissionId: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    form: values.form ?? 'contact',
    name: values.name,
    email: values.email,
    phone: values.phone ?? '',
    message: values.message,
    values: { name: values.name, email: values.email, phone: values.phone ?? '', message: values.message },
    photos: [],
    spam: values.spam ?? false,
    review: false,
    flags: values.spam ? ['honeypot'] : [],
    ip: null,
    userAgent: null,
  };
  return (await (to ?? (await leadStorage())).addLead(lead)).id;
}

/** Chromium's virtual authenticator on this page: a passkey device with user verification, always present. */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * An invitation accepted on its screen as a person does it: a password and the code of their new authenticator; with
 * `passkey`, a passkey of that name added while the device is at hand (the page needs a virtual authenticator); then
 * on past the recovery codes, signed in.
 */
export async function acceptInvitation(
  page: Page,
  link: string,
  { password = 'fietsen langs de Eem in mei', passkey }: { password?: string; passkey?: string } = {},
) {
  await page.goto(link);
  const secret = (await page.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent())!;
  await page.getByLabel('Nieuw wachtwoord').fill(password);
  await page.getByLabel('Code van 6 cijfers').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Account instellen' }).click();
  if (passkey) {
    await page.getByLabel('Naam van dit apparaat').fill(passkey);
    await page.getByRole('button', { name: 'Passkey toevoegen' }).click();
    await expect(page.getByText(`Passkey “${passkey}” toegevoegd: u kunt er voortaan mee aanmelden.`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Ik heb ze bewaard, ga verder' }).click();
}

/** A back office of the spec's own on `port` (its own server, database and origin), serving the build in `distDir`. */
export async function startOwnBackOffice(port: number, distDir: string, env: Record<string, string> = {}): Promise<{ server: ServerProcess; admin: string }> {
  const admin = `http://localhost:${port}`;
  const server = await startServer({ distDir, env: { ADMIN_PORT: String(port), ADMIN_ORIGIN: admin, ...env } });
  await expect.poll(() => server.output()).toContain(`back office on ${admin}`);
  return { server, admin };
}
