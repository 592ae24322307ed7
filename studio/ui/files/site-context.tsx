import { createContext, useContext, type ReactNode } from 'react';
import type { useSiteFiles } from './use-site-files.ts';

/** The site's files as the studio holds them, and every way to change them (use-site-files.ts). */
export type SiteFiles = ReturnType<typeof useSiteFiles>;

/** The studio's one copy of the site, for every part of the page that shows or edits it. */
export const SiteFilesContext = createContext<SiteFiles | null>(null);

/** Gives `site` to everything inside: the studio has one copy of the site's files, made by Studio() in app.tsx. */
export function SiteProvider({ site, children }: { site: SiteFiles; children: ReactNode }) {
  return <SiteFilesContext.Provider value={site}>{children}</SiteFilesContext.Provider>;
}

/** The site's files as the studio holds them; only inside a <SiteProvider>, where the studio has loaded them. */
export function useSite(): SiteFiles {
  const site = useContext(SiteFilesContext);
  if (!site) throw new Error('useSite() needs a <SiteProvider> above it (studio/ui/app.tsx gives one)');
  return site;
}
