import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { Integrations } from '../../core/site/schema-types.ts';
import type { FormConfig, FormFiles, FormValues } from '../../core/forms/form-types.ts';
import { createFormSession, type SessionOptions } from './form-session.ts';
import { initialValues } from '../../core/forms/validation.ts';
import { fakeNetwork, json, type Handler } from './testing/fake-network.ts';
import { FORM_TOKENS, ISLAND_ATTR, type PrefetchedToken } from '../../core/islands/attributes.ts';
import { SOURCE_KEY } from '../site/lead-source.ts';
import { choiceOf, saveChoice } from '../site/consent.ts';

/**
 * The whole pipeline for real (our modules and the real e-mail SDK) on a fake
 * network: the SDK uses the global fetch, so the fake is installed there.
 */
const ORIGIN = 'https://site.test';
const site = fixtureSite().site;
const form = (id: string) => fixtureSite().forms[id] as unknown as FormConfig;
const contact = form('contact');
const values = (overrides: Partial<FormValues> = {}): FormValues => ({
  ...initialValues(contact),
  name: 'Jan',
  email: 'jan@example.nl',
  message: 'Hallo',
  ...overrides,
});

type Routes = Partial<Record<'token' | 'record' | 'delivery' | 'mail' | 'fallback' | 'image', Handler>>;

function network(routes: Routes = {}) {
  let leads = 0;
  const net = fakeNetwork([
    [/^GET \/api\/forms\/[^/]+\/token$/, routes.token ?? (() => json(200, { token: 'issued.sig' }))],
    [/^POST \/api\/forms\/[^/]+\/[^/]+\/delivery$/, routes.delivery ?? (() => new Response(null, { status: 204 }))],
    [/^POST \/api\/forms\/[^/]+$/, routes.record ?? (() => json(201, { id: ++leads }))],
    [/^POST https:\/\/site\.test\/api\/v1\.0\/email\/send$/, routes.mail ?? (() => new Response('OK', { status: 200 }))],
    [/^POST \/api\/contact$/, routes.fallback ?? (() => json(201, { id: 1 }))],
    [/^POST https:\/\/site\.test\/3\/image$/, routes.image ?? (() => json(200, { success: true, status: 200, data: { link: `${ORIGIN}/uploads/x.png` } }))],
  ]);
  vi.stubGlobal('fetch', net.fetch);
  return net;
}

function session(config: FormConfig, integrations: Integrations = site.integrations, options: SessionOptions = {}) {
  let n = 0;
  return createFormSession(config, integrations, { origin: ORIGIN, env: {}, newId: () => `submission-${++n}`, report: () => {}, ...options });
}

const send = (s: ReturnType<typeof session>, v: FormValues, files: FormFiles = {}, hp = '') => s.submit({ values: v, files, hp, onProgress: () => {} });
const body = (call: { body: unknown } | undefined) => call?.body as Record<string, unknown>;

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.unstubAllGlobals());

