import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseFor, checkResult, fixtureFiles, validateCase } from './testing/mutations.ts';

const RUNS = 1000;
const contentFiles = [...fixtureFiles.keys()].filter((f) => f.startsWith('content/'));

describe('validator on mutated pages, collections and forms', () => {
  it(`returns problems and never throws (${RUNS} generated cases; the seed is printed on failure)`, () => {
    let ran = 0;
    fc.assert(
      fc.property(caseFor(contentFiles), (c) => {
        ran++;
        checkResult(validateCase(c));
      }),
      { numRuns: RUNS },
    );
    expect(ran).toBe(RUNS);
  }, 120_000);
});
