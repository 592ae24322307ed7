import { check, format, resolveConfig } from 'prettier';
import { join } from 'node:path';
import { CONFIG_FILE } from '../../core/site/layout.ts';

/**
 * The studio's layout step: a file Prettier found clean before the edit is laid out by Prettier after it (only
 * the edited lines can change, since the rest was clean), so `npm run lint` stays green; a file Prettier does not
 * look after, or that was not clean, keeps the edit's own bytes.
 */
export function prettierLayout(siteRoot: string) {
  // the text each file was last laid out to: clean by construction, so the next edit of it needs no check
  const laidOut = new Map<string, string>();
  return async (text: string, path: string, before: string): Promise<string> => {
    const filepath = join(siteRoot, path);
    const options = { ...((await resolveConfig(filepath)) ?? {}), filepath };
    try {
      if (laidOut.get(path) !== before && !(await check(before, options))) return text;
      const after = await format(text, options);
      laidOut.set(path, after);
      return after;
    } catch {
      return text;
    }
  };
}

/**
 * Prettier loads its JSON parser and printer on its first use, a wait the person would notice: done when the studio
 * opens, in the background, not on the person's first edit.
 */
export function warmPrettier(siteRoot: string): void {
  const filepath = join(siteRoot, CONFIG_FILE);
  resolveConfig(filepath)
    .then((options) => check('{ "warm": true }\n', { ...(options ?? {}), filepath }))
    .catch(() => undefined);
}
