import { describe, expect, it } from 'vitest';
import { countTests, playwrightTimes, slowest, summaryLine, timeReport, vitestTimes } from './test-summary.ts';

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

describe('the times of npm test', () => {
  const vitest = {
    testResults: [
      {
        name: '/repo/scripts/a.test.ts',
        assertionResults: [
          { fullName: 'a builds', title: 'builds', duration: 1500 },
          { fullName: 'a skips', title: 'skips', duration: null },
        ],
      },
      { name: '/repo/src/b.test.ts', assertionResults: [{ fullName: 'b renders', title: 'renders', duration: 20 }] },
    ],
  };
  const playwright = {
    config: { rootDir: '/repo/tests/e2e' },
    suites: [
      {
        title: 'routes.spec.ts',
        specs: [{ title: 'top', file: 'routes.spec.ts', line: 3, tests: [{ projectName: 'phone', results: [{ duration: 300 }] }] }],
        suites: [
          {
            title: 'every route',
            specs: [
              {
                title: '/ hydrates',
                file: 'routes.spec.ts',
                line: 20,
                tests: [
                  { projectName: 'desktop', results: [{ duration: 4000 }] },
                  { projectName: 'phone', results: [{ duration: 2000 }, { duration: 2500 }] },
                ],
              },
            ],
          },
        ],
      },
    ],
  };

  it("reads each test's time from Vitest's and Playwright's JSON reports", () => {
    expect(vitestTimes(vitest, '/repo')).toEqual([
      { name: 'scripts/a.test.ts › a builds', ms: 1500 },
      { name: 'scripts/a.test.ts › a skips', ms: 0 },
      { name: 'src/b.test.ts › b renders', ms: 20 },
    ]);
    expect(playwrightTimes(playwright, '/repo')).toEqual([
      { name: '[phone] tests/e2e/routes.spec.ts:3 › top', ms: 300 },
      { name: '[desktop] tests/e2e/routes.spec.ts:20 › every route › / hydrates', ms: 4000 },
      { name: '[phone] tests/e2e/routes.spec.ts:20 › every route › / hydrates', ms: 4500 },
    ]);
    expect(vitestTimes({}, '/repo')).toEqual([]);
    expect(slowest(playwrightTimes(playwright, '/repo'), 2).map((t) => t.ms)).toEqual([4500, 4000]);
  });

  it('reports stage times and the slowest tests in lines that countTests passes over', () => {
    const report = timeReport(
      [
        { name: 'lint', ms: 12_300, code: 0 },
        { name: 'test:unit', ms: 65_000, code: 1 },
        { name: 'build', ms: 0 },
      ],
      [
        { title: 'unit tests (Vitest)', times: vitestTimes(vitest, '/repo') },
        { title: 'browser tests (Playwright)', times: [] },
      ],
    );
    expect(report).toMatch(/^ {2}lint +12\.3 s {2}ok$/m);
    expect(report).toMatch(/^ {2}test:unit +65\.0 s {2}exit code 1$/m);
    expect(report).toMatch(/^ {2}build +0\.0 s {2}not run$/m);
    expect(report).toMatch(/^ {2}total +77\.3 s$/m);
    expect(report).toMatch(/^the 3 slowest unit tests \(Vitest\):\n +1\.5 s {2}scripts\/a\.test\.ts › a builds$/m);
    expect(report).not.toContain('browser tests');
    const log = ['      Tests  2 passed (2)', report, '  3 passed (1.2m)'].join('\n');
    expect(countTests(log)).toEqual({ passed: 5, failed: 0, skipped: 0 });
  });

  it('gives the time on the clock as the total when stages ran side by side', () => {
    const stages = [
      { name: 'lint', ms: 90_000, code: 0 },
      { name: 'typecheck', ms: 30_000, code: 0 },
    ];
    expect(timeReport(stages, [], 91_500)).toMatch(/^ {2}total +91\.5 s$/m);
  });
});
