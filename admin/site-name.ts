import { SITE_LOGO_META, SITE_NAME_META } from '../core/admin/contract.ts';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;

/** The live site's name, as the server wrote it into this page (server/admin/admin-pages.ts); undefined without one. */
export const siteName: string | undefined = meta(SITE_NAME_META);

/** The address of the live site's logo on the back office's own origin (server/admin/site-logo.ts); undefined when it has none. */
export const siteLogo: string | undefined = meta(SITE_LOGO_META);
