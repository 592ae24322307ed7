import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { DEFAULT_TIMEOUTS } from '../staff/sessions.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from '../staff/test-support/backends.ts';
import { startSmtp } from '../../tests/support/smtp.ts';
import { createAdminApp } from './admin-app.ts';
import { invitationMailer, invitationText } from './invitation-mail.ts';
import type { AdminEnv } from './routes.ts';
import { ORIGIN, person } from './test-support/staff-browser.ts';

/** With SMTP configured, an invitation made in the back office is mailed to the person too, through a real SMTP server. */
describe.each(backends.slice(0, 1))('invitation mail on $name', (backend) => {
  let store: StaffStore;
  let app: Hono<AdminEnv>;
  let clock: { advance: (ms: number) => void; peek: () => number };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    await backend.setup();
    smtp = await startSmtp((count) => (count === 2 ? 550 : undefined));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await smtp.stop();
    await backend.teardown();
  }, 30_000);
  beforeEach(async () => {
    const opened = await openTestStore(backend);
    store = opened.store;
    clock = { advance: opened.advance, peek: opened.peek };
    const sendInvitation = invitationMailer(smtp.url, 'website@example.nl', 'example.nl', () => 'nl-NL');
    ({ app } = createAdminApp({
      staff: store,
      origin: ORIGIN,
      timeouts: DEFAULT_TIMEOUTS,
      clientIp: () => '203.0.113.7',
      issuer: 'Back office',
      sendInvitation,
    }));
  }, 60_000);
  afterEach(() => store.close());

  it('mails the link to the invitee in Dutch; a refused mail still gives the admin the link to hand over', async () => {
    const admin = await person(app, store, clock, 'baas@example.nl', 'admin');
    const first = await admin.b.post('/api/people', { email: 'nieuw@example.nl', role: 'sales' });
    const answer = (await first.json()) as { link: string; mailed: boolean };
    expect(answer.mailed).toBe(true);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['nieuw@example.nl']);
    // quoted-printable breaks long lines with "=" at their end, and headers fold onto the next line
    const text = mail.raw.replace(/=\r\n/g, '').replace(/\r\n[ \t]+/g, ' ');
    expect(text).toContain(answer.link);
    expect(text).toContain('Subject: Je uitnodiging voor de beheeromgeving van example.nl');
    // the SMTP server refuses the second message: the admin is told, and has the link anyway
    const second = (await (await admin.b.post('/api/people', { email: 'ander@example.nl', role: 'editor' })).json()) as { link: string; mailed: boolean };
    expect(second.mailed).toBe(false);
    expect(second.link).toMatch(/\/uitnodiging\/[\w-]{40,}$/);
  });
});

describe("the invitation mail in the back office's language", () => {
  const link = 'https://kantoor.example.nl/uitnodiging/abc';
  const expiresAt = '2026-12-09T14:30:00.000Z';

  it('is English on a site of another language, with the link and its end in English words', () => {
    const { subject, text } = invitationText(link, expiresAt, 'example.com', 'en-GB');
    expect(subject).toBe('Your invitation to the back office of example.com');
    expect(text).toContain(link);
    expect(text).toContain('The link works once, until 9 December 2026 at 15:30.');
    expect(text).not.toMatch(/uitgenodigd|werkt één keer/);
  });

  it('is Dutch on a Dutch site, the end in Dutch words', () => {
    const { subject, text } = invitationText(link, expiresAt, 'example.nl', 'nl-BE');
    expect(subject).toBe('Je uitnodiging voor de beheeromgeving van example.nl');
    expect(text).toContain('De link werkt één keer, tot 9 december 2026 om 15:30.');
  });
});
