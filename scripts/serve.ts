import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { paths } from './lib/paths.ts';

/**
 * Serves the prerendered site like a static host would: /route -> route/index.html,
 * hashed assets cached for a year, text compressed, and unknown paths answered
 * with 404.html and status 404 (that page sends the visitor to /).
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.woff2': 'font/woff2',
};
const COMPRESS = /^(text\/|application\/(json|xml)|image\/svg)/;
const root = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : paths.dist;
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

function resolveFile(urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [join(root, clean), join(root, clean, 'index.html')];
  return candidates.find((p) => p.startsWith(root) && existsSync(p) && statSync(p).isFile());
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let file = resolveFile(url.pathname);
  let status = 200;
  if (!file) {
    file = join(root, '404.html');
    status = 404;
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  let body: Buffer = readFileSync(file);
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  if (COMPRESS.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
    headers.Vary = 'Accept-Encoding';
  }
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
});

server.listen(port, host, () => {
  if (!existsSync(join(root, 'index.html'))) console.warn(`no build in ${root}: run npm run build first`);
  console.log(`serving ${root} on http://${host}:${port}`);
});
