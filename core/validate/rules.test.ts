import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSite } from './validate.ts';
import { loadSchemaSet } from './schemas.ts';
import { paths } from '../paths.ts';
import { allRules } from './rules/all-rules.ts';
import type { Rule } from './rules/rule.ts';

const fixtures = join(paths.root, 'tests/fixtures');
const schemas = loadSchemaSet(paths.schemas);
/** A broken fixture: an overlay on the base site, or "<site>/broken/<case>" on a fixture site of its own. */
const overlay = (name: string) => (name.includes('/') ? join(fixtures, name) : join(fixtures, 'broken', name));
const baseOf = (name: string) => (name.includes('/') ? join(fixtures, name.split('/')[0]!) : join(fixtures, 'base'));
const expected = (name: string) => (JSON.parse(readFileSync(join(overlay(name), 'expected.json'), 'utf8')) as { problems: unknown[] }).problems;
const run = (name: string, rules: readonly Rule[]) =>
  validateSite({ roots: [overlay(name), baseOf(name)], schemaDir: paths.schemas, schemas, rules }).problems.map(({ file, line, pointer, message }) => ({
    file,
    line,
    pointer,
    message,
  }));

/** Each rule and the broken fixtures whose every expected problem is that rule's. */
const FIXTURES: Record<string, string[]> = {
  'unique-slugs': ['city-empty-slug', 'city-slug-collision', 'duplicate-service-slug'],
  'unique-routes': ['duplicate-route', 'route-collides-with-landing'],
  'reserved-routes': ['route-reserved', 'content-landing/broken/hub-route-reserved'],
  'links-resolve': ['link-typo', 'link-unknown-route', 'link-landing-typo'],
  'assets-exist': ['missing-image'],
  'references-exist': ['missing-form', 'missing-page-file'],
  'one-phone-number': ['phone-mismatch'],
  'landing-content': ['content-landing/broken/missing-value', 'content-landing/broken/placeholder-typo', 'content-landing/broken/city-data-mismatch'],
};

describe('validator rules', () => {
  it('every rule has a name, a description and fixtures of its own', () => {
    expect(allRules.map((r) => r.name).sort()).toEqual(Object.keys(FIXTURES).sort());
    for (const rule of allRules) expect(rule.description.length).toBeGreaterThan(10);
  });

  describe.each(allRules.map((rule) => [rule.name, rule] as const))('%s', (name, rule) => {
    it.each(FIXTURES[name]!)('alone reports every problem of %s', (fixture) => {
      expect(run(fixture, [rule])).toEqual(expected(fixture));
    });
    it.each(FIXTURES[name]!)('is the only rule that reports %s', (fixture) => {
      expect(
        run(
          fixture,
          allRules.filter((r) => r !== rule),
        ),
      ).toEqual([]);
    });
  });

  it('does not run a rule whose part of the config failed its schema (routes not a list: one message, no crash)', () => {
    expect(run('routes-not-a-list', allRules)).toEqual(expected('routes-not-a-list'));
    expect(run('routes-not-a-list', [])).toEqual(expected('routes-not-a-list'));
  });

  it('still runs the route rules when only a landing title is broken (the title is not part of the route table)', () => {
    expect(run('landing-title-not-string', allRules)).toEqual(expected('landing-title-not-string'));
  });

  it('turns an exception inside a rule into one message that names the file and calls it a bug', () => {
    const broken: Rule = {
      name: 'throws',
      description: 'a rule with a bug in it',
      needs: [],
      check: () => {
        throw new TypeError('x is not a function');
      },
    };
    const problems = run('duplicate-route', [broken]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'site.config.json', line: 1, pointer: '' });
    expect(problems[0]!.message).toMatch(/rule "throws".*bug in the validator.*x is not a function/);
  });
});
