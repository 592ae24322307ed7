import type { LoadedSite, SiteModel } from '../../core/site/model.ts';
import { sha1 } from './build-keys.ts';

/**
 * The key of the site's model (see `Kept` in render-pages.ts), hashed again only when what the model is made of
 * changed (resolveSite): the site config's and the collections' data, which are the same objects while their files
 * are unchanged (validate.ts, `checked`), and the references between files. A page's edit changes none of them.
 */
export function modelKeys() {
  let last: { parts: unknown[]; references: string; key: string } | undefined;
  return (site: LoadedSite, model: SiteModel): string => {
    const parts = [site.site, ...Object.entries(site.collections).flat()];
    const references = JSON.stringify(site.references);
    const same = last && last.references === references && last.parts.length === parts.length && last.parts.every((part, i) => part === parts[i]);
    if (!same) last = { parts, references, key: sha1(JSON.stringify(model)) };
    return last!.key;
  };
}
