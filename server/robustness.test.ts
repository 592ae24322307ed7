import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDist, removeDir, startServer, type ServerProcess } from '../tests/support/server-process.ts';
import { openStorage } from './storage/open-storage.ts';

/**
 * A corpus of malformed and hostile requests, sent over raw sockets to the
 * real server process: each must get a 4xx, nothing outside the served folder
 * may leak, and the process must stay up with bounded memory.
 */
function raw(port: number, request: string | Buffer, { timeoutMs = 8000, endAfterWrite = false } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      // one answer is all we ask for: stop once the head has arrived and the body is complete
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head));
      if (head >= 0 && length && text.length - head - 4 >= Number(length[1])) done();
    });
    socket.on('end', done);
    socket.on('error', done);
    socket.write(request);
    if (endAfterWrite) socket.end();
  });
}

const statusOf = (response: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1] ?? 0);

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface Case {
  name: string;
  request: string | Buffer;
  endAfterWrite?: boolean;
  /** the status that is right for this one; a 4xx unless said otherwise */
  accept?: (status: number) => boolean;
}

const clientError = (status: number) => status >= 400 && status <= 499;
/** The site speaks no other protocol: an Upgrade header is ignored (RFC 9110 7.8) and the page is served as usual. */
const ignoredUpgrade = (status: number) => status === 200;

const get = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extra}\r\n`;
const post = (target: string, type: string | undefined, body: string | Buffer, extra = '') => {
  const head = `POST ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${type ? `Content-Type: ${type}\r\n` : ''}Content-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]);
};

