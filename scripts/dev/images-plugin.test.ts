import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Connect, ViteDevServer } from 'vite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devImagesPlugin } from './images-plugin.ts';

/** The plugin's middlewares in a real HTTP server, in their order, with a 404 after them as Vite's last word. */
let server: Server;
let base: string;
let publicDir: string;

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'dev-images-'));
  writeFileSync(
    join(publicDir, 'foto.png'),
    await sharp({ create: { width: 40, height: 20, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer(),
  );
  const handlers: Connect.NextHandleFunction[] = [];
  const plugin = devImagesPlugin({ publicDir });
  const configure = plugin.configureServer as (server: ViteDevServer) => void;
  configure({ middlewares: { use: (handler: Connect.NextHandleFunction) => handlers.push(handler) } } as unknown as ViteDevServer);
  server = createServer((req, res) => {
    const next = (i: number) => () => (i < handlers.length ? handlers[i]!(req, res, next(i + 1)) : res.writeHead(404).end('not here'));
    next(0)();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(publicDir, { recursive: true, force: true });
});

describe('public images in the dev server', () => {
  it('serves an image of public/ with its type, read whole', async () => {
    const answer = await fetch(`${base}/foto.png`);
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(40);
  });

  it('passes an image that is not there (deleted meanwhile) on to a 404, and the server goes on', async () => {
    expect((await fetch(`${base}/weg.webp`)).status).toBe(404);
    expect((await fetch(`${base}/foto.png`)).status).toBe(200);
  });

  it('never reads outside public/ or a dot-file', async () => {
    writeFileSync(join(publicDir, '.verborgen.png'), 'x');
    for (const path of ['/%2e%2e/secret.png', '/.verborgen.png']) expect((await fetch(`${base}${path}`)).status, path).toBe(404);
  });
});
