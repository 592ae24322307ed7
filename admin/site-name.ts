import { SITE_NAME_META } from '../core/admin/contract.ts';

/** The live site's name, as the server wrote it into this page (server/admin/admin-pages.ts); undefined without one. */
export const siteName: string | undefined = document.querySelector<HTMLMetaElement>(`meta[name="${SITE_NAME_META}"]`)?.content || undefined;
