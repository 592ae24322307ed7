import type { Integrations } from '../config/schema-types.ts';
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

const pick = (override: string | undefined, fallback: string | undefined) => (override && override.trim() !== '' ? override.trim() : (fallback ?? ''));

export function mailSettingsFor(integrations: Integrations | undefined, templateId: string, env: IntegrationEnv = import.meta.env): MailSettings {
  const config = integrations?.emailjs;
  return {
    publicKey: pick(env.VITE_EMAILJS_PUBLIC_KEY, config?.publicKey),
    serviceId: pick(env.VITE_EMAILJS_SERVICE_ID, config?.serviceId),
    templateId,
    origin: pick(env.VITE_EMAILJS_ORIGIN, config?.origin),
    // an environment can only switch headless blocking off, never on
    blockHeadless: env.VITE_EMAILJS_BLOCK_HEADLESS === 'false' ? false : config?.blockHeadless === true,
    blockList: config?.blockList,
    throttleMs: config?.throttleMs,
  };
}

export function imageHostFor(integrations: Integrations | undefined, env: IntegrationEnv = import.meta.env): ImageHostSettings {
  return {
    baseUrl: pick(env.VITE_IMAGE_HOST_URL, integrations?.imageHost?.baseUrl).replace(/\/+$/, ''),
    clientId: pick(env.VITE_IMAGE_HOST_CLIENT_ID, integrations?.imageHost?.clientId),
  };
}
