import { startSmtp } from '../../tests/support/smtp.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../storage/open-storage.ts';
import type { Storage } from '../storage/types.ts';
import { defaultBackoffMs, startSmtpDelivery, transportOptions } from './smtp-delivery.ts';

/** A port nothing listens on: connecting is refused, as with an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function headers(raw: string): Record<string, string> {
  const head = raw.split('\r\n\r\n')[0] ?? '';
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const at = line.indexOf(':');
    out[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}

let dir: string;
let storage: Storage;
const logs: string[] = [];
const log = (line: string) => void logs.push(line);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'smtp-test-'));
  storage = await openStorage({ dataDir: dir });
});
afterEach(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

async function leadWithMail(): Promise<{ leadId: string; mailId: string }> {
  const { id: leadId } = await storage.addLead({
    submissionId: `sub-${Math.random().toString(36).slice(2)}`,
    form: 'contact',
    name: 'Ada',
    email: 'ada@example.org',
    phone: '',
    message: 'Hi',
    values: {},
    photos: [],
    spam: false,
    review: false,
    flags: [],
    ip: null,
    userAgent: null,
  });
  const mailId = await storage.addMail({
    leadId,
    to: 'owner@example.org',
    replyTo: 'ada@example.org',
    subject: 'New lead: Ada',
    text: 'Name: Ada\nMessage: Hi there',
    templateId: 'contact',
  });
  return { leadId, mailId };
}

describe('startSmtpDelivery', () => {
  it('sends a due mail with the right envelope, headers and body, and records it', async () => {
    const smtp = await startSmtp();
    const { leadId, mailId } = await leadWithMail();
    const delivery = startSmtpDelivery({ storage, smtpUrl: smtp.url, from: 'Site <site@example.org>', intervalMs: 0, log });
    try {
      expect(await delivery.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message?.from).toBe('site@example.org');
      expect(message?.to).toEqual(['owner@example.org']);
      const h = headers(message?.raw ?? '');
      expect(h.from).toBe('Site <site@example.org>');
      expect(h.to).toBe('owner@example.org');
      expect(h['reply-to']).toBe('ada@example.org');
      expect(h.subject).toBe('New lead: Ada');
      expect(message?.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n')).toContain('Name: Ada\r\nMessage: Hi there');
      expect((await storage.mailsForLead(leadId))[0]).toMatchObject({ id: mailId, state: 'sent', attempts: 1, lastError: null });
      expect(await storage.getLead(leadId)).toMatchObject({ delivery: 'smtp-sent', deliveryDetail: null });
      expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await delivery.stop();
      await smtp.stop();
    }
  });

  it('retries a mail the server refuses for now, then delivers it', async () => {
    const smtp = await startSmtp((n) => (n === 1 ? 451 : undefined));
    const { leadId } = await leadWithMail();
    const delivery = startSmtpDelivery({ storage, smtpUrl: smtp.url, from: 'site@example.org', intervalMs: 0, backoffMs: () => 0, log });
    try {
      expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [mail] = await storage.mailsForLead(leadId);
      expect(mail).toMatchObject({ state: 'retrying', attempts: 1 });
      expect(mail?.lastError).toContain('451');
      const lead = await storage.getLead(leadId);
      expect(lead?.delivery).toBe('smtp-retrying');
      expect(lead?.deliveryDetail).toContain('451');

      // a round takes only what was due when it began: with no backoff, the next round starts a moment later
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await delivery.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect((await storage.mailsForLead(leadId))[0]).toMatchObject({ state: 'sent', attempts: 2 });
      expect((await storage.getLead(leadId))?.delivery).toBe('smtp-sent');
    } finally {
      await delivery.stop();
      await smtp.stop();
    }
  });

  it('waits the backoff before the next attempt', async () => {
    const smtp = await startSmtp(() => 451);
    const { leadId } = await leadWithMail();
    const delivery = startSmtpDelivery({ storage, smtpUrl: smtp.url, from: 'site@example.org', intervalMs: 0, log });
    try {
      const before = Date.now();
      await delivery.runOnce();
      const next = Date.parse((await storage.mailsForLead(leadId))[0]?.nextAttemptAt ?? '');
      expect(next - before).toBeGreaterThanOrEqual(30_000);
      expect(next - Date.now()).toBeLessThanOrEqual(30_000);
      expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await delivery.stop();
      await smtp.stop();
    }
  });

  it('gives up after maxAttempts when the server is down', async () => {
    const { leadId } = await leadWithMail();
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const delivery = startSmtpDelivery({ storage, smtpUrl, from: 'site@example.org', intervalMs: 0, maxAttempts: 3, backoffMs: () => 0, log });
    // a round takes only what was due when it began: with no backoff, the next round starts a moment later
    const nextRound = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return delivery.runOnce();
    };
    try {
      expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect((await storage.getLead(leadId))?.delivery).toBe('smtp-retrying');
      expect(await nextRound()).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await nextRound()).toEqual({ sent: 0, retried: 0, failed: 1 });
      const [mail] = await storage.mailsForLead(leadId);
      expect(mail).toMatchObject({ state: 'failed', attempts: 3, nextAttemptAt: null });
      expect(mail?.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(await storage.getLead(leadId)).toMatchObject({ delivery: 'smtp-failed' });
      expect(await nextRound()).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      await delivery.stop();
    }
  });

  it('fails at once on a permanent refusal (5xx)', async () => {
    const smtp = await startSmtp(() => 550);
    const { leadId } = await leadWithMail();
    const delivery = startSmtpDelivery({ storage, smtpUrl: smtp.url, from: 'site@example.org', intervalMs: 0, log });
    try {
      expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect((await storage.mailsForLead(leadId))[0]).toMatchObject({ state: 'failed', attempts: 1 });
      expect((await storage.getLead(leadId))?.deliveryDetail).toContain('550');
    } finally {
      await delivery.stop();
      await smtp.stop();
    }
  });

  it('delivers in the background and survives a closed database', async () => {
    const smtp = await startSmtp();
    const { leadId } = await leadWithMail();
    const delivery = startSmtpDelivery({ storage, smtpUrl: smtp.url, from: 'site@example.org', intervalMs: 20, log });
    try {
      // in the background: a generous wait, for a loaded machine
      await expect.poll(async () => (await storage.getLead(leadId))?.delivery, { timeout: 60_000 }).toBe('smtp-sent');
      await storage.close();
      // the loop keeps going and runOnce still resolves, with the error logged
      expect(await delivery.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(logs.some((line) => line.includes('delivery round stopped'))).toBe(true);
    } finally {
      await delivery.stop();
      await smtp.stop();
    }
    storage = await openStorage({ dataDir: dir });
  }, 90_000);

  it('shares the outbox with another process: two deliveries at once send each mail once', async () => {
    const smtp = await startSmtp();
    // a second connection to the same database, as a second server process has
    const other = await openStorage({ dataDir: dir });
    for (let i = 0; i < 10; i++) await leadWithMail();
    const here = startSmtpDelivery({ storage, smtpUrl: smtp.url, from: 'site@example.org', intervalMs: 0, log });
    const there = startSmtpDelivery({ storage: other, smtpUrl: smtp.url, from: 'site@example.org', intervalMs: 0, log });
    try {
      const rounds = await Promise.all([here.runOnce(), there.runOnce()]);
      expect(smtp.received).toHaveLength(10);
      expect(rounds.map((r) => r.sent).reduce((x, y) => x + y)).toBe(10);
      expect((await storage.listMails()).map((m) => [m.state, m.attempts])).toEqual(Array.from({ length: 10 }, () => ['sent', 1]));
    } finally {
      await here.stop();
      await there.stop();
      await other.close();
      await smtp.stop();
    }
  });

  it('backs off 30 s, 2 min, 10 min ... up to 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(defaultBackoffMs)).toEqual([30e3, 120e3, 600e3, 1800e3, 3600e3, 10800e3, 21600e3, 21600e3, 21600e3]);
  });
});

describe('transportOptions', () => {
  it('insists on STARTTLS for plain SMTP off this machine, and not on the loopback relay or smtps', () => {
    expect(transportOptions('smtp://user:pass@mail.example.com:587').requireTLS).toBe(true);
    expect(transportOptions('smtp://10.0.0.5:25').requireTLS).toBe(true);
    for (const local of ['smtp://127.0.0.1:2525', 'smtp://localhost:25', 'smtp://[::1]:25']) expect(transportOptions(local).requireTLS, local).toBe(false);
    expect(transportOptions('smtps://user:pass@mail.example.com:465').requireTLS).toBe(false);
  });
});
