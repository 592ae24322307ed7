import type { useSiteFiles } from './use-site-files.ts';

export interface PageActionsProps {
  lang: string;
  site: ReturnType<typeof useSiteFiles>;
  /** the open page's id: its file is content/pages/<id>.json */
  page: string;
  /** the page was deleted: the studio opens another */
  onRemoved: () => void;
}

/** Rename a page's route (links follow) or delete it (being built). */
export function PageActions(_props: PageActionsProps) {
  return null;
}
