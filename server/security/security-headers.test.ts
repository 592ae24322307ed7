import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCspHashes, securityHeaders } from './security-headers.ts';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'security-headers-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('readCspHashes', () => {
  it('keeps only well-formed hashes, so the file cannot change the header', () => {
    writeFileSync(join(root, '.csp.json'), JSON.stringify({ scriptHashes: ['sha256-abc+/=', "sha256-x'; script-src *", 7], styleHashes: 'sha256-abc=' }));
    expect(readCspHashes(root)).toEqual({ scriptHashes: ['sha256-abc+/='], styleHashes: [] });
  });

  it('gives empty lists without a build', () => {
    expect(readCspHashes(join(root, 'missing'))).toEqual({ scriptHashes: [], styleHashes: [] });
  });
});

describe('securityHeaders', () => {
  it('sets the headers on thrown errors, on responses with immutable headers, and on HEAD', async () => {
    writeFileSync(join(root, '.csp.json'), JSON.stringify({ scriptHashes: ['sha256-abc='], styleHashes: [] }));
    const app = new Hono();
    app.use('*', securityHeaders({ root, hsts: true }));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    app.get('/frozen', () => Response.redirect('http://localhost/elsewhere', 302));
    app.get('/json', (c) => c.json({ ok: true }));
    app.onError((_e, c) => c.text('Internal Server Error', 500));
    for (const [path, method, status] of [
      ['/boom', 'GET', 500],
      ['/frozen', 'GET', 302],
      ['/json', 'HEAD', 200],
      ['/nowhere', 'GET', 404],
    ] as const) {
      const res = await app.request(path, { method });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-abc='");
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
