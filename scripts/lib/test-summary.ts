/** ANSI colour codes, which the runners print when they think a terminal is watching. */
// eslint-disable-next-line no-control-regex -- the escape character is exactly what is stripped
const ANSI = /\u001b\[[0-9;]*m/g;

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * The test counts of a whole `npm test` log: Vitest's "Tests  2 failed | 487 passed (489)" lines and
 * Playwright's closing "281 passed (9.5m)", "3 failed", "1 flaky", "2 skipped" lines, added up.
 */
export function countTests(log: string): TestCounts {
  const counts: TestCounts = { passed: 0, failed: 0, skipped: 0 };
  const add = (kind: string, n: number) => {
    if (kind === 'passed' || kind === 'flaky') counts.passed += n;
    else if (kind === 'failed') counts.failed += n;
    else if (kind === 'skipped' || kind === 'todo') counts.skipped += n;
  };
  for (const raw of log.split('\n')) {
    const line = raw.replace(ANSI, '').trim();
    const vitest = /^Tests\s+(.*)\(\d+\)$/.exec(line);
    if (vitest) {
      for (const m of vitest[1]!.matchAll(/(\d+) (passed|failed|skipped|todo)/g)) add(m[2]!, Number(m[1]));
      continue;
    }
    const playwright = /^(\d+) (passed|failed|flaky|skipped)(?: \([\d.]+m?s?\))?$/.exec(line);
    if (playwright) add(playwright[2]!, Number(playwright[1]));
  }
  return counts;
}

/** The closing line CI reads, plain and alone: "N passed, N failed" (with ", N skipped" when any were). */
export function summaryLine({ passed, failed, skipped }: TestCounts): string {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