describe('form session', () => {
  it('fetches the form’s token once when started, records the submission with it before the mail, and fetches the next one', async () => {
    const net = network();
    const s = session(contact);
    s.start();
    s.start();
    expect(await send(s, values(), {}, '')).toBe(true);
    // the second token is the next submission's: the server takes each token once
    expect(net.to(/token/)).toHaveLength(2);
    expect(net.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/forms/contact/token',
      'GET /api/forms/contact/token',
      'POST /api/forms/contact',
      `POST ${ORIGIN}/api/v1.0/email/send`,
      'POST /api/forms/contact/submission-1/delivery',
    ]);
    expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toEqual({ submissionId: 'submission-1', values: values(), photos: [], token: 'issued.sig', hp: '' });
    expect(body(net.to(/delivery/)[0])).toEqual({ status: 200, text: 'OK' });
  });

  it("local mode: the real SDK posts to the page's own origin, with submission_id among the template params", async () => {
    const net = network();
    await send(session(contact), values());
    const mail = body(net.to(/email\/send/)[0]);
    expect(mail).toMatchObject({ user_id: site.integrations.emailjs!.publicKey, template_id: 'template_contact' });
    expect(mail.template_params).toEqual({
      from_name: 'Jan',
      from_email: 'jan@example.nl',
      to_email: site.integrations.emailjs!.toEmail,
      reply_to: 'jan@example.nl',
      // the mail opens with the fixture form's own heading
      message: expect.stringContaining(contact.mail!.heading!) as unknown,
      submission_id: 'submission-1',
    });
  });

  it('keeps the submission id for a retry of the same content, and takes a new one for new content or after a success', async () => {
    const net = network({ mail: () => new Response('boom', { status: 500 }), fallback: () => json(500, {}) });
    const s = session(contact);
    expect(await send(s, values())).toBe(false);
    expect(await send(s, values())).toBe(false);
    expect(await send(s, values({ message: 'Hallo!' }))).toBe(false);
    const ids = () => net.to(/POST \/api\/forms\/contact$/).map((c) => body(c).submissionId);
    expect(ids()).toEqual(['submission-1', 'submission-1', 'submission-2']);
    // the mail and the fallback carry the same id as the lead
    expect(net.to(/email\/send/).map((c) => (body(c).template_params as Record<string, string>).submission_id)).toEqual(ids());
    expect(net.to(/api\/contact/).map((c) => body(c).submissionId)).toEqual(ids());
    expect(body(net.to(/delivery/)[0])).toEqual({ status: 500, text: 'boom' });
  });

  it('a new id after a success, even for the same text', async () => {
    const net = network();
    const s = session(contact);
    await send(s, values());
    await send(s, values());
    expect(net.to(/POST \/api\/forms\/contact$/).map((c) => body(c).submissionId)).toEqual(['submission-1', 'submission-2']);
  });

  it("the fallback body is the spec's plus submissionId and the lead's token", async () => {
    const net = network({ mail: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await send(session(contact), values())).toBe(true);
    const fallback = body(net.to(/api\/contact/)[0]);
    expect(fallback).toEqual({ ...values(), submissionId: 'submission-1', token: 'issued.sig', timestamp: expect.any(String) as unknown });
  });

  it('sends each submission with a token of its own, and a retry with the token it was first sent with', async () => {
    let issued = 0;
    let mailOk = false;
    const net = network({
      token: () => json(200, { token: `issued-${++issued}.sig` }),
      mail: () => (mailOk ? new Response('OK', { status: 200 }) : new Response('boom', { status: 500 })),
      fallback: () => json(500, {}),
    });
    const integrations = { ...site.integrations, leads: { ...site.integrations.leads, minFillSeconds: 0.2 } };
    const s = session(contact, integrations);
    s.start();
    expect(await send(s, values())).toBe(false);
    expect(await send(s, values())).toBe(false);
    mailOk = true;
    // the replacement token was fetched right after the first send, before this one: by now it has its minimum age
    const askedBefore = net.to(/token/).length;
    expect(await send(s, values({ message: 'Hallo, aangepast' }))).toBe(true);
    expect(askedBefore).toBe(2);
    expect(await send(s, values({ message: 'Nog een vraag' }))).toBe(true);
    const sent = net.to(/POST \/api\/forms\/contact$/).map((c) => [body(c).submissionId, body(c).token]);
    expect(sent).toEqual([
      ['submission-1', 'issued-1.sig'],
      ['submission-1', 'issued-1.sig'],
      ['submission-2', 'issued-2.sig'],
      ['submission-3', 'issued-3.sig'],
    ]);
    expect(net.to(/api\/contact/).map((c) => body(c).token)).toEqual(['issued-1.sig', 'issued-1.sig']);
  });

  it('replaces a token near the end of its life before the send uses it', async () => {
    let issued = 0;
    const net = network({ token: () => json(200, { token: `issued-${++issued}.sig` }) });
    const integrations = { ...site.integrations, leads: { ...site.integrations.leads, minFillSeconds: 0.2 } };
    const old = { [FORM_TOKENS]: { '/api/forms/contact/token': Promise.resolve({ token: 'early.sig', at: Date.now() - 2 * 60 * 60 * 1000 }) } };
    const s = session(contact, integrations, { prefetched: old });
    s.start();
    expect(await send(s, values())).toBe(true);
    expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toMatchObject({ token: 'issued-1.sig' });
  });

  it('recording failures change nothing the visitor sees', async () => {
    for (const record of [() => json(500, {}), () => Promise.reject(new TypeError('offline')), () => json(429, { error: 'slow down' })] as Handler[]) {
      const net = network({ token: () => new Response('nope', { status: 404 }), record });
      const s = session(contact);
      s.start();
      expect(await send(s, values())).toBe(true);
      // without a token the lead is still sent (the server flags it); a refused lead gets no delivery report
      expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).not.toHaveProperty('token');
      expect(net.to(/delivery/)).toHaveLength(0);
    }
  });

  it('stalled requests end in the error state after the timeout', async () => {
    // the test's clock: each request's timeout is what ends it, however busy the machine
    vi.useFakeTimers();
    const net = network({ token: () => 'stall', record: () => 'stall', mail: () => 'stall', fallback: () => 'stall' });
    const fast = { ...site.integrations, leads: { ...site.integrations.leads, timeoutMs: 40 } };
    const s = session(contact, fast);
    s.start();
    let sent: boolean | undefined;
    void send(s, values()).then((ok) => (sent = ok));
    // token, record, mail and fallback each give up in turn: a bounded wait, not an endless one
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toBe(false);
    expect(net.to(/api\/contact/)).toHaveLength(1);
    // the record never answered, so no delivery is reported
    expect(net.to(/delivery/)).toHaveLength(0);
  });

  it('demo: uploads to the page origin with the placeholder client id; the lead gets the link', async () => {
    const net = network();
    const demo = form('demo');
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    const v = { ...initialValues(demo), name: 'Jan', email: 'jan@example.nl', company: 'Jansen BV' };
    expect(await send(session(demo), v, { images: [{ id: 'p1', file, previewUrl: 'blob:1' }] })).toBe(true);
    const upload = net.to(/3\/image/)[0];
    expect(upload?.headers.get('authorization')).toBe('Client-ID local');
    expect(body(net.to(/POST \/api\/forms\/demo$/)[0])).toMatchObject({ photos: [`${ORIGIN}/uploads/x.png`] });
  });

  it('without integrations.leads nothing is recorded', async () => {
    const net = network();
    const s = session(contact, { ...site.integrations, leads: undefined });
    s.start();
    expect(await send(s, values())).toBe(true);
    expect(net.to(/api\/forms/)).toHaveLength(0);
    expect(net.to(/email\/send/)).toHaveLength(1);
  });

  describe('a token the page fetched when it showed the form', () => {
    const integrations = { ...site.integrations, leads: { ...site.integrations.leads, minFillSeconds: 0.4 } };
    const prefetched = (answer: Promise<PrefetchedToken>) => ({ [FORM_TOKENS]: { '/api/forms/contact/token': answer } });
    const sendBeforeCode = (s: ReturnType<typeof session>) => s.submit({ values: values(), files: {}, hp: '', onProgress: () => {}, sentBeforeCode: true });

    it('is used instead of a fetch of its own, and its age counts from when it arrived', async () => {
      // a token that arrived a whole minimum fill time ago: a send held back since then waits no longer, so its lead
      // is recorded before a timer shorter than that time, set when it is sent, has run (a wait would come after it)
      const long = { ...site.integrations, leads: { ...site.integrations.leads, minFillSeconds: 5 } };
      let timerRan = false;
      let recordedBeforeTimer: boolean | undefined;
      const net = network({ record: () => ((recordedBeforeTimer = !timerRan), json(201, { id: 1 })) });
      const s = session(contact, long, { prefetched: prefetched(Promise.resolve({ token: 'early.sig', at: Date.now() - 10_000 })) });
      s.start();
      const timer = setTimeout(() => (timerRan = true), 4000);
      expect(await sendBeforeCode(s)).toBe(true);
      clearTimeout(timer);
      expect(recordedBeforeTimer).toBe(true);
      // the one token request is for the next submission's token, made after this one was taken
      expect(net.to(/token/)).toHaveLength(1);
      expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toMatchObject({ token: 'early.sig' });
    });

    it('still on its way when the form hydrates: the form waits for it, and its age counts from its arrival', async () => {
      let recordedAt = 0;
      const net = network({ record: () => ((recordedAt = Date.now()), json(201, { id: 1 })) });
      let arrive: (answer: PrefetchedToken) => void = () => {};
      const s = session(contact, integrations, { prefetched: prefetched(new Promise((resolve) => (arrive = resolve))) });
      s.start();
      setTimeout(() => arrive({ token: 'early.sig', at: Date.now() }), 100);
      const started = Date.now();
      expect(await sendBeforeCode(s)).toBe(true);
      expect(recordedAt - started).toBeGreaterThanOrEqual(100 + 400);
      // the one token request is for the next submission's token, made after this one was taken
      expect(net.to(/token/)).toHaveLength(1);
      expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toMatchObject({ token: 'early.sig' });
    });

    it('without a token in the answer (the request failed), the form fetches its own', async () => {
      const net = network();
      const s = session(contact, integrations, { prefetched: prefetched(Promise.resolve({ at: Date.now() - 1000 })) });
      s.start();
      expect(await send(s, values())).toBe(true);
      // its own, and then the next submission's
      expect(net.to(/token/)).toHaveLength(2);
      expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toMatchObject({ token: 'issued.sig' });
    });

    it('for another endpoint, or none at all, is not taken', async () => {
      for (const scope of [{}, { [FORM_TOKENS]: { '/elsewhere/token': Promise.resolve({ token: 'other.sig', at: 0 }) } }]) {
        const net = network();
        const s = session(contact, integrations, { prefetched: scope });
        s.start();
        expect(await send(s, values())).toBe(true);
        expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toMatchObject({ token: 'issued.sig' });
      }
    });
  });

  it('a send pressed before the code arrived records its lead only once the token has the minimum fill age; a live send never waits', async () => {
    const integrations = { ...site.integrations, leads: { ...site.integrations.leads, minFillSeconds: 0.4 } };
    let recordedAt = 0;
    network({ record: () => ((recordedAt = Date.now()), json(201, { id: 1 })) });
    const held = session(contact, integrations);
    held.start();
    const started = Date.now();
    expect(await held.submit({ values: values(), files: {}, hp: '', onProgress: () => {}, sentBeforeCode: true })).toBe(true);
    expect(recordedAt - started).toBeGreaterThanOrEqual(400);
    // a live send: its lead is recorded before a timer shorter than the minimum fill time, set when it is sent, has run
    const long = { ...site.integrations, leads: { ...site.integrations.leads, minFillSeconds: 5 } };
    let timerRan = false;
    let recordedBeforeTimer: boolean | undefined;
    network({ record: () => ((recordedBeforeTimer = !timerRan), json(201, { id: 1 })) });
    const live = session(contact, long);
    live.start();
    const timer = setTimeout(() => (timerRan = true), 4000);
    expect(await live.submit({ values: values(), files: {}, hp: '', onProgress: () => {}, sentBeforeCode: false })).toBe(true);
    clearTimeout(timer);
    expect(recordedBeforeTimer).toBe(true);
  });
});

