import type { IncomingMessage, ServerResponse } from 'node:http';
import { ImageUploadError } from './images.ts';

// The studio API's plain HTTP: a request's body within a limit, and its JSON (or text) answer.

/** The largest JSON body the studio takes (an edit, a new page). */
export const BODY_LIMIT = 2 * 1024 * 1024;

export function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new ImageUploadError(`The request is larger than ${Math.round(limit / 1024 / 1024)} MB.`));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A request the studio cannot take as sent (its body is no JSON): 400, never a failure of the server. */
export class BadRequestError extends Error {}

export async function readBody(req: IncomingMessage): Promise<unknown> {
  const bytes = await readBytes(req, BODY_LIMIT);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new BadRequestError('expected a JSON body');
  }
}

export function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  // an error after the answer went out (while the pages reload) has nobody left to answer
  if (res.headersSent) return;
  res.statusCode = status;
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Cache-Control', 'no-store');
  res.end(type === 'application/json' ? JSON.stringify(body) : String(body));
}

/** A query parameter of the request's URL. */
export const queryOf = (req: IncomingMessage) => new URL(req.url ?? '', 'http://localhost').searchParams;
