import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Integrations } from '../../core/site/schema-types.ts';
import { securityHeaderValues, type CspHashes, type OriginEnv } from '../../core/security/policy.ts';

/** Cloudflare Pages ignores a longer header line. */
const MAX_LINE = 2000;

export interface HeadersFileOptions {
  hashes: CspHashes;
  integrations?: Integrations;
  /** VITE_ overrides this build was made with */
  env?: OriginEnv;
}

/**
 * dist/_headers in the Netlify / Cloudflare Pages format: the server's security
 * headers on every path and the year-long cache of the hashed assets. Static
 * hosts serve HTTPS only, so HSTS and upgrade-insecure-requests are on.
 */
export function headersFile({ hashes, integrations, env }: HeadersFileOptions): string {
  const headers = Object.entries(securityHeaderValues({ hashes, integrations, hsts: true, env }));
  const lines = ['/*', ...headers.map(([name, value]) => `  ${name}: ${value}`), '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''];
  const long = lines.find((l) => l.length > MAX_LINE);
  if (long) console.warn(`dist/_headers: a line of ${long.length} characters; Cloudflare Pages ignores lines over ${MAX_LINE}`);
  return lines.join('\n');
}

export async function writeHeadersFile(root: string, options: HeadersFileOptions): Promise<void> {
  await writeFile(join(root, '_headers'), headersFile(options));
}