function corpus(): Case[] {
  const cases: Case[] = [];
  const badEncodings = [
    '/%E0%A4%A',
    '/%',
    '/%%',
    '/%ZZ',
    '/%C0%AF',
    '/%FF%FE',
    '/%E0%80',
    '/%ED%A0%80',
    '/a%',
    '/a%2',
    '/%u0041',
    '/contact/%E0',
    '/assets/%',
    '/%00',
    '/%00.html',
    '/index.html%00.js',
  ];
  for (const path of badEncodings) cases.push({ name: `bad encoding ${path}`, request: get(path) });
  const rawBytes = ['/\xff\xfe', '/caf\xe9', '/\x01', '/a b', '/\x7f'];
  for (const path of rawBytes) cases.push({ name: `raw bytes ${JSON.stringify(path)}`, request: Buffer.from(get(path), 'latin1') });
  const targets = ['etc/passwd', 'package.json', 'server/main.ts', '.git/config', 'data/leads.sqlite'];
  const ups = [
    '../',
    '..%2f',
    '..%2F',
    '%2e%2e/',
    '%2e%2e%2f',
    '%252e%252e/',
    '..%5c',
    '..\\',
    '%c0%ae%c0%ae/',
    '.%2e/',
    '%2e./',
    '..;/',
    '....//',
    '%u002e%u002e/',
    '..%c0%af',
  ];
  for (const target of targets) {
    for (const up of ups) {
      cases.push({ name: `traversal ${up}${target}`, request: get(`/${up.repeat(4)}${target}`) });
      cases.push({ name: `traversal in assets ${up}${target}`, request: get(`/assets/${up.repeat(3)}${target}`) });
    }
  }
  for (const target of [
    '//etc/passwd',
    '//[',
    '/\\..\\..\\etc\\passwd',
    'http://evil.test/../../etc/passwd',
    '*',
    'etc/passwd',
    '/.git/config',
    '/.csp.json',
    '/_headers',
  ]) {
    cases.push({ name: `odd target ${target}`, request: get(target) });
  }
  for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'FOO', 'get', 'OPTIONS', 'POST']) {
    cases.push({ name: `${method} on a page`, request: `${method} /contact HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n` });
    cases.push({
      name: `${method} on an asset`,
      request: `${method} /assets/index-abc123.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    });
  }
  cases.push({ name: 'CONNECT', request: 'CONNECT localhost:22 HTTP/1.1\r\nHost: localhost:22\r\n\r\n' });
  cases.push({
    name: 'websocket upgrade',
    request: get('/', 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n'),
    accept: ignoredUpgrade,
  });
  cases.push({ name: 'h2c upgrade', request: get('/', 'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n'), accept: ignoredUpgrade });
  cases.push({ name: 'huge header', request: get('/', `X-Big: ${'a'.repeat(70_000)}\r\n`) });
  cases.push({ name: 'huge url', request: get(`/${'a'.repeat(70_000)}`) });
  cases.push({ name: 'many headers', request: get('/', Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n') + '\r\n') });
  cases.push({ name: 'header without colon', request: get('/', 'NoColonHere\r\n') });
  cases.push({ name: 'bad version', request: 'GET / HTTP/9.9\r\nHost: localhost\r\n\r\n' });
  cases.push({ name: 'no version', request: 'GET /\r\n\r\n' });
  cases.push({ name: 'garbage line', request: '\x00\x01\x02 nonsense\r\n\r\n' });
  cases.push({
    name: 'both content-length and chunked',
    request: 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  });
  cases.push({ name: 'two content-lengths', request: 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{}' });
  cases.push({ name: 'negative content-length', request: 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n' });
  cases.push({
    name: 'bad chunk',
    request: 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  });

  const json = 'application/json';
  const apis = ['/api/contact', '/api/forms/contact', '/api/forms/quote', '/api/forms/demo', '/api/v1.0/email/send', '/api/forms/contact/abcdefgh12/delivery'];
  const bodies: [string, string | Buffer][] = [
    ['empty', ''],
    ['open brace', '{'],
    ['array', '[]'],
    ['null', 'null'],
    ['string', '"x"'],
    ['number', '42'],
    ['deep nesting', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['invalid utf-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ['proto pollution', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
    ['wrong types', '{"name":["a"],"email":{"x":1},"submissionId":5,"values":"v"}'],
    ['huge string', JSON.stringify({ name: 'a'.repeat(200_000), email: 'a@b.nl' })],
  ];
  for (const api of apis) for (const [name, body] of bodies) cases.push({ name: `${name} to ${api}`, request: post(api, json, body) });
  for (const type of ['text/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', undefined, 'application/json; charset=utf-16']) {
    for (const api of apis)
      cases.push({ name: `${type ?? 'no type'} to ${api}`, request: post(api, type, type === 'application/x-www-form-urlencoded' ? 'name=a' : '<a/>') });
  }
  cases.push({ name: 'json to image upload', request: post('/3/image', json, '{}', 'Authorization: Client-ID x\r\n') });
  cases.push({ name: 'image upload without auth', request: post('/3/image', 'multipart/form-data; boundary=x', '--x--\r\n') });
  cases.push({
    name: 'broken multipart',
    request: post(
      '/3/image',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot',
      'Authorization: Client-ID x\r\n',
    ),
  });
  cases.push({
    name: 'text posing as png',
    request: post(
      '/3/image',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n<script>alert(1)</script>\r\n--x--\r\n',
      'Authorization: Client-ID x\r\n',
    ),
  });
  cases.push({
    name: 'declared 10 MB json',
    request: `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\n\r\n{"a":`,
  });
  cases.push({
    name: 'declared 50 MB upload',
    request: `POST /3/image HTTP/1.1\r\nHost: localhost\r\nAuthorization: Client-ID x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 52428800\r\n\r\n--x\r\n`,
  });
  for (const api of ['/api/contact', '/api/forms/contact', '/api/v1.0/email/send', '/3/image']) {
    cases.push({
      name: `body stops half way, open, ${api}`,
      request: `POST ${api} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"a`,
    });
    cases.push({
      name: `chunked body stops half way, ${api}`,
      request: `POST ${api} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{"name":"a`,
    });
  }
  for (const path of [
    '/api/leads',
    '/api/leads.json',
    '/api/forms',
    '/api/admin',
    '/uploads/',
    '/uploads/../data/leads.sqlite',
    '/uploads/x.png',
    '/api/forms/nope',
  ]) {
    cases.push({ name: `no reading of leads: GET ${path}`, request: get(path) });
  }
  cases.push({ name: 'unknown form', request: post('/api/forms/nope', json, '{"submissionId":"abcdefgh12","values":{}}') });
  cases.push({ name: 'unknown asset', request: get('/assets/nope-123.js') });
  return cases;
}

let server: ServerProcess;
let dist: string;

