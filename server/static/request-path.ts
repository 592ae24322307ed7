/**
 * The path of a request URL exactly as sent, still percent-encoded (Hono's
 * c.req.path is already decoded by decodeURI, which keeps %2F and %5C).
 */
export function rawPathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  let end = url.length;
  for (const stop of ['?', '#']) {
    const i = url.indexOf(stop, start);
    if (i !== -1 && i < end) end = i;
  }
  return url.slice(start, end);
}

/**
 * The file-system-like path a request asks for, or undefined for one no file
 * can have: malformed percent-encoding (also overlong UTF-8 such as %c0%ae),
 * NUL or other control characters, backslashes, and "." or ".." segments after
 * decoding. Decoding happens once: "%252e" stays the literal name "%2e".
 */
export function decodeRequestPath(raw: string): string | undefined {
  if (!raw.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return undefined;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return undefined;
  return decoded;
}
