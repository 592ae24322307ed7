import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { paths } from '../paths.ts';
import { allRules } from './rules/all-rules.ts';
import type { Rule } from './rules/rule.ts';
import { siteFiles } from './site-files.ts';
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

/** The fixture as it was, in place of whatever the test before left. */
const restore = () => {
  rmSync(root, { recursive: true, force: true });
  cpSync(join(paths.root, 'tests/fixtures/content-landing'), root, { recursive: true });
};

it('a rule whose inputs are the same objects as at its last run gives that run’s problems, and runs again when one changed', () => {
  restore();
  let runs = 0;
  const counting: Rule = {
    name: 'counting',
    description: 'counts its runs',
    needs: [],
    inputs: (context) => [context.site],
    check: () => void (runs += 1),
  };
  const rules = [...allRules, counting];
  const kept = checkedFiles();
  const validateWith = () => validateSite({ roots: [root], schemaDir: paths.schemas, keptSchemas: true, checked: kept, rules });
  expect(validateWith().problems).toEqual([]);
  const before = runs;
  // a page's edit: the site config is the same object, so the rule is not run
  edit('content/pages/contact.json', '"blocks"', '"blocks" ');
  validateWith();
  expect(runs).toBe(before);
  // a route twice in the site config: found (unique-routes), and found again by a run that did not run the rule
  const config = readFileSync(join(root, 'site.config.json'), 'utf8');
  const routes = (JSON.parse(config) as { routes: { path: string }[] }).routes;
  edit('site.config.json', `"path": "${routes[1]!.path}"`, `"path": "${routes[0]!.path}"`);
  const twice = validateWith();
  expect(runs).toBeGreaterThan(before);
  expect(twice.problems).toContainEqual(expect.objectContaining({ file: 'site.config.json', code: 'route-twice' }));
  expect(twice.problems).toEqual(afresh().problems);
  edit('content/pages/contact.json', '"blocks" ', '"blocks"');
  expect(validateWith().problems).toEqual(twice.problems);
  // fixed: run again, and nothing found
  writeFileSync(join(root, 'site.config.json'), config);
  const fixedAt = runs;
  expect(validateWith().problems).toEqual([]);
  expect(runs).toBe(fixedAt + 1);
});

it('a file whose stamp is the one it had is not read again; a file written just now has no stamp, so it is read', () => {
  restore();
  const files = siteFiles([root]);
  writeFileSync(join(root, 'content/pages/home.json'), readFileSync(join(root, 'content/pages/home.json')));
  expect(files.stamp!('content/pages/home.json')).toBeUndefined();
  // the file system's stamps as they would be for files written long ago: each file's own, unchanged
  const reads: string[] = [];
  const settled = { ...files, stamp: (rel: string) => `settled:${rel}`, read: (rel: string) => (reads.push(rel), files.read(rel)) };
  const stamped = checkedFiles();
  const validateStamped = () => validateSite({ roots: [root], schemaDir: paths.schemas, keptSchemas: true, checked: stamped, files: settled });
  const first = validateStamped();
  expect(first.problems).toEqual([]);
  expect(reads).toContain('content/collections/cities.json');
  reads.length = 0;
  expect(validateStamped().problems).toEqual(first.problems);
  expect(reads).toEqual([]);
});
