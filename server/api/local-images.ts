import { randomBytes } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { readLimited } from './json-body.ts';
import { imageSize, sniffImage } from './image-file.ts';
import { limited, type ApiContext } from './context.ts';
import { rateKey } from './client-address.ts';

const DEFAULT_MAX = 5 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;
const NAME = /^([A-Za-z0-9_-]{16,40})\.(png|jpg|gif)$/;

/** Imgur's error shape, so the browser's fallback reads it like the real host's. */
const failure = (status: number, error: string) => ({ data: { error }, success: false, status });

/**
 * Imgur-compatible `POST /3/image` (multipart field `image`) and the photos at
 * stable URLs under /uploads/. Files live in the data folder, outside dist/,
 * and only what its first bytes prove to be a PNG, JPEG or GIF is kept.
 */
export function localImagesApi(api: ApiContext, publicOrigin?: string): Hono {
  const app = new Hono();
  const sizes = Object.values(api.site.forms).flatMap((f) => f.fields.flatMap((field) => (field.type === 'images' ? [field.maxSize] : [])));
  const maxSize = sizes.length > 0 ? Math.max(...sizes) : DEFAULT_MAX;

  app.post('/3/image', async (c) => {
    if (!/^Client-ID \S+/.test(c.req.header('authorization') ?? '')) return c.json(failure(403, 'Authentication required'), 403);
    const tooMany = limited(c, api.limits.uploads, api.clientIp(c));
    if (tooMany) return tooMany;
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return c.json(failure(415, 'expected multipart/form-data'), 415);
    const raw = await readLimited(c.req.raw, maxSize + MULTIPART_OVERHEAD).catch(() => null);
    if (raw === undefined) return c.json(failure(413, 'File is over the size limit'), 413);
    if (raw === null) return c.json(failure(400, 'unreadable body'), 400);
    let file: FormDataEntryValue | null;
    try {
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': c.req.header('content-type')! },
        body: raw as Uint8Array<ArrayBuffer>,
      }).formData();
      file = form.get('image');
    } catch {
      return c.json(failure(400, 'invalid multipart body'), 400);
    }
    if (!file || typeof file === 'string') return c.json(failure(400, 'No image data was sent to the upload api'), 400);
    if (file.size > maxSize) return c.json(failure(413, 'File is over the size limit'), 413);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffImage(bytes);
    if (!kind) return c.json(failure(400, 'File type invalid (1)'), 400);
    const id = randomBytes(12).toString('base64url');
    const handle = await open(join(api.uploadsDir, `${id}.${kind.ext}`), 'wx');
    try {
      await handle.writeFile(bytes);
      // the link is handed out only once the photo is safely on disk
      await handle.sync();
    } finally {
      await handle.close();
    }
    const { width, height } = imageSize(bytes, kind);
    await api.storage.addUpload({
      id,
      type: kind.type,
      ext: kind.ext,
      size: bytes.byteLength,
      width,
      height,
      createdAt: new Date().toISOString(),
      ip: rateKey(api.clientIp(c)),
      leadId: null,
    });
    const origin = publicOrigin ?? new URL(c.req.url).origin;
    const link = `${origin}/uploads/${id}.${kind.ext}`;
    return c.json({ data: { id, link, type: kind.type, width, height, size: bytes.byteLength }, success: true, status: 200 });
  });

  app.get('/uploads/:name', async (c) => {
    const match = NAME.exec(c.req.param('name'));
    const upload = match ? await api.storage.getUpload(match[1]!) : undefined;
    if (!match || !upload || upload.ext !== match[2]) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    const body = await readFile(join(api.uploadsDir, `${upload.id}.${upload.ext}`));
    return c.body(body, 200, {
      'Content-Type': upload.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    });
  });

  return app;
}
