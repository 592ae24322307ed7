import type { Integrations } from '../../core/site/schema-types.ts';
import type { MailSettings } from './mail.ts';

/** The VITE_ variables that may point one build at other endpoints (a local mail server in tests, for example). */
export interface IntegrationEnv {
  VITE_EMAILJS_PUBLIC_KEY?: string;
  VITE_EMAILJS_SERVICE_ID?: string;
  VITE_EMAILJS_ORIGIN?: string;
  VITE_EMAILJS_BLOCK_HEADLESS?: string;
  VITE_IMAGE_HOST_URL?: string;
  VITE_IMAGE_HOST_CLIENT_ID?: string;
}

export interface ImageHostSettings {
  baseUrl: string;
  clientId: string;
}

/** A non-empty client id for the site's own image endpoint, which needs none (the Imgur shape requires the header). */
export const LOCAL_CLIENT_ID = 'local';

/** The page's own origin, read when a form is sent (never at module load: the prerenderer has no window). */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

const pick = (override: string | undefined, fallback: string | undefined) => (override && override.trim() !== '' ? override.trim() : (fallback ?? ''));

/**
 * Mode 'local' (the default) points the SDK at the page's own origin, whose
 * server answers /api/v1.0/email/send; 'emailjs' uses the configured origin.
 * VITE_ variables win over both. Without an `emailjs` block nothing is set.
 */
export function mailSettingsFor(
  integrations: Integrations | undefined,
  templateId: string,
  env: IntegrationEnv = import.meta.env,
  origin: string = pageOrigin(),
): MailSettings {
  const config = integrations?.emailjs;
  const local = config !== undefined && (config.mode ?? 'local') === 'local';
  return {
    publicKey: pick(env.VITE_EMAILJS_PUBLIC_KEY, config?.publicKey),
    serviceId: pick(env.VITE_EMAILJS_SERVICE_ID, config?.serviceId),
    templateId,
    origin: pick(env.VITE_EMAILJS_ORIGIN, local ? origin : config?.origin),
    // an environment can only switch headless blocking off, never on
    blockHeadless: env.VITE_EMAILJS_BLOCK_HEADLESS === 'false' ? false : config?.blockHeadless === true,
    blockList: config?.blockList,
    throttleMs: config?.throttleMs,
  };
}

/** Mode 'local' (the default) uploads to the page's own /3/image; 'imgur' to baseUrl with the real client id. */
export function imageHostFor(integrations: Integrations | undefined, env: IntegrationEnv = import.meta.env, origin: string = pageOrigin()): ImageHostSettings {
  const config = integrations?.imageHost;
  const local = config !== undefined && (config.mode ?? 'local') === 'local';
  return {
    baseUrl: pick(env.VITE_IMAGE_HOST_URL, local ? origin : config?.baseUrl).replace(/\/+$/, ''),
    clientId: pick(env.VITE_IMAGE_HOST_CLIENT_ID, local ? LOCAL_CLIENT_ID : config?.clientId),
  };
}