describe('where the visitor came from', () => {
  afterEach(() => sessionStorage.clear());

  it('goes with the lead as the visit noted it, without an ad’s click id when nobody agreed to marketing', async () => {
    sessionStorage.setItem(SOURCE_KEY, JSON.stringify({ utm_source: 'nieuwsbrief', utm_campaign: 'najaar', gclid: 'Cj0KCQ', referrer: 'mail.example.nl' }));
    const net = network();
    expect(await send(session(contact), values())).toBe(true);
    expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toMatchObject({
      source: { utm_source: 'nieuwsbrief', utm_campaign: 'najaar', referrer: 'mail.example.nl' },
    });
    expect(body(net.to(/POST \/api\/forms\/contact$/)[0])!.source).not.toHaveProperty('gclid');
  });

  it('carries the ad’s click id once the visitor agreed to marketing in the site’s consent banner', async () => {
    sessionStorage.setItem(SOURCE_KEY, JSON.stringify({ utm_source: 'google', gclid: 'Cj0KCQ' }));
    document.body.innerHTML = `<div ${ISLAND_ATTR.name}="consent"></div>`;
    saveChoice(localStorage, choiceOf(['marketing']));
    try {
      const net = network();
      expect(await send(session(contact), values())).toBe(true);
      expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).toMatchObject({ source: { utm_source: 'google', gclid: 'Cj0KCQ' } });
    } finally {
      document.body.innerHTML = '';
      localStorage.clear();
    }
  });

  it('is left out of a lead whose visit noted nothing', async () => {
    const net = network();
    expect(await send(session(contact), values())).toBe(true);
    expect(body(net.to(/POST \/api\/forms\/contact$/)[0])).not.toHaveProperty('source');
  });
});
