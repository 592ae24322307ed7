import type { useSiteFiles } from './use-site-files.ts';

export interface SiteSearchProps {
  lang: string;
  site: ReturnType<typeof useSiteFiles>;
  /** opens a file at a value (a JSON pointer) and focuses its field */
  show: (path: string, pointer: string) => void;
}

/** Finds any text of the site and opens its field (being built). */
export function SiteSearch(_props: SiteSearchProps) {
  return null;
}
