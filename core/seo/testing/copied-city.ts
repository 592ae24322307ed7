import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../../paths.ts';

export const CONTENT_LANDING_FIXTURE = join(paths.root, 'tests/fixtures/content-landing');

/**
 * A copy of the content landing fixture in a new temporary folder (the caller removes it) in which Bath's city data is
 * Bristol's: its pages are Bristol's but for the city's name, a near-duplicate the guard must name.
 */
export function siteWithCopiedCity(): string {
  const dir = mkdtempSync(join(tmpdir(), 'guard-copied-city-'));
  cpSync(CONTENT_LANDING_FIXTURE, dir, { recursive: true });
  const file = join(dir, 'content/collections/cities.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { items: Record<string, unknown>[] };
  const [bristol, bath] = data.items;
  Object.assign(bath!, { intro: bristol!.intro, fields: bristol!.fields, faq: bristol!.faq, overrides: [] });
  writeFileSync(file, JSON.stringify(data, null, 2));
  return dir;
}
