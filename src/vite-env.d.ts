/// <reference types="vite/client" />

/** Build-time overrides of site.config.json integrations (see src/forms/mail-settings.ts). */
interface ImportMetaEnv {
  readonly VITE_EMAILJS_PUBLIC_KEY?: string;
  readonly VITE_EMAILJS_SERVICE_ID?: string;
  readonly VITE_EMAILJS_ORIGIN?: string;
  readonly VITE_EMAILJS_BLOCK_HEADLESS?: string;
  readonly VITE_IMAGE_HOST_URL?: string;
  readonly VITE_IMAGE_HOST_CLIENT_ID?: string;
}
