import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseBackends } from '../../tests/support/database-backends.ts';
import type { ApiContext } from './context.ts';
import { rateLimiter } from './rate-limit.ts';
import { siteWideWait } from './site-budget.ts';
import { serveUpload } from './upload-download.ts';
import { erasePerson } from '../people/person.ts';
import { openStorage } from '../storage/open-storage.ts';
import { photoStore, type PhotoStore } from '../storage/photo-store.ts';
import { PHOTO_CHUNK_BYTES } from '../storage/shared-tables.ts';
import type { Storage, Upload } from '../storage/types.ts';

/**
 * The photo store on PostgreSQL: a photo's bytes in the database in chunks, written from the file and served a
 * chunk at a time by `GET /uploads/<file>`, gone with their row; and a budget of the whole site counted there.
 */
const [, postgres] = databaseBackends({ prefix: 'photo-store-test-' });
let storage: Storage;
let databaseUrl: string | undefined;
let uploadsDir: string;
let store: PhotoStore;

beforeAll(() => postgres.setup(), 180_000);
afterAll(() => postgres.teardown(), 30_000);
beforeEach(async () => {
  const options = await postgres.fresh();
  databaseUrl = options.databaseUrl;
  storage = await openStorage(options);
  uploadsDir = mkdtempSync(join(tmpdir(), 'photo-store-uploads-'));
  mkdirSync(join(uploadsDir, 'tmp'));
  store = photoStore(storage, uploadsDir);
}, 60_000);
afterEach(async () => {
  await storage.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const upload = (id: string, size: number, leadId: string | null = null): Upload => ({
  id,
  type: 'image/png',
  ext: 'png',
  size,
  width: 10,
  height: 10,
  createdAt: new Date().toISOString(),
  ip: '203.0.113.9',
  leadId,
});

/** A finished photo file in tmp/, kept by the store: its bytes. */
async function keep(id: string, size: number): Promise<Buffer> {
  const bytes = randomBytes(size);
  const path = join(uploadsDir, 'tmp', `${id}.encoded`);
  writeFileSync(path, bytes);
  await store.keep(upload(id, size), path);
  return bytes;
}

/** `GET /uploads/:name` as the site answers it, with this store. */
function downloads(): Hono {
  const api = { storage, uploadsDir, clientIp: () => '203.0.113.9' } as Pick<ApiContext, 'storage' | 'uploadsDir' | 'clientIp'> as ApiContext;
  const app = new Hono();
  app.get('/uploads/:name', serveUpload(api, store, rateLimiter({ limit: 1000, windowMs: 60_000 }), 15_000));
  return app;
}

describe('the photo store on PostgreSQL', () => {
  it('keeps a photo in the database in chunks, not on the disk', async () => {
    expect(store.where).toBe('database');
    const bytes = await keep('ChunkedPhoto00000001', 2 * PHOTO_CHUNK_BYTES + 1000);
    expect(await storage.uploadBytesSize('ChunkedPhoto00000001')).toEqual({ size: bytes.length, chunks: 3 });
    expect((await storage.uploadChunk('ChunkedPhoto00000001', 2))?.byteLength).toBe(1000);
    expect(readdirSync(uploadsDir)).toEqual(['tmp']);
    expect((await storage.getUpload('ChunkedPhoto00000001'))?.size).toBe(bytes.length);
  });

  it('serves a photo larger than one chunk a chunk at a time, with its headers', async () => {
    const bytes = await keep('StreamedPhoto0000001', 2 * PHOTO_CHUNK_BYTES + 1000);
    const answer = await downloads().request('/uploads/StreamedPhoto0000001.png');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-length')).toBe(String(bytes.length));
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const reader = answer.body!.getReader();
    const pieces: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(next.value);
    expect(pieces.map((p) => p.byteLength)).toEqual([PHOTO_CHUNK_BYTES, PHOTO_CHUNK_BYTES, 1000]);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    expect((await downloads().request('/uploads/StreamedPhoto0000001.png', { method: 'HEAD' })).headers.get('content-length')).toBe(String(bytes.length));
  });

  it('answers 404 for a photo it does not have, and one whose extension is not its own', async () => {
    await keep('KnownPhoto0000000001', 100);
    expect((await downloads().request('/uploads/MissingPhoto00000001.png')).status).toBe(404);
    expect((await downloads().request('/uploads/KnownPhoto0000000001.jpg')).status).toBe(404);
    expect(await store.open({ id: 'MissingPhoto00000001', ext: 'png' })).toBeUndefined();
  });

  it('loses the bytes with the row: the sweep’s delete and an erasure remove both, and count what they removed', async () => {
    await keep('SweptPhoto0000000001', PHOTO_CHUNK_BYTES + 1);
    expect(await storage.deleteUpload('SweptPhoto0000000001')).toBe(true);
    expect(await storage.uploadBytesSize('SweptPhoto0000000001')).toBeUndefined();

    const { id } = await storage.addLead({
      submissionId: 'photo-store-1',
      form: 'demo',
      name: 'Jan',
      email: 'jan@example.nl',
      phone: '',
      message: '',
      values: { name: 'Jan', email: 'jan@example.nl' },
      photos: ['https://example.org/uploads/ErasedPhoto000000001.png'],
      spam: false,
      review: false,
      flags: [],
      ip: '203.0.113.9',
      userAgent: null,
    });
    await keep('ErasedPhoto000000001', 3 * PHOTO_CHUNK_BYTES);
    await storage.attachUploads(['ErasedPhoto000000001'], id, '203.0.113.9');
    const erased = await erasePerson(storage, uploadsDir, { email: 'jan@example.nl' });
    expect(erased).toMatchObject({ leads: 1, photos: 1 });
    expect(await storage.uploadBytesSize('ErasedPhoto000000001')).toBeUndefined();
    expect((await downloads().request('/uploads/ErasedPhoto000000001.png')).status).toBe(404);
  });

  it('keeps nothing of an upload whose bytes fail to come: no row, no chunk', async () => {
    const path = join(uploadsDir, 'tmp', 'not-there.encoded');
    await expect(store.keep(upload('FailedPhoto000000001', 10), path)).rejects.toThrow();
    expect(await storage.getUpload('FailedPhoto000000001')).toBeUndefined();
    expect(await storage.uploadBytesSize('FailedPhoto000000001')).toBeUndefined();
  });

  it('counts a budget of the whole site for every instance together', async () => {
    // two instances: two storages on the one database, each with its own limiter of 4 a minute
    const second = await openStorage({ databaseUrl, dataDir: uploadsDir });
    try {
      const limiters = [rateLimiter({ limit: 4, windowMs: 60_000, maxClients: 1 }), rateLimiter({ limit: 4, windowMs: 60_000, maxClients: 1 })];
      const at = Date.UTC(2026, 0, 1, 12, 0, 10);
      const waits = [];
      for (let i = 0; i < 8; i++) waits.push(await siteWideWait(i % 2 ? second : storage, 'mails-total', limiters[i % 2]!, at));
      expect(waits).toEqual([undefined, undefined, undefined, undefined, 50, 50, 50, 50]);
      // the next window starts afresh
      expect(await siteWideWait(second, 'mails-total', limiters[1]!, at + 60_000)).toBeUndefined();
    } finally {
      await second.close();
    }
  });
});
