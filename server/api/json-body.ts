import type { Context } from 'hono';

/** Why a body was refused, as an HTTP answer; `undefined` data means the caller must answer with `error`. */
export type BodyResult = { ok: true; data: unknown } | { ok: false; status: 400 | 413 | 415; error: string };

/**
 * Reads a JSON body within `limit` bytes. Anything else (another content type,
 * broken JSON, a body that stops half way, too many bytes) is a 4xx, never a throw.
 */
export async function readJson(c: Context, limit: number): Promise<BodyResult> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  // text/plain is what the EmailJS SDK and sendBeacon may use; the body must still be JSON
  if (type !== 'application/json' && type !== 'text/plain') return { ok: false, status: 415, error: 'expected application/json' };
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) return { ok: false, status: 413, error: 'body too large' };
  let text: string;
  try {
    const buffer = await readLimited(c.req.raw, limit);
    if (buffer === undefined) return { ok: false, status: 413, error: 'body too large' };
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return { ok: false, status: 400, error: 'unreadable body' };
  }
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, error: 'invalid JSON' };
  }
}

/** The body's bytes, or undefined as soon as it passes `limit` (the rest is not read into memory). */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
