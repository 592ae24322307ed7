import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clearSessionCookie, readSessionCookie, SESSION_COOKIE, writeSessionCookie } from './session-cookie.ts';

// the session cookie's headers, byte for byte: a change of an attribute (or of their order) shows here first
const TOKEN = 'Abc-def_ghi0123456789Abc-def_ghi0123456789x';

function app() {
  const hono = new Hono();
  hono.get('/write', (c) => (writeSessionCookie(c, TOKEN), c.body(null, 204)));
  hono.get('/clear', (c) => (clearSessionCookie(c), c.body(null, 204)));
  hono.get('/read', (c) => c.json({ token: readSessionCookie(c) ?? null }));
  return hono;
}

const read = async (cookie: string) => ((await (await app().request('/read', { headers: { cookie } })).json()) as { token: string | null }).token;

describe('the session cookie', () => {
  it('is written with its attributes, byte for byte', async () => {
    const response = await app().request('/write');
    expect(response.headers.getSetCookie()).toEqual([`__Host-staff-session=${TOKEN}; Path=/; HttpOnly; Secure; SameSite=Strict`]);
  });

  it('is blanked with the same attributes and Max-Age=0', async () => {
    const response = await app().request('/clear');
    expect(response.headers.getSetCookie()).toEqual(['__Host-staff-session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict']);
  });

  it('is read from the Cookie header among others, and only by its whole name', async () => {
    expect(SESSION_COOKIE).toBe('__Host-staff-session');
    expect(await read(`a=1; ${SESSION_COOKIE}=${TOKEN}; b=2`)).toBe(TOKEN);
    expect(await read(`${SESSION_COOKIE}="${TOKEN}"`)).toBe(TOKEN);
    expect(await read(` ${SESSION_COOKIE} = ${TOKEN} `)).toBe(TOKEN);
    expect(await read(`${SESSION_COOKIE}=a%20b`)).toBe('a b');
    expect(await read(`${SESSION_COOKIE}=first; ${SESSION_COOKIE}=second`)).toBe('first');
    expect(await read(`x${SESSION_COOKIE}=${TOKEN}`)).toBeNull();
    expect(await read(`${SESSION_COOKIE}=a,b;c`)).toBe('a,b');
    expect(await read(`${SESSION_COOKIE}=bad"quote; ${SESSION_COOKIE}=good`)).toBe('good');
    expect(await read('other=1')).toBeNull();
    expect(await read('')).toBeNull();
  });

  it('is not read when the request has no Cookie header', async () => {
    expect(((await (await app().request('/read')).json()) as { token: string | null }).token).toBeNull();
  });
});
