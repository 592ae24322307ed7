import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { limited, type ApiContext } from './context.ts';
import type { RateLimiter } from './rate-limit.ts';
import { UPLOAD_NAME } from '../storage/upload-files.ts';
import type { OpenedPhoto, PhotoStore } from '../storage/photo-store.ts';

/**
 * `GET /uploads/:name`: a stored photo, by the name its link gives (id and extension, both checked against its row),
 * rate-limited per address and streamed from where its bytes are (its file, or the database's chunks: photo-store.ts);
 * HEAD answers its length and no body.
 */
export function serveUpload(api: ApiContext, photos: PhotoStore, downloads: RateLimiter, sendTimeoutMs: number): (c: Context) => Promise<Response> {
  return async (c) => {
    const tooMany = limited(c, downloads, api.clientIp(c));
    if (tooMany) return tooMany;
    const match = UPLOAD_NAME.exec(c.req.param('name') ?? '');
    const upload = match ? await api.storage.getUpload(match[1]!) : undefined;
    const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (!match || !upload || upload.ext !== match[2]) return notFound();
    const opened = await photos.open(upload);
    if (!opened) return notFound();
    const headers = {
      'Content-Type': upload.type,
      'Content-Length': String(opened.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    };
    if (c.req.method === 'HEAD') {
      await opened.close();
      return c.body(null, 200, headers);
    }
    // under Node: a client that takes nothing for sendTimeoutMs is cut off with a reset, so the kernel also drops
    // what is still queued for it instead of keeping it behind a FIN
    const socket = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing?.socket;
    const cutOff = () => socket && !socket.destroyed && socket.resetAndDestroy();
    return c.body(photoStream(opened, sendTimeoutMs, cutOff), 200, headers);
  };
}

/**
 * The photo as a web stream read a chunk at a time (64 kB of a file, or one of the database's chunks), only when the
 * consumer asks: @hono/node-server asks for the next chunk once the socket has taken the last one ('drain'), so a
 * client that does not read holds one chunk, not the photo. When no chunk has been asked for in `idleMs`, `cutOff`
 * ends the connection and the stream is closed.
 */
function photoStream(photo: OpenedPhoto, idleMs: number, cutOff: () => void): ReadableStream<Uint8Array> {
  let closed = false;
  let lastAsked = Date.now();
  let watchdog: NodeJS.Timeout | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    clearInterval(watchdog);
    await photo.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        watchdog = setInterval(
          () => {
            if (Date.now() - lastAsked < idleMs) return;
            cutOff();
            void close();
            controller.error(new Error('the client stopped reading'));
          },
          Math.max(50, Math.min(1000, idleMs / 4)),
        );
        watchdog.unref();
      },
      async pull(controller) {
        lastAsked = Date.now();
        try {
          const chunk = await photo.read();
          if (closed) return;
          if (!chunk) {
            await close();
            controller.close();
          } else controller.enqueue(chunk);
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}