beforeAll(async () => {
  dist = fixtureDist();
  server = await startServer({
    distDir: dist,
    env: { REQUEST_TIMEOUT_MS: '1500', RATE_LIMIT_LEADS: '100000', RATE_LIMIT_MAILS: '100000', RATE_LIMIT_UPLOADS: '100000' },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  removeDir(dist);
  removeDir(server.dataDir);
});

describe('hostile requests', () => {
  const cases = corpus();

  it('the corpus has at least 200 requests', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
  });

  it('every one gets a 4xx, nothing leaks, the process stays up and its memory stays bounded', async () => {
    const before = rssKb(server.process.pid!);
    const failures: string[] = [];
    // a few at a time: enough to overlap, few enough that the slow ones do not all wait on each other
    for (let i = 0; i < cases.length; i += 8) {
      await Promise.all(
        cases.slice(i, i + 8).map(async (c) => {
          const response = await raw(server.port, c.request, { endAfterWrite: c.endAfterWrite });
          const status = statusOf(response);
          if (!(c.accept ?? clientError)(status)) failures.push(`${c.name}: ${status || 'no answer'} ${response.slice(0, 80).replace(/\r\n/g, ' | ')}`);
          if (/root:x:0:0|"name": "agency-site-renderer"|\[core\]|SQLite format/.test(response)) failures.push(`${c.name}: leaked a file`);
        }),
      );
      expect(server.process.exitCode, `process alive after ${cases[i]!.name}`).toBeNull();
    }
    expect(failures).toEqual([]);
    // the server still answers normally afterwards
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    const after = rssKb(server.process.pid!);
    expect(after - before, `RSS grew from ${before} kB to ${after} kB`).toBeLessThan(150_000);
  }, 240_000);
});

/**
 * Requests that are well formed, and abuse what the API does: each was accepted before the server was
 * hardened against it. Sent to the real process; what they left behind is read from its own database.
 */
describe('valid requests used for abuse', () => {
  const mailBody = (params: Record<string, string>) =>
    JSON.stringify({ lib_version: '4.4.1', user_id: 'pk', service_id: 'service', template_id: 'template_contact', template_params: params });
  const phishing = { from_name: 'IT', message: 'Uw wachtwoord verloopt: https://evil.example/login', reply_to: 'attacker@evil.example' };
  const values = { name: 'Anna de Vries', email: 'anna@example.nl', phone: '', message: 'Graag een offerte.' };
  const lead = (submissionId: string, extra: object = {}) =>
    fetch(`${server.url}/api/forms/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ submissionId, values, hp: '', ...extra }),
    });
  const mails = async () => {
    const storage = await openStorage({ dataDir: server.dataDir });
    try {
      return await storage.listMails();
    } finally {
      await storage.close();
    }
  };

  it('free text to the mail endpoint, by a plain POST or a cross-site text/plain one, puts nothing in the outbox', async () => {
    const plain = await raw(server.port, post('/api/v1.0/email/send', 'application/json', mailBody(phishing)));
    expect(statusOf(plain)).toBe(400);
    const crossSite = await raw(server.port, post('/api/v1.0/email/send', 'text/plain', mailBody(phishing), 'Origin: https://evil.example\r\n'));
    expect(statusOf(crossSite)).toBe(403);
    expect(await mails()).toEqual([]);
  });

  it('a lead caught by the honeypot gets no mail, though the mail endpoint answers OK', async () => {
    expect((await lead('honeypot-lead-1', { hp: 'https://spam.example' })).status).toBe(201);
    const answer = await raw(server.port, post('/api/v1.0/email/send', 'application/json', mailBody({ ...phishing, submission_id: 'honeypot-lead-1' })));
    expect(statusOf(answer)).toBe(200);
    expect(await mails()).toEqual([]);
  });

  it('one fill-time token for many submissions: the first is a lead, the replays are spam', async () => {
    const { token } = (await (await fetch(`${server.url}/api/forms/contact/token`)).json()) as { token: string };
    // a person takes longer than the fixture's minimum fill time
    await new Promise((resolve) => setTimeout(resolve, 3300));
    const ids = ['replay-lead-0', 'replay-lead-1', 'replay-lead-2', 'replay-lead-3'];
    for (const id of ids) expect((await lead(id, { token })).status).toBe(201);
    const storage = await openStorage({ dataDir: server.dataDir });
    try {
      const stored = await Promise.all(ids.map((id) => storage.findLeadBySubmission(id)));
      expect(stored.map((l) => l?.spam)).toEqual([false, true, true, true]);
      expect(stored[1]?.flags).toEqual(['reused-token']);
    } finally {
      await storage.close();
    }
  }, 20_000);
});
