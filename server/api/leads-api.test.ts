import { existsSync, mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { fixtureServerSite } from '../../tests/support/server-site.ts';
import { openStorage } from '../storage/open-storage.ts';
import type { Storage } from '../storage/types.ts';
import { issueToken } from './form-token.ts';
import { sweepUploads } from './upload-sweep.ts';

/** The API in process (app.request), on the fixture site's forms and a real SQLite database. */
const SECRET = 'test-secret';
const site = fixtureServerSite();
const passThrough: MiddlewareHandler = async (_c, next) => next();
let dataDir: string;
let storage: Storage;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'leads-api-'));
  mkdirSync(join(dataDir, 'uploads'));
  storage = await openStorage({ dataDir });
});

afterAll(async () => {
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function app(limits?: { leads?: number; tokens?: number; mails?: number; mailsTotal?: number; uploads?: number }) {
  return createApp({ site, storage, secret: SECRET, uploadsDir: join(dataDir, 'uploads'), clientIp: () => '192.0.2.1', securityHeaders: passThrough, limits });
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
/** A token for the form issued ten seconds ago: the visitor took longer than the minimum fill time. */
const oldToken = (formId = 'contact') => issueToken(SECRET, formId, Date.now() - 10_000);
let counter = 0;
const newId = () => `sub-${Date.now().toString(36)}-${counter++}`;
const contact = { name: 'Anna de Vries', email: 'anna@example.nl', phone: '06 12345678', message: 'Graag een offerte voor een webshop.' };

describe('POST /api/forms/:formId', () => {
  it('stores a valid lead and answers 201 with its id; the same submission again is 200 with the same id', async () => {
    const submissionId = newId();
    const first = await app().request('/api/forms/contact', json({ submissionId, values: contact, token: oldToken(), hp: '' }));
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const again = await app().request('/api/forms/contact', json({ submissionId, values: contact, token: oldToken(), hp: '' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id });
    const lead = await storage.getLead(id);
    expect(lead).toMatchObject({ form: 'contact', name: 'Anna de Vries', email: 'anna@example.nl', phone: '06 12345678', spam: false, delivery: 'pending' });
    expect(lead?.message).toBe('Graag een offerte voor een webshop.');
  });

  it('checks the body with the form config and answers with the form’s own messages', async () => {
    const missing = await app().request('/api/forms/contact', json({ submissionId: newId(), values: { ...contact, email: 'geen-adres' }, token: oldToken() }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.' } });
    const unknownField = await app().request('/api/forms/contact', json({ submissionId: newId(), values: { ...contact, admin: 'true' } }));
    expect(unknownField.status).toBe(400);
    const badOption = await app().request('/api/forms/quote', json({ submissionId: newId(), values: { name: 'A', email: 'a@b.nl', services: ['hacking'] } }));
    expect(badOption.status).toBe(400);
    const tooLong = await app().request('/api/forms/contact', json({ submissionId: newId(), values: { ...contact, message: 'x'.repeat(5001) } }));
    expect(tooLong.status).toBe(400);
    const badId = await app().request('/api/forms/contact', json({ submissionId: '../../x', values: contact }));
    expect(badId.status).toBe(400);
    expect((await app().request('/api/forms/nope', json({ submissionId: newId(), values: {} }))).status).toBe(404);
  });

  it('stores spam flagged instead of dropping it: honeypot, no token, too fast, forged, another form’s, expired token', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['honeypot', { token: oldToken(), hp: 'https://spam.example' }],
      ['no-token', {}],
      ['too-fast', { token: issueToken(SECRET, 'contact') }],
      ['bad-token', { token: issueToken('another-secret', 'contact', Date.now() - 10_000) }],
      ['bad-token', { token: oldToken('quote') }],
      ['expired', { token: issueToken(SECRET, 'contact', Date.now() - 2 * 60 * 60 * 1000 - 1000) }],
    ];
    for (const [flag, extra] of cases) {
      const answer = await app().request('/api/forms/contact', json({ submissionId: newId(), values: contact, ...extra }));
      expect(answer.status, flag).toBe(201);
      const lead = await storage.getLead(((await answer.json()) as { id: string }).id);
      expect(lead?.spam, flag).toBe(true);
      expect(lead?.flags, flag).toContain(flag);
    }
    const spam = await storage.listLeads({ spam: true });
    expect(spam.length).toBeGreaterThanOrEqual(6);
  });

  it('stores where the visitor came from with the lead', async () => {
    const source = { utm_source: 'nieuwsbrief', utm_campaign: 'najaar', referrer: 'mail.example.nl' };
    const answer = await app().request('/api/forms/contact', json({ submissionId: newId(), values: contact, token: oldToken(), hp: '', source }));
    expect(answer.status).toBe(201);
    const lead = await storage.getLead(((await answer.json()) as { id: string }).id);
    expect(lead).toMatchObject({ spam: false, source });
  });

  it('stores the lead whatever an attacker puts in its source, keeping only the known keys with short lines of text', async () => {
    const attack = {
      utm_source: 'google',
      utm_campaign: 'x'.repeat(5000),
      utm_medium: { $gt: '' },
      utm_term: ['a'],
      utm_content: 1e9,
      gclid: 'id\r\nBcc: everyone@example.nl',
      fbclid: null,
      referrer: 'evil.example\u202e',
      isAdmin: 'true',
      status: 'won',
    };
    const answer = await app().request('/api/forms/contact', json({ submissionId: newId(), values: contact, token: oldToken(), hp: '', source: attack }));
    expect(answer.status).toBe(201);
    const lead = await storage.getLead(((await answer.json()) as { id: string }).id);
    expect(lead).toMatchObject({ spam: false, name: 'Anna de Vries' });
    expect(lead?.source).toEqual({ utm_source: 'google' });
    for (const junk of ['a string', 42, [1, 2], { only: 'unknown' }]) {
      const stored = await app().request('/api/forms/contact', json({ submissionId: newId(), values: contact, token: oldToken(), hp: '', source: junk }));
      expect(stored.status, JSON.stringify(junk)).toBe(201);
      expect(await storage.getLead(((await stored.json()) as { id: string }).id), JSON.stringify(junk)).not.toHaveProperty('source');
    }
  });

  it('takes a token for one submission only: its retries pass, a second submission with it is spam', async () => {
    const token = oldToken();
    const first = newId();
    const post = (submissionId: string, values = contact) => app().request('/api/forms/contact', json({ submissionId, values, token, hp: '' }));
    const stored = await post(first);
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    expect((await storage.getLead(id))?.spam).toBe(false);
    const retry = await post(first);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ id });
    for (let i = 0; i < 3; i++) {
      const replay = await post(newId(), { ...contact, message: `Replay ${i} met dezelfde token.` });
      expect(replay.status).toBe(201);
      const lead = await storage.getLead(((await replay.json()) as { id: string }).id);
      expect(lead).toMatchObject({ spam: true, flags: ['reused-token'] });
    }
  });

  it('answers 429 with Retry-After once an address is over its limit', async () => {
    const limitedApp = app({ leads: 3 });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const answer = await limitedApp.request('/api/forms/contact', json({ submissionId: newId(), values: contact, token: oldToken() }));
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = answer.headers.get('retry-after');
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('issues fill-time tokens per form that are never cached, and only so many per address', async () => {
    const answer = await app().request('/api/forms/contact/token');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(((await answer.json()) as { token: string }).token).toMatch(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/);
    expect((await app().request('/api/forms/nope/token')).status).toBe(404);
    const limitedApp = app({ tokens: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limitedApp.request('/api/forms/quote/token')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('POST /api/contact (the contact form’s fallback)', () => {
  it('stores the fallback body as a contact lead marked for review', async () => {
    const answer = await app().request('/api/contact', json({ ...contact, timestamp: new Date().toISOString(), submissionId: newId(), token: oldToken() }));
    expect(answer.status).toBe(201);
    const lead = await storage.getLead(((await answer.json()) as { id: string }).id);
    expect(lead).toMatchObject({ form: 'contact', name: contact.name, email: contact.email, message: contact.message, review: true, spam: false });
    expect((await app().request('/api/contact', json({ name: '', email: 'x' }))).status).toBe(400);
  });

  it('is spam without a good token for the contact form', async () => {
    for (const [flag, token] of [
      ['no-token', undefined],
      ['bad-token', oldToken('quote')],
    ] as const) {
      const answer = await app().request('/api/contact', json({ ...contact, submissionId: newId(), token }));
      expect(answer.status, flag).toBe(201);
      const lead = await storage.getLead(((await answer.json()) as { id: string }).id);
      expect(lead, flag).toMatchObject({ spam: true, review: true, flags: ['fallback', flag] });
    }
  });
});

describe('the local EmailJS-compatible endpoint', () => {
  const send = (params: Record<string, string>, templateId = 'template_contact') =>
    json({ lib_version: '4.4.1', user_id: 'helder-public-key', service_id: 'service_helder', template_id: templateId, template_params: params });

  /** What an attacker would like staff to read: it must never reach the outbox. */
  const phishing = {
    from_name: 'IT-afdeling',
    from_email: 'it@helderdigitaal.nl',
    to_email: 'attacker@evil.example',
    message: 'Uw wachtwoord verloopt vandaag. Log opnieuw in: https://evil.example/login',
    reply_to: 'attacker@evil.example',
  };
  const outboxSize = async () => (await storage.listMails()).length;

  it('queues the stored lead’s mail, built by the server, once, for the configured recipient only', async () => {
    const submissionId = newId();
    const created = await app().request('/api/forms/contact', json({ submissionId, values: contact, token: oldToken() }));
    const { id } = (await created.json()) as { id: string };
    // the browser's own params are ignored: even a tampered message, subject and reply address change nothing
    const answer = await app().request('/api/v1.0/email/send', send({ ...phishing, submission_id: submissionId }));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('OK');
    const [mail] = await storage.mailsForLead(id);
    expect(mail).toMatchObject({
      to: site.integrations.emailjs!.toEmail,
      replyTo: contact.email,
      subject: 'Nieuwe contact aanvraag - Anna de Vries',
      text: 'Nieuwe contact aanvraag\n\nNaam: Anna de Vries\nEmail: anna@example.nl\nTelefoon: 06 12345678\n\nBericht:\nGraag een offerte voor een webshop.',
      state: 'outbox',
    });
    expect((await storage.getLead(id))?.delivery).toBe('outbox');
    // the same send again (a retry after a timeout), or many at once, makes no second mail
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => app().request('/api/v1.0/email/send', send({ ...phishing, submission_id: submissionId }))),
    );
    expect(repeats.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await storage.mailsForLead(id)).toHaveLength(1);
    // the browser's report afterwards does not overwrite what the server knows
    await app().request(`/api/forms/contact/${submissionId}/delivery`, json({ status: 200, text: 'OK' }));
    expect((await storage.getLead(id))?.delivery).toBe('outbox');
  });

  it('puts no free text in the outbox: a send without a stored lead, or for another form’s template, is refused', async () => {
    const before = await outboxSize();
    const free = await app().request('/api/v1.0/email/send', send(phishing));
    expect(free.status).toBe(400);
    expect(await free.text()).toBe('The submission was not found');
    expect((await app().request('/api/v1.0/email/send', send({ ...phishing, submission_id: 'sub-never-stored' }))).status).toBe(400);
    const submissionId = newId();
    await app().request('/api/forms/contact', json({ submissionId, values: contact, token: oldToken() }));
    expect((await app().request('/api/v1.0/email/send', send({ ...phishing, submission_id: submissionId }, 'template_quote'))).status).toBe(400);
    expect(await outboxSize()).toBe(before);
  });

  it('sends no mail for a lead flagged as spam, and says OK all the same', async () => {
    const before = await outboxSize();
    const submissionId = newId();
    const created = await app().request('/api/forms/contact', json({ submissionId, values: contact, token: oldToken(), hp: 'https://spam.example' }));
    const { id } = (await created.json()) as { id: string };
    const answer = await app().request('/api/v1.0/email/send', send({ ...phishing, submission_id: submissionId }));
    expect(answer.status).toBe(200);
    expect(await storage.mailsForLead(id)).toHaveLength(0);
    expect(await outboxSize()).toBe(before);
  });

  it('keeps to a budget of mails for all addresses together', async () => {
    const budgeted = app({ mailsTotal: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const submissionId = newId();
      await budgeted.request('/api/forms/contact', json({ submissionId, values: { ...contact, message: `Bericht ${i}` }, token: oldToken() }));
      statuses.push((await budgeted.request('/api/v1.0/email/send', send({ message: 'x', submission_id: submissionId }))).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('refuses what the SDK would never send', async () => {
    expect((await app().request('/api/v1.0/email/send', send({ message: 'x' }, 'template_unknown'))).status).toBe(400);
    expect((await app().request('/api/v1.0/email/send', { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/xml' } })).status).toBe(415);
  });

  it('records an EmailJS failure the browser reports, with the reason Email sending failed', async () => {
    const submissionId = newId();
    const created = await app().request('/api/forms/contact', json({ submissionId, values: contact, token: oldToken() }));
    const { id } = (await created.json()) as { id: string };
    const report = await app().request(`/api/forms/contact/${submissionId}/delivery`, json({ status: 451, text: 'Unavailable For Headless Browser' }));
    expect(report.status).toBe(204);
    expect(await storage.getLead(id)).toMatchObject({
      delivery: 'emailjs-failed',
      deliveryDetail: 'Email sending failed: 451 Unavailable For Headless Browser',
    });
  });
});

describe('the local Imgur-compatible endpoint', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (bytes: Buffer, name = 'foto.png') => {
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
    return { method: 'POST', headers: { Authorization: 'Client-ID local' }, body };
  };

  it('a lead may carry only links to photos uploaded here, and takes those as its own', async () => {
    const uploaded = await app().request('/3/image', upload(PNG));
    const { data } = (await uploaded.json()) as { data: { id: string; link: string } };
    const demo = { name: 'Anna', email: 'anna@example.nl', company: 'Anna BV' };
    const post = (photos: string[]) => app().request('/api/forms/demo', json({ submissionId: newId(), values: demo, photos, token: oldToken('demo'), hp: '' }));
    for (const foreign of [
      'https://evil.example/uploads/x.png',
      `${data.link}?x=1`,
      data.link.replace('/uploads/', '/uploads/../uploads/'),
      'javascript:alert(1)',
    ]) {
      const refused = await post([foreign]);
      expect(refused.status, foreign).toBe(400);
    }
    const stored = await post([data.link]);
    expect(stored.status, await stored.clone().text()).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    expect(await storage.getUpload(data.id)).toMatchObject({ leadId: id });
  });

  it('with an outside image host, a lead may also carry links on the origins the site shows its images from', async () => {
    const demo = { name: 'Anna', email: 'anna@example.nl', company: 'Anna BV' };
    const imgur = { ...site, integrations: { ...site.integrations, imageHost: { mode: 'imgur' as const, baseUrl: 'https://api.imgur.com', clientId: 'x' } } };
    const outside = createApp({
      site: imgur,
      storage,
      secret: SECRET,
      uploadsDir: join(dataDir, 'uploads'),
      clientIp: () => '192.0.2.2',
      securityHeaders: passThrough,
    });
    const post = (target: typeof outside, photos: string[]) =>
      target.request('/api/forms/demo', json({ submissionId: newId(), values: demo, photos, token: oldToken('demo'), hp: '' }));
    expect((await post(outside, ['https://i.imgur.com/abc123.jpg'])).status).toBe(201);
    for (const foreign of ['https://someone.imgur.com.evil.example/a.jpg', 'https://evil.imgur.com/a.jpg', 'http://i.imgur.com/a.jpg']) {
      expect((await post(outside, [foreign])).status, foreign).toBe(400);
    }
    // the site's own image host: Imgur links are someone else's
    expect((await post(app(), ['https://i.imgur.com/abc123.jpg'])).status).toBe(400);
  });

  it('stores a real image and serves it at its link', async () => {
    const answer = await app().request('http://127.0.0.1:4173/3/image', upload(PNG));
    expect(answer.status).toBe(200);
    const { data, success } = (await answer.json()) as { success: boolean; data: { link: string; width: number; height: number; type: string } };
    expect(success).toBe(true);
    expect(data).toMatchObject({ type: 'image/png', width: 1, height: 1 });
    // on the site's own origin (no PUBLIC_URL here), whatever host the request named
    expect(data.link).toMatch(new RegExp(`^${new URL(site.siteUrl).origin}/uploads/[\\w-]+\\.png$`));
    const served = await app().request(new URL(data.link).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // re-encoded: a PNG of the same picture, not necessarily the same bytes
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('refuses what is not an image by its bytes, files over 5 MB and requests without a client id', async () => {
    const fake = await app().request('/3/image', upload(Buffer.from('<script>alert(1)</script>')));
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ success: false });
    const big = await app().request('/3/image', upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])));
    expect(big.status).toBe(413);
    const noAuth = await app().request('/3/image', { method: 'POST', body: new FormData() });
    expect(noAuth.status).toBe(403);
  });
});

describe('no HTTP route reads leads', () => {
  it('answers 404 or 405 to every way of asking', async () => {
    for (const path of ['/api/leads', '/api/forms', '/api/forms/contact', '/api/lead/1', '/api/admin/leads', '/uploads/', '/api/v1.0/email/send']) {
      const answer = await app().request(path);
      expect([404, 405], path).toContain(answer.status);
      expect(await answer.text(), path).not.toContain('anna@example.nl');
    }
  });
});

describe('requests from another site', () => {
  const mail = { service_id: 'service_helder', template_id: 'template_contact', user_id: 'helder-public-key', template_params: { subject: 'x', message: 'y' } };
  const from = (headers: Record<string, string>, body: string, type = 'text/plain') => ({
    method: 'POST',
    headers: { 'Content-Type': type, ...headers },
    body,
  });

  it('refuses a text/plain POST that another site makes a visitor send (no preflight needed), to any state-changing path', async () => {
    for (const path of ['/api/v1.0/email/send', '/api/forms/contact', '/api/contact', '/3/image']) {
      const answer = await app().request(
        `http://www.helderdigitaal.nl${path}`,
        from({ Origin: 'https://evil.example', Host: 'www.helderdigitaal.nl' }, JSON.stringify(mail)),
      );
      expect(answer.status, path).toBe(403);
    }
    const fetchMeta = await app().request('/api/contact', from({ 'Sec-Fetch-Site': 'cross-site' }, JSON.stringify(contact), 'application/json'));
    expect(fetchMeta.status).toBe(403);
  });

  it('takes the site’s own pages, by the request’s host or the site URL, and clients that send no Origin', async () => {
    const body = JSON.stringify({ submissionId: newId(), values: contact, token: oldToken(), hp: '' });
    const sameHost = await app().request(
      'http://127.0.0.1:4173/api/forms/contact',
      from({ Origin: 'http://127.0.0.1:4173', Host: '127.0.0.1:4173', 'Sec-Fetch-Site': 'same-origin' }, body, 'application/json'),
    );
    expect(sameHost.status).toBe(201);
    const siteUrl = await app().request(
      '/api/forms/contact',
      from(
        { Origin: new URL(site.siteUrl).origin, Host: 'internal:4173' },
        JSON.stringify({ submissionId: newId(), values: contact, token: oldToken(), hp: '' }),
        'application/json',
      ),
    );
    expect(siteUrl.status).toBe(201);
    const noOrigin = await app().request('/api/forms/contact', json({ submissionId: newId(), values: contact, token: oldToken(), hp: '' }));
    expect(noOrigin.status).toBe(201);
    // reading stays open: a token for the page's own form
    expect((await app().request('/api/forms/contact/token', { headers: { Origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('photos a lead takes as its own', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const demo = { name: 'Anna', email: 'anna@example.nl', company: 'Anna BV' };
  const from = (ip: string) =>
    createApp({ site, storage, secret: SECRET, uploadsDir: join(dataDir, 'uploads'), clientIp: () => ip, securityHeaders: passThrough });
  async function uploadFrom(ip: string): Promise<{ id: string; link: string }> {
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const answer = await from(ip).request('/3/image', { method: 'POST', headers: { Authorization: 'Client-ID local' }, body });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { id: string; link: string } }).data;
  }
  const post = (ip: string, submissionId: string, photos: string[], extra: Record<string, unknown> = { token: oldToken('demo'), hp: '' }) =>
    from(ip).request('/api/forms/demo', json({ submissionId, values: demo, photos, ...extra }));
  const leadId = async (answer: Response) => ((await answer.json()) as { id: string }).id;

  it('a spam lead does not: its photos stay in the address’s quota and the sweep removes them', async () => {
    const photo = await uploadFrom('203.0.113.40');
    const honeypot = await post('203.0.113.40', newId(), [photo.link], { hp: 'https://spam.example' });
    expect(honeypot.status).toBe(201);
    expect(await storage.getLead(await leadId(honeypot))).toMatchObject({ spam: true, photos: [photo.link] });
    expect(await storage.getUpload(photo.id)).toMatchObject({ leadId: null });
    expect(await storage.unattachedUploadBytes('203.0.113.40')).toBeGreaterThan(0);
    // the sweep, seven hours later: the photo is gone, row and file
    await sweepUploads({ storage, uploadsDir: join(dataDir, 'uploads'), ttlMs: 6 * 3600_000, now: () => new Date(Date.now() + 7 * 3600_000) });
    expect(await storage.getUpload(photo.id)).toBeUndefined();
    expect(existsSync(join(dataDir, 'uploads', `${photo.id}.png`))).toBe(false);
  });

  it('a retry of a stored lead does not take new links; it takes the ones the stored lead lists', async () => {
    const first = await uploadFrom('203.0.113.41');
    const later = await uploadFrom('203.0.113.41');
    const submissionId = newId();
    const stored = await post('203.0.113.41', submissionId, [first.link]);
    expect(stored.status).toBe(201);
    const id = await leadId(stored);
    expect(await storage.getUpload(first.id)).toMatchObject({ leadId: id });
    const retry = await post('203.0.113.41', submissionId, [first.link, later.link]);
    expect(retry.status).toBe(200);
    expect(await storage.getUpload(later.id)).toMatchObject({ leadId: null });
    expect(await storage.getUpload(first.id)).toMatchObject({ leadId: id });
  });

  it('a lead does not take another address’s photos', async () => {
    const theirs = await uploadFrom('198.51.100.42');
    const mine = await uploadFrom('203.0.113.42');
    const answer = await post('203.0.113.42', newId(), [mine.link, theirs.link]);
    expect(answer.status).toBe(201);
    const id = await leadId(answer);
    expect(await storage.getUpload(mine.id)).toMatchObject({ leadId: id });
    expect(await storage.getUpload(theirs.id)).toMatchObject({ leadId: null });
    expect(await storage.unattachedUploadBytes('198.51.100.42')).toBeGreaterThan(0);
  });
});

describe('form ids', () => {
  it('are looked up among the site’s own forms only: names every object inherits get 404 everywhere', async () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      expect((await app().request(`/api/forms/${name}/token`)).status, `token ${name}`).toBe(404);
      const lead = await app().request(
        `/api/forms/${name}`,
        json({ submissionId: newId(), values: contact, token: issueToken(SECRET, name, Date.now() - 10_000) }),
      );
      expect(lead.status, `lead ${name}`).toBe(404);
      const report = await app().request(`/api/forms/${name}/${newId()}/delivery`, json({ status: 200, text: 'OK' }));
      expect(report.status, `delivery ${name}`).toBe(404);
    }
    expect((await app().request('/api/forms/contact/token')).status).toBe(200);
  });
});
