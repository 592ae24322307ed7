import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pageLinkScript } from '../../studio/server/page-link.ts';
import { previewCors } from './site-preview.ts';

/** What previewCors does with a request: the headers it set, what it answered itself, and whether it went on. */
function through(url: string, headers: Record<string, string>, method = 'GET') {
  const set: Record<string, string> = {};
  let body: string | undefined;
  let passed = false;
  const res = {
    headersSent: false,
    statusCode: 200,
    setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = value),
    end: (text?: string) => void (body = text),
  } as unknown as ServerResponse;
  previewCors()({ url, method, headers } as IncomingMessage, res, () => (passed = true));
  return { allowed: set['access-control-allow-origin'], body, passed };
}

/** A sandboxed preview's request for a subresource: an opaque origin says Origin: null. */
const sandboxed = (dest: string) => ({ origin: 'null', 'sec-fetch-dest': dest, 'sec-fetch-site': 'cross-site' });

describe('previewCors: the sandboxed previews read their own subresources, nothing else', () => {
  it('lets a preview read its module scripts, styles and fonts', () => {
    const asked: [string, string][] = [
      ['/@vite/client', 'script'],
      ['/src/entry-islands.tsx', 'script'],
      ['/@site-styles.css?v=1', 'style'],
      ['/fonts/a.woff2', 'font'],
    ];
    for (const [url, dest] of asked) expect(through(url, sandboxed(dest))).toEqual({ allowed: '*', body: undefined, passed: true });
  });

  it('gives nothing to a fetch, to a page, to a write, nor to another origin', () => {
    expect(through('/src/entry-islands.tsx', sandboxed('empty'))).toEqual({ allowed: undefined, body: undefined, passed: true });
    expect(through('/', sandboxed('iframe'))).toEqual({ allowed: undefined, body: undefined, passed: true });
    expect(through('/src/x.ts', sandboxed('script'), 'POST')).toEqual({ allowed: undefined, body: undefined, passed: true });
    const other = { origin: 'https://elsewhere.example', 'sec-fetch-dest': 'script', 'sec-fetch-site': 'cross-site' };
    expect(through('/src/x.ts', other)).toEqual({ allowed: undefined, body: undefined, passed: true });
  });

  it('leaves the studio’s own answers to the studio, but the link to it, which every page loads', () => {
    expect(through('/__studio/app.js', sandboxed('script'))).toEqual({ allowed: undefined, body: undefined, passed: true });
    expect(through('/__studio/api/state', sandboxed('script'))).toEqual({ allowed: undefined, body: undefined, passed: true });
    expect(through('/__studio/page-link.js', sandboxed('script'))).toEqual({ allowed: '*', body: pageLinkScript, passed: false });
  });
});
