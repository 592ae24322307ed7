import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../paths.ts';
import { checkedFiles, validateSite } from './validate.ts';

/**
 * A watching build validates the whole site at each save, keeping what it found file by file (`checked`): a file
 * whose text is unchanged is taken as it was found, its filled-in data the same object; a changed, broken, fixed or
 * deleted file is seen as it is now, exactly as a validation without the kept files sees it.
 */
const root = join(mkdtempSync(join(tmpdir(), 'checked-files-')), 'site');
cpSync(join(paths.root, 'tests/fixtures/content-landing'), root, { recursive: true });
afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

const checked = checkedFiles();
const validate = () => validateSite({ roots: [root], schemaDir: paths.schemas, keptSchemas: true, checked });
/** The same site validated with nothing kept: what the kept files must always agree with. */
const afresh = () => validateSite({ roots: [root], schemaDir: paths.schemas, keptSchemas: true });
const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(join(root, file), 'utf8');
  expect(text).toContain(from);
  writeFileSync(join(root, file), text.replace(from, to));
};

it('takes unchanged files as found before, and sees each changed, broken, fixed or deleted file as it is now', () => {
  const first = validate();
  expect(first.problems).toEqual([]);

  // nothing changed: the same data, not parsed, checked or filled in again
  const again = validate();
  expect(again.problems).toEqual([]);
  expect(again.site!.collections.cities).toBe(first.site!.collections.cities);
  expect(again.site!.pages.home).toBe(first.site!.pages.home);
  expect(again.site!.site).toBe(first.site!.site);

  // one page's text: that page is new, the others are the same
  edit('content/pages/home.json', 'A website you will be proud to show your customers', 'A website your customers remember');
  const edited = validate();
  expect(JSON.stringify(edited.site!.pages.home)).toContain('A website your customers remember');
  expect(edited.site!.pages.home).not.toBe(first.site!.pages.home);
  expect(edited.site!.pages.contact).toBe(first.site!.pages.contact);
  expect(edited.site).toEqual(afresh().site);

  // broken: its problem with file, line and pointer, at this run and at the next one with the file unchanged
  edit('content/pages/home.json', '"type": "hero"', '"type": "hreo"');
  const broken = validate();
  expect(broken.site).toBeUndefined();
  expect(broken.problems).toEqual(afresh().problems);
  expect(broken.problems).toContainEqual(expect.objectContaining({ file: 'content/pages/home.json', pointer: '/blocks/0/type' }));
  expect(validate().problems).toEqual(broken.problems);

  // fixed
  edit('content/pages/home.json', '"type": "hreo"', '"type": "hero"');
  expect(validate().problems).toEqual([]);

  // a page deleted that a route still names: the route's problem, as a validation afresh reports it
  rmSync(join(root, 'content/pages/demo.json'));
  const deleted = validate();
  expect(deleted.problems.length).toBeGreaterThan(0);
  expect(deleted.problems).toEqual(afresh().problems);
});
