import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectCspHashes, cspHash, inlineHashes, writeCspHashes } from './csp-hashes.ts';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('cspHash', () => {
  it('is the base64 sha256 of the UTF-8 text, as browsers compute it', () => {
    // the example of the CSP Level 3 specification
    expect(cspHash("alert('Hello, world.');")).toBe('sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
    expect(cspHash('é')).toBe(sha('é'));
  });
});

describe('inlineHashes', () => {
  const html = [
    '<html><head>',
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<style>:root{--a:1}</style>',
    '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
    '</head><body>',
    '<div style="--x:1"></div>',
    '<script>$RC("B:1","S:1")</script>',
    '<script>for(var b=0;b<a.length;b++){}</script>',
    '<SCRIPT TYPE="text/javascript">x()</SCRIPT >',
    "<script type='module'>import('/a.js')</script>",
    '<script type="text/template"><p>not code</p></script>',
    '<style media="print">p{color:red}</style>',
    '<script>$RC("B:1","S:1")</script>',
    '</body></html>',
  ].join('\n');

  it('hashes executable inline scripts, not external ones or data blocks', () => {
    expect(inlineHashes(html).scriptHashes).toEqual([
      sha('$RC("B:1","S:1")'),
      sha('for(var b=0;b<a.length;b++){}'),
      sha('x()'),
      sha("import('/a.js')"),
      sha('$RC("B:1","S:1")'),
    ]);
  });

  it('hashes every inline style element, not style attributes', () => {
    expect(inlineHashes(html).styleHashes).toEqual([sha(':root{--a:1}'), sha('p{color:red}')]);
  });

  it('finds nothing in a page without inline code', () => {
    expect(inlineHashes('<html><body><p>hi</p></body></html>')).toEqual({ scriptHashes: [], styleHashes: [] });
  });
});

describe('collectCspHashes / writeCspHashes', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'csp-hashes-'));
    mkdirSync(join(root, 'a/b'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<script>one()</script><style>b{}</style>');
    writeFileSync(join(root, 'a/b/index.html'), '<script>two()</script><script>one()</script>');
    writeFileSync(join(root, 'a/script.js'), '<script>not a page</script>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('merges every page, sorted and unique, and writes .csp.json', async () => {
    const expected = { scriptHashes: [sha('one()'), sha('two()')].sort(), styleHashes: [sha('b{}')] };
    expect(await collectCspHashes(root)).toEqual(expected);
    expect(await writeCspHashes(root)).toEqual(expected);
    expect(JSON.parse(readFileSync(join(root, '.csp.json'), 'utf8'))).toEqual(expected);
  });
});
