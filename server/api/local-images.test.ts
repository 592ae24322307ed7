import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { fixtureServerSite } from '../../tests/support/server-site.ts';
import { openStorage } from '../storage/open-storage.ts';
import type { Storage } from '../storage/types.ts';
import type { UploadSettings } from './local-images.ts';
import { sweepUploads } from './upload-sweep.ts';
import { hostileJpeg } from './test-jpeg.ts';

/** The photo endpoints in process (app.request) on a real SQLite database: quotas, caps and the sweep. */
const site = fixtureServerSite();
const passThrough: MiddlewareHandler = async (_c, next) => next();
const MB = 1024 * 1024;
const dirs: string[] = [];
const storages: Storage[] = [];

afterAll(async () => {
  await Promise.all(storages.map((s) => s.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function setup(uploads: Partial<UploadSettings> = {}, limits: { uploads?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'local-images-'));
  dirs.push(dataDir);
  const uploadsDir = join(dataDir, 'uploads');
  mkdirSync(uploadsDir);
  const storage = await openStorage({ dataDir });
  storages.push(storage);
  const app = createApp({
    site,
    storage,
    secret: 'test-secret',
    uploadsDir,
    // each test names its client's address
    clientIp: (c) => c.req.header('x-test-ip') ?? '192.0.2.1',
    securityHeaders: passThrough,
    limits: { uploads: 1000, ...limits },
    uploads,
  });
  return { app, storage, uploadsDir };
}

let photo: Buffer;
beforeAll(async () => {
  // about 300 kB: noise does not compress
  const width = 300;
  const height = 340;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i * i) % 251)) & 0xff;
  photo = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
});

/** A multipart body of its own, with its Content-Length, as a browser sends it. */
const form = (bytes: Buffer, ip = '192.0.2.1', type = 'image/png') => {
  const boundary = 'test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST',
    headers: {
      Authorization: 'Client-ID local',
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(body.length),
      'X-Test-Ip': ip,
    },
    body: new Uint8Array(body),
  };
};

type Answer = { success: boolean; status: number; data: { id: string; link: string; size: number; error?: string } };
const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as Answer, headers: response.headers });

describe('quotas', () => {
  it('refuses an address over its quota of unattached photos with 429, and a full store with 507, in the Imgur error shape', async () => {
    const { app, storage } = await setup({ addressQuotaBytes: 1 * MB, quotaBytes: 2 * MB });
    const stored: Record<string, number> = {};
    const fill = async (ip: string) => {
      for (;;) {
        const got = await answer(await app.request('/3/image', form(photo, ip)));
        if (got.status !== 200) return got;
        stored[ip] = (stored[ip] ?? 0) + got.body.data.size;
      }
    };
    const first = await fill('198.51.100.1');
    expect(first.status).toBe(429);
    expect(first.body).toMatchObject({ success: false, status: 429, data: { error: expect.stringMatching(/quota/i) } });
    expect(first.headers.get('retry-after')).toBeTruthy();
    expect(stored['198.51.100.1']).toBeGreaterThan(0.5 * MB);
    expect(stored['198.51.100.1']).toBeLessThanOrEqual(MB);
    expect(await storage.unattachedUploadBytes('198.51.100.1')).toBe(stored['198.51.100.1']);
    // another address has its own quota, until the store as a whole is full
    const second = await fill('198.51.100.2');
    const third = await fill('198.51.100.3');
    expect([second.status, third.status]).toContain(507);
    const full = second.status === 507 ? second : third;
    expect(full.body).toMatchObject({ success: false, status: 507, data: { error: 'The photo storage is full' } });
    expect(await storage.totalUploadBytes()).toBeLessThanOrEqual(2 * MB);
  });

  it('frees an address’s quota once a lead uses its photos', async () => {
    const { app, storage } = await setup({ addressQuotaBytes: 0.5 * MB });
    const ids: string[] = [];
    for (;;) {
      const got = await answer(await app.request('/3/image', form(photo)));
      if (got.status !== 200) break;
      ids.push(got.body.data.id);
    }
    expect(ids.length).toBeGreaterThan(0);
    await storage.attachUploads(ids, 'lead-1', '192.0.2.1');
    expect((await app.request('/3/image', form(photo))).status).toBe(200);
  });

  it('refuses uploads with 507 while the disk has less free space than the reserve for the database', async () => {
    const { app, uploadsDir } = await setup({ diskReserveBytes: Number.MAX_SAFE_INTEGER });
    const got = await answer(await app.request('/3/image', form(photo)));
    expect(got.status).toBe(507);
    expect(got.body).toMatchObject({ success: false, data: { error: 'Not enough disk space for photos' } });
    expect(readdirSync(uploadsDir).filter((n) => n !== 'tmp')).toEqual([]);
  });
});

