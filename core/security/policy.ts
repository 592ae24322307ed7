import type { Integrations } from '../site/schema-types.ts';
import { allTagSources } from '../site/tags.ts';

/** What the build writes to dist/.csp.json: the sha256 sources of every inline <script> and <style> of the pages. */
export interface CspHashes {
  /** e.g. "sha256-AbC...=" (without the quotes a policy puts around them) */
  scriptHashes: string[];
  styleHashes: string[];
}

/** The VITE_ variables that point one build's browser code at other endpoints (see src/forms/mail-settings.ts). */
export interface OriginEnv {
  VITE_EMAILJS_ORIGIN?: string;
  VITE_IMAGE_HOST_URL?: string;
}

export interface PolicyOptions {
  hashes: CspHashes;
  integrations?: Integrations;
  /** HTTPS only: Strict-Transport-Security and upgrade-insecure-requests */
  hsts: boolean;
  env?: OriginEnv;
}

/** Imgur answers uploads with links on this host; the form shows them. */
const IMGUR_IMAGES = 'https://i.imgur.com';

const originOf = (url: string | undefined): string | undefined => {
  if (!url?.trim()) return undefined;
  try {
    const { origin } = new URL(url.trim());
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

/**
 * The hosts other than our own the browser code talks to. In mode 'local' (the
 * default) the forms use the page's own origin, which 'self' already allows; a
 * VITE_ override wins over the mode in the browser code, so it does here too.
 */
export function externalOrigins(integrations: Integrations | undefined, env: OriginEnv = {}): { connect: string[]; img: string[] } {
  const connect = new Set<string>();
  const img = new Set<string>();
  const emailjs = integrations?.emailjs;
  if (emailjs) {
    const origin = originOf(env.VITE_EMAILJS_ORIGIN?.trim() ? env.VITE_EMAILJS_ORIGIN : emailjs.mode === 'emailjs' ? emailjs.origin : undefined);
    if (origin) connect.add(origin);
  }
  const imageHost = integrations?.imageHost;
  if (imageHost) {
    const origin = originOf(env.VITE_IMAGE_HOST_URL?.trim() ? env.VITE_IMAGE_HOST_URL : imageHost.mode === 'imgur' ? imageHost.baseUrl : undefined);
    if (origin) {
      connect.add(origin);
      img.add(origin);
    }
    if (imageHost.mode === 'imgur') img.add(IMGUR_IMAGES);
  }
  return { connect: [...connect], img: [...img] };
}

const quoted = (hashes: string[]) => hashes.map((h) => `'${h}'`);

/**
 * A policy without 'unsafe-inline' or 'unsafe-eval' for scripts: every inline
 * script of the prerendered pages (React's streaming $RC calls) is allowed by
 * its hash. Style attributes stay allowed: React's markup has them (CSS variables
 * of the splash and grids), and they cannot run code.
 */
export function contentSecurityPolicy({ hashes, integrations, hsts, env }: PolicyOptions): string {
  const origins = externalOrigins(integrations, env);
  // a marketing or statistics tag's hosts only when the site configures it (it still loads only after consent)
  const tags = allTagSources(integrations?.tags);
  const directives = [
    `default-src 'self'`,
    ['script-src', `'self'`, ...quoted(hashes.scriptHashes), ...tags.script].join(' '),
    ['style-src-elem', `'self'`, ...quoted(hashes.styleHashes)].join(' '),
    `style-src-attr 'unsafe-inline'`,
    ['img-src', `'self'`, 'data:', 'blob:', ...origins.img, ...tags.img].join(' '),
    ['connect-src', `'self'`, ...origins.connect, ...tags.connect].join(' '),
    ...(tags.frame.length ? [['frame-src', `'self'`, ...tags.frame].join(' ')] : []),
    `font-src 'self'`,
    `media-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(hsts ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** Features no page uses; only names Chromium, Firefox and Safari know (an unknown one is a console error). */
const PERMISSIONS = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb'];

/** Every security header of every answer, the same on our server and in dist/_headers for static hosts. */
export function securityHeaderValues(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS.map((p) => `${p}=()`).join(', '),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    ...(options.hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
