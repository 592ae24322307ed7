import { describe, expect, it } from 'vitest';
import { decodeRequestPath, rawPathOf } from './request-path.ts';

describe('rawPathOf', () => {
  it.each([
    ['http://localhost/a/b?x=1#y', '/a/b'],
    ['http://localhost/%2e%2e/?q', '/%2e%2e/'],
    ['https://example.com:8080/', '/'],
    ['http://localhost', '/'],
    ['http://localhost/a#frag?not-query', '/a'],
  ])('%s -> %s', (url, path) => {
    expect(rawPathOf(url)).toBe(path);
  });
});

describe('decodeRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/contact', '/contact'],
    ['/caf%C3%A9', '/café'],
    ['/a%20b.txt', '/a b.txt'],
    ['/%252e%252e/x', '/%2e%2e/x'],
    ['/assets%2Fapp.js', '/assets/app.js'],
    ['/a..b/c...', '/a..b/c...'],
  ])('%s -> %s', (raw, decoded) => {
    expect(decodeRequestPath(raw)).toBe(decoded);
  });

  it.each([
    '/%E0%A4%A',
    '/%',
    '/%zz',
    '/%c0%ae%c0%ae/',
    '/%ed%a0%80',
    '/..',
    '/../x',
    '/a/../b',
    '/%2e%2e/x',
    '/%2E%2E',
    '/..%2fx',
    '/.%2e/x',
    '/a/./b',
    '/a%00b',
    '/a%0ab',
    '/a\\b',
    '/%5c..%5cx',
    'relative',
    '',
  ])('%j is refused', (raw) => {
    expect(decodeRequestPath(raw)).toBeUndefined();
  });
});
