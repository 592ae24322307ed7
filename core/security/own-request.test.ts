import { describe, expect, it } from 'vitest';
import { OWN_REQUEST_HEADER, refusal } from './own-request.ts';

const ORIGIN = 'https://studio.example.nl';
const OWN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', [OWN_REQUEST_HEADER]: '1' };
const headersOf = (headers: Record<string, string>) => (name: string) => headers[name];

describe('a request of our own pages', () => {
  it('passes same-origin (or, without Sec-Fetch-Site, our own Origin, any of several) with JSON and the custom header', () => {
    expect(refusal('POST', headersOf(OWN), ORIGIN)).toBeUndefined();
    const { 'sec-fetch-site': _, ...noFetchSite } = OWN;
    expect(refusal('POST', headersOf({ ...noFetchSite, origin: ORIGIN }), ORIGIN)).toBeUndefined();
    expect(
      refusal('DELETE', headersOf({ ...noFetchSite, origin: 'HTTP://LOCALHOST:5173' }), ['http://127.0.0.1:5173', 'http://localhost:5173']),
    ).toBeUndefined();
    expect(refusal('POST', headersOf({ ...OWN, 'content-type': 'application/json; charset=utf-8' }), ORIGIN)).toBeUndefined();
  });

  it('refuses every other shape of a write, each for its reason', () => {
    const { 'sec-fetch-site': _, ...noFetchSite } = OWN;
    const cases: [Record<string, string>, string][] = [
      [noFetchSite, 'no-origin'],
      [{ ...noFetchSite, origin: 'http://evil.example' }, 'cross-origin'],
      [{ 'content-type': 'text/plain', referer: `${ORIGIN}/__studio` }, 'no-origin'],
      [{ ...OWN, 'sec-fetch-site': 'cross-site' }, 'cross-origin'],
      [{ ...OWN, 'sec-fetch-site': 'same-site' }, 'cross-origin'],
      [{ ...OWN, 'sec-fetch-site': 'none' }, 'cross-origin'],
      [{ ...OWN, 'content-type': 'text/plain' }, 'not-json'],
      [{ ...OWN, 'content-type': 'application/x-www-form-urlencoded' }, 'not-json'],
      [{ 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, 'no-staff-header'],
      [{ ...OWN, [OWN_REQUEST_HEADER]: 'yes' }, 'no-staff-header'],
    ];
    for (const [headers, why] of cases) expect(refusal('POST', headersOf(headers), ORIGIN), JSON.stringify(headers)).toBe(why);
    // every method but the safe ones is a write
    expect(refusal('OPTIONS', headersOf({}), ORIGIN)).toBe('no-origin');
    expect(refusal('OPTIONS', headersOf({}), ORIGIN, { safe: ['GET', 'HEAD', 'OPTIONS'] })).toBeUndefined();
    for (const method of ['GET', 'HEAD', 'get']) expect(refusal(method, headersOf({}), ORIGIN)).toBeUndefined();
  });

  it('takes a file body only where a route says so, and never a type a form can send', () => {
    const images = { bodyTypes: (type: string) => type === 'application/octet-stream' || type.startsWith('image/') };
    expect(refusal('POST', headersOf({ ...OWN, 'content-type': 'application/octet-stream' }), ORIGIN)).toBe('not-json');
    expect(refusal('POST', headersOf({ ...OWN, 'content-type': 'application/octet-stream' }), ORIGIN, images)).toBeUndefined();
    expect(refusal('POST', headersOf({ ...OWN, 'content-type': 'image/png' }), ORIGIN, images)).toBeUndefined();
    const anything = { bodyTypes: () => true };
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'])
      expect(refusal('POST', headersOf({ ...OWN, 'content-type': type }), ORIGIN, anything), type).toBe('not-json');
    // the custom header is asked of a file too
    expect(refusal('POST', headersOf({ 'sec-fetch-site': 'same-origin', 'content-type': 'image/png' }), ORIGIN, images)).toBe('no-staff-header');
  });
});
