/**
 * Our cookies, made and read in one place (oslo's cookie controller is the model): a session cookie is created with
 * its token, blanked when the session ends, and parsed from a request's Cookie header. Pure strings: each host
 * (the back office, the studio's door) hands the result to its own response and request.
 *
 * Every cookie of ours is a session's: __Host- prefixed (the browser refuses it unless it is Secure, has Path=/ and
 * no Domain, so no other host, not even a sub-domain of the site, can set or overwrite it), HttpOnly (no script
 * reads it) and SameSite=Strict (no other site's page sends it). No Max-Age, so it ends with the browser, but for a
 * device kept signed in (the seconds its session has left): the server's time-outs end the session either way.
 * Browsers count http://127.0.0.1 and localhost as secure, so a server on this machine works without TLS.
 */

/**
 * The attributes every one of our cookies carries. The two cookies have always written them in two orders; the
 * order means nothing to a browser, and keeping each cookie's keeps its headers byte for byte what they were.
 */
const ATTRIBUTES = { httpOnlyFirst: 'Path=/; HttpOnly; Secure; SameSite=Strict', secureFirst: 'Path=/; Secure; HttpOnly; SameSite=Strict' };

/** A cookie name as RFC 6265 allows it (a token). */
const COOKIE_NAME = /^[\w!#$%&'*.^`|~+-]+$/;

/** A cookie value's characters (cookie-octet, and the space browsers send). */
const COOKIE_VALUE = /^[ !#-:<-[\]-~]*$/;

export interface SessionCookie {
  readonly name: string;
  /** the Set-Cookie value that hands the browser `value`, kept `maxAgeSeconds` (else until the browser closes) */
  create(value: string, maxAgeSeconds?: number): string;
  /** the Set-Cookie value that makes the browser forget the cookie */
  blank(): string;
  /** the cookie's value in a Cookie header (the first that is well formed), or undefined */
  parse(header: string | null | undefined): string | undefined;
}

/** The session cookie called `name` (which must start with __Host-). */
export function sessionCookie(name: string, order: keyof typeof ATTRIBUTES = 'httpOnlyFirst'): SessionCookie {
  if (!name.startsWith('__Host-') || !COOKIE_NAME.test(name)) throw new Error(`not a __Host- cookie name: ${name}`);
  const attributes = ATTRIBUTES[order];
  return {
    name,
    create: (value, maxAgeSeconds) =>
      `${name}=${encodeURIComponent(value)}; ${maxAgeSeconds === undefined ? '' : `Max-Age=${Math.max(0, Math.round(maxAgeSeconds))}; `}${attributes}`,
    blank: () => `${name}=; Max-Age=0; ${attributes}`,
    parse: (header) => cookieValue(header ?? '', name),
  };
}

/** The back office's session cookie (server/admin/session-cookie.ts). */
export const STAFF_SESSION_COOKIE = sessionCookie('__Host-staff-session');

/**
 * The studio's own session cookie, on the studio's origin, that its door sets when a ticket is redeemed; the
 * preview's scripts never read it (studio-host/studio-door.ts).
 */
export const STUDIO_SESSION_COOKIE = sessionCookie('__Host-studio-session', 'secureFirst');

const trimmed = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '');

/**
 * The value of the first well-formed `name=value` pair in a Cookie header: white space around the name and the
 * value ignored, surrounding double quotes taken off, percent-escapes decoded (those that are malformed left as sent).
 */
export function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || trimmed(pair.slice(0, equals)) !== name) continue;
    let value = trimmed(pair.slice(equals + 1));
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (COOKIE_VALUE.test(value)) return decoded(value);
  }
  return undefined;
}

function decoded(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // a stray % among good escapes: each run of good escapes decoded, the rest as sent
    return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
