import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseFor, checkResult, validateCase, validateEdited } from './testing/mutations.ts';

// The cases are split over two test files so vitest runs them in parallel; together they are well over 2,000.
const RUNS = 1200;

type Landing = { landing: { services: Record<string, unknown>[] } };
const service = (data: Record<string, unknown>) => (data as Landing).landing.services[0]!;

describe('validator on a mutated site.config.json', () => {
  // found by hand first, then by the property below: the landing matrix was filled in before its schema was checked
  it('reports a landing service title of 42 where it is, instead of "template.replace is not a function"', () => {
    const result = validateEdited('site.config.json', (d) => (service(d).title = 42));
    expect(result.problems.map((p) => [p.pointer, p.message])).toEqual([['/landing/services/0/title', 'expected string, found number 42']]);
  });

  it('reports a deleted landing service title as a missing key', () => {
    const result = validateEdited('site.config.json', (d) => delete service(d).title);
    expect(result.problems.map((p) => [p.pointer, p.message])).toEqual([['/landing/services/0', 'missing required key "title"']]);
  });

  it(`returns problems and never throws (${RUNS} generated cases; the seed is printed on failure)`, () => {
    let ran = 0;
    fc.assert(
      fc.property(caseFor(['site.config.json']), (c) => {
        ran++;
        checkResult(validateCase(c));
      }),
      { numRuns: RUNS },
    );
    expect(ran).toBe(RUNS);
  }, 120_000);
});
