import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { securityHeaders } from '../security/security-headers.ts';
import { serveDist } from './serve-dist.ts';

// Over a real socket, request targets reach the server exactly as written: no URL class tidies them first.
let base: string;
let server: ServerType;
let port: number;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'serve-dist-http-'));
  const root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<p>home</p>');
  writeFileSync(join(root, '404.html'), '<p>not found</p>');
  writeFileSync(join(root, 'assets', 'app-abcdefgh.js'), 'console.log(1)');
  writeFileSync(join(base, 'secret.txt'), 'SECRET');
  symlinkSync(join(base, 'secret.txt'), join(root, 'link.txt'));
  const app = new Hono();
  app.use('*', securityHeaders({ root, hsts: true }));
  app.use('*', serveDist({ root }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(base, { recursive: true, force: true });
});

/** One raw HTTP/1.1 request; the whole answer as text. */
function raw(target: string, method = 'GET'): Promise<string> {
  return new Promise((resolve, reject) => {
    // write, not end: a half-closed socket counts as a client that went away
    const socket = connect(port, '127.0.0.1', () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

it.each([
  '/../secret.txt',
  '/../../../../etc/passwd',
  '/assets/../../secret.txt',
  '/%2e%2e/secret.txt',
  '/.%2e/secret.txt',
  '/%2e%2e%2fsecret.txt',
  '/%252e%252e/secret.txt',
  '/..%2fsecret.txt',
  '/..%5csecret.txt',
  '/%c0%ae%c0%ae/secret.txt',
  '/..\\secret.txt',
  '/link.txt',
  '/%00/../secret.txt',
  '//../secret.txt',
])('%s never reaches a file outside the build', async (target) => {
  const answer = await raw(target);
  expect(answer).not.toContain('SECRET');
  expect([200, 400, 404]).toContain(statusOf(answer));
  // a normalised "/secret.txt" is not in the build either; "/" would be its home page
  if (statusOf(answer) === 200) expect(answer).toContain('<p>home</p>');
});

it('answers a real HEAD with headers and no body', async () => {
  const answer = await raw('/assets/app-abcdefgh.js', 'HEAD');
  expect(statusOf(answer)).toBe(200);
  expect(answer).toMatch(/content-length: 14\r\n/i);
  expect(answer.endsWith('\r\n\r\n')).toBe(true);
});

it('sends HSTS when asked to', async () => {
  const answer = await raw('/');
  expect(answer).toMatch(/strict-transport-security: max-age=31536000; includeSubDomains\r\n/i);
  expect(answer).toMatch(/content-security-policy: [^\r]*upgrade-insecure-requests/i);
});