describe('caps', () => {
  it('answers 503 with Retry-After to uploads past the number in flight, and takes them again afterwards', async () => {
    const { app } = await setup({ inFlight: 1 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const boundary = 'held-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const slow = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(new Uint8Array(photo));
        await held;
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const first = app.request('/3/image', {
      method: 'POST',
      headers: { Authorization: 'Client-ID local', 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: slow,
      duplex: 'half',
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = await answer(await app.request('/3/image', form(photo)));
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(busy.body).toMatchObject({ success: false, status: 503 });
    release();
    expect((await first).status).toBe(200);
    expect((await app.request('/3/image', form(photo))).status).toBe(200);
  });

  it('limits uploads per minute from all addresses together', async () => {
    const { app } = await setup({ perMinute: 2 });
    expect((await app.request('/3/image', form(photo, '203.0.113.1'))).status).toBe(200);
    expect((await app.request('/3/image', form(photo, '203.0.113.2'))).status).toBe(200);
    const third = await answer(await app.request('/3/image', form(photo, '203.0.113.3')));
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
    expect(third.body.success).toBe(false);
  });

  it('limits downloads per address, answers HEAD with the length and no body, and refuses what is not a photo or too large', async () => {
    const { app } = await setup({ downloadsPerMinute: 3 });
    const { body } = await answer(await app.request('/3/image', form(photo)));
    const path = new URL(body.data.link).pathname;
    const head = await app.request(path, { method: 'HEAD', headers: { 'X-Test-Ip': '203.0.113.9' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(body.data.size));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const get = await app.request(path, { headers: { 'X-Test-Ip': '203.0.113.9' } });
    expect((await get.arrayBuffer()).byteLength).toBe(body.data.size);
    expect((await app.request(path, { headers: { 'X-Test-Ip': '203.0.113.9' } })).status).toBe(200);
    expect((await app.request(path, { headers: { 'X-Test-Ip': '203.0.113.9' } })).status).toBe(429);
    expect((await app.request(path, { headers: { 'X-Test-Ip': '203.0.113.10' } })).status).toBe(200);

    const text = await answer(await app.request('/3/image', form(Buffer.from('<script>alert(1)</script>'))));
    expect(text).toMatchObject({ status: 400, body: { success: false } });
    const broken = await answer(await app.request('/3/image', form(Buffer.concat([photo.subarray(0, 5000)]))));
    expect(broken.status).toBe(400);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bomb = await answer(await app.request('/3/image', form(huge)));
    expect(bomb).toMatchObject({ status: 400, body: { success: false } });
  });
});

describe('photos made to be slow', () => {
  it('takes the JPEGs encoders write, baseline and progressive, and refuses one with more scans than maxJpegScans', async () => {
    const { app } = await setup();
    const image = () => sharp(photo);
    for (const jpeg of [await image().jpeg().toBuffer(), await image().jpeg({ progressive: true }).toBuffer(), hostileJpeg(64, 100)]) {
      const got = await answer(await app.request('/3/image', form(jpeg, '192.0.2.1', 'image/jpeg')));
      expect(got.status, JSON.stringify(got.body)).toBe(200);
    }
    // tiny, so it would decode in a blink: refused for its scans alone
    const got = await answer(await app.request('/3/image', form(hostileJpeg(64, 101), '192.0.2.1', 'image/jpeg')));
    expect(got.status).toBe(400);
    expect(got.body).toMatchObject({ success: false, status: 400, data: { error: expect.stringMatching(/scans/) } });
  });

  it('stops a re-encode that takes longer than decodeTimeoutSeconds with a 400, and takes the next photo', async () => {
    // the scan limit lifted, so the decode itself has to be stopped: 150 scans of 36 megapixels take a few seconds
    const { app } = await setup({ maxJpegScans: 100_000, decodeTimeoutSeconds: 1 });
    const started = Date.now();
    const slow = await answer(await app.request('/3/image', form(hostileJpeg(6000, 150), '192.0.2.1', 'image/jpeg')));
    console.log(`a JPEG of 150 scans with a 1 s decode timeout: ${slow.status} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(slow.status).toBe(400);
    expect(slow.body).toMatchObject({ success: false, status: 400, data: { error: expect.stringMatching(/too long/) } });
    expect((await app.request('/3/image', form(photo))).status).toBe(200);
  }, 60_000);
});

describe('the sweep', () => {
  it('removes unattached photos past the TTL (row and file), keeps attached and recent ones, and clears left-overs', async () => {
    const { app, storage, uploadsDir } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await answer(await app.request('/3/image', form(photo)))).body.data.id);
    const [attached, expired, recent] = ids as [string, string, string];
    await storage.attachUploads([attached], 'lead-7', '192.0.2.1');
    const stale = join(uploadsDir, 'tmp', 'x.upload');
    const fresh = join(uploadsDir, 'tmp', 'y.upload');
    const orphan = join(uploadsDir, 'AbandonedAbandoned01.jpg');
    for (const file of [stale, fresh, orphan]) writeFileSync(file, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    utimesSync(orphan, twoHoursAgo, twoHoursAgo);
    // the expired one is made older than the others by moving the clock: six hours and a minute after its upload
    const createdAt = new Date((await storage.getUpload(expired))!.createdAt);
    const recentAt = new Date((await storage.getUpload(recent))!.createdAt);
    const now = new Date(createdAt.getTime() + 6 * 3600_000 + 60_000);
    // a temporary file of an upload under way at that moment
    utimesSync(fresh, now, now);
    expect(recentAt.getTime()).toBeGreaterThan(createdAt.getTime());
    // the cut-off falls just after the expired one's upload
    const ttlMs = now.getTime() - (createdAt.getTime() + 1);

    const removed = await sweepUploads({ storage, uploadsDir, ttlMs, now: () => now });
    expect(removed).toBe(3);
    expect(await storage.getUpload(expired)).toBeUndefined();
    expect(existsSync(join(uploadsDir, `${expired}.png`))).toBe(false);
    expect(await storage.getUpload(attached)).toMatchObject({ leadId: 'lead-7' });
    expect(existsSync(join(uploadsDir, `${attached}.png`))).toBe(true);
    expect(existsSync(join(uploadsDir, `${recent}.png`))).toBe(true);
    expect([existsSync(stale), existsSync(fresh), existsSync(orphan)]).toEqual([false, true, false]);
    expect((await app.request(`/uploads/${expired}.png`)).status).toBe(404);
    expect((await app.request(`/uploads/${attached}.png`)).status).toBe(200);
  });
});
