import { describe, expect, it } from 'vitest';
import { countTests, summaryLine } from './test-summary.ts';

describe('countTests', () => {
  it('adds up Vitest and Playwright closing lines, colours and all', () => {
    const log = [
      '\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[32m52 passed\u001b[39m\u001b[22m\u001b[90m (52)\u001b[39m',
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m2 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m487 passed\u001b[39m\u001b[22m\u001b[90m (489)\u001b[39m',
      '  ✓  281 [phone] › tests/e2e/server-forms.spec.ts:118:3 › 3 passed earlier',
      '  1 failed',
      '    [desktop] › tests/e2e/islands.spec.ts:47:1 › something',
      '  1 flaky',
      '  279 passed (9.5m)',
    ].join('\n');
    expect(countTests(log)).toEqual({ passed: 487 + 1 + 279, failed: 3, skipped: 0 });
  });

  it('says so when nothing ran', () => {
    expect(summaryLine(countTests('npm ERR! missing script: test'))).toBe('0 passed, 0 failed');
    expect(summaryLine({ passed: 5, failed: 0, skipped: 2 })).toBe('5 passed, 0 failed, 2 skipped');
  });
});
