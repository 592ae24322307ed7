import { expect, it } from 'vitest';
import { headersFile } from './csp-headers-file.ts';

it('writes the security headers for every path and the year-long cache for /assets/*', () => {
  const file = headersFile({ hashes: { scriptHashes: ['sha256-abc='], styleHashes: [] }, integrations: undefined });
  const lines = file.split('\n');
  expect(lines[0]).toBe('/*');
  expect(lines).toContain(
    "  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-abc='; style-src-elem 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; media-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; upgrade-insecure-requests",
  );
  expect(lines).toContain('  Strict-Transport-Security: max-age=31536000; includeSubDomains');
  expect(lines).toContain('  X-Frame-Options: DENY');
  const assets = lines.indexOf('/assets/*');
  expect(lines[assets + 1]).toBe('  Cache-Control: public, max-age=31536000, immutable');
  // every header line belongs to a path rule above it
  expect(lines.every((l) => l === '' || l.startsWith('/') || /^ {2}[A-Za-z-]+: \S/.test(l))).toBe(true);
});
