import { check, format, resolveConfig } from 'prettier';
import { join } from 'node:path';

/**
 * The studio's layout step: a file Prettier found clean before the edit is laid out by Prettier after it (only
 * the edited lines can change, since the rest was clean), so `npm run lint` stays green; a file Prettier does not
 * look after, or that was not clean, keeps the edit's own bytes.
 */
export function prettierLayout(siteRoot: string) {
  return async (text: string, path: string, before: string): Promise<string> => {
    const filepath = join(siteRoot, path);
    const options = { ...((await resolveConfig(filepath)) ?? {}), filepath };
    try {
      if (!(await check(before, options))) return text;
      return await format(text, options);
    } catch {
      return text;
    }
  };
}
