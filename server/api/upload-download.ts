import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { limited, type ApiContext } from './context.ts';
import type { RateLimiter } from './rate-limit.ts';
import { UPLOAD_NAME, uploadFileName } from '../storage/upload-files.ts';

/**
 * `GET /uploads/:name`: a stored photo, by the name its link gives (id and extension, both checked against its row),
 * rate-limited per address and streamed from its file; HEAD answers its length and no body.
 */
export function serveUpload(api: ApiContext, downloads: RateLimiter, sendTimeoutMs: number): (c: Context) => Promise<Response> {
  return async (c) => {
    const tooMany = limited(c, downloads, api.clientIp(c));
    if (tooMany) return tooMany;
    const match = UPLOAD_NAME.exec(c.req.param('name') ?? '');
    const upload = match ? await api.storage.getUpload(match[1]!) : undefined;
    const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (!match || !upload || upload.ext !== match[2]) return notFound();
    const opened = await openSized(join(api.uploadsDir, uploadFileName(upload)));
    if (!opened) return notFound();
    const { handle, size } = opened;
    const headers = {
      'Content-Type': upload.type,
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    };
    if (c.req.method === 'HEAD') {
      await handle.close();
      return c.body(null, 200, headers);
    }
    // under Node: a client that takes nothing for sendTimeoutMs is cut off with a reset, so the kernel also drops
    // what is still queued for it instead of keeping it behind a FIN
    const socket = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing?.socket;
    const cutOff = () => socket && !socket.destroyed && socket.resetAndDestroy();
    return c.body(fileStream(handle, sendTimeoutMs, cutOff), 200, headers);
  };
}

/** The file opened for reading, with its size; undefined when it is not there (removed by the sweep meanwhile). */
async function openSized(path: string): Promise<{ handle: FileHandle; size: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    return { handle, size: (await handle.stat()).size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * The file as a web stream read 64 kB at a time, only when the consumer asks: @hono/node-server asks for the next
 * chunk once the socket has taken the last one ('drain'), so a client that does not read holds one chunk, not the
 * file. When no chunk has been asked for in `idleMs`, `cutOff` ends the connection and the stream is closed.
 */
function fileStream(handle: FileHandle, idleMs: number, cutOff: () => void): ReadableStream<Uint8Array> {
  let closed = false;
  let lastAsked = Date.now();
  let watchdog: NodeJS.Timeout | undefined;
  const close = async () => {
    if (closed) return;
    closed = true;
    clearInterval(watchdog);
    await handle.close().catch(() => {});
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
          const chunk = new Uint8Array(64 * 1024);
          const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
          if (closed) return;
          if (bytesRead === 0) {
            await close();
            controller.close();
          } else controller.enqueue(chunk.subarray(0, bytesRead));
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
