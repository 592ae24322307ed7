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

/** One test and the time it took, as a runner's JSON report gives it. */
export interface TestTime {
  name: string;
  ms: number;
}

interface VitestReport {
  testResults?: { name: string; assertionResults?: { fullName?: string; title: string; duration?: number | null }[] }[];
}

/** Each test of Vitest's JSON report (`--reporter=json`), named by its file (from `root`) and its full title. */
export function vitestTimes(report: unknown, root: string): TestTime[] {
  const files = (report as VitestReport).testResults ?? [];
  return files.flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      name: `${relativeTo(root, file.name)} › ${test.fullName ?? test.title}`,
      ms: test.duration ?? 0,
    })),
  );
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { projectName: string; results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * Each test of Playwright's JSON report, once per project, named as the list reporter names it: "[project] file:line
 * › describe › title", the file from `root`. A retried test counts every attempt, the time it cost the run.
 */
export function playwrightTimes(report: unknown, root: string): TestTime[] {
  const { suites = [], config } = report as { suites?: PlaywrightSuite[]; config?: { rootDir?: string } };
  // the report names each file from the test folder
  const folder = config?.rootDir ? `${relativeTo(root, config.rootDir)}/` : '';
  const times: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const title = [...titles, spec.title].join(' › ');
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        times.push({ name: `[${test.projectName}] ${folder}${spec.file}:${spec.line} › ${title}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // the outermost suites are the files, whose names the specs already carry
  for (const file of suites) walk(file, []);
  return times;
}

/** The `count` slowest, slowest first. */
export function slowest(times: TestTime[], count = 10): TestTime[] {
  return [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** One stage of `npm test`: its npm script, how long it ran, and its exit code (undefined when it did not run). */
export interface StageTime {
  name: string;
  ms: number;
  code?: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

/**
 * The report `npm test` ends with: each stage's time, the whole run's time on the clock (`wallMs`, less than the sum
 * where stages ran side by side) and the slowest tests of each runner. None of its lines reads like a runner's count
 * line, so countTests adds up the same numbers with it as without it.
 */
export function timeReport(stages: StageTime[], slowTests: { title: string; times: TestTime[] }[], wallMs?: number): string {
  const width = Math.max(...stages.map((s) => s.name.length), 'total'.length);
  const lines = ['', 'npm test, the time of each stage:'];
  for (const stage of stages) {
    const outcome = stage.code === undefined ? 'not run' : stage.code === 0 ? 'ok' : `exit code ${stage.code}`;
    lines.push(`  ${stage.name.padEnd(width)} ${seconds(stage.ms)}  ${outcome}`);
  }
  lines.push(`  ${'total'.padEnd(width)} ${seconds(wallMs ?? stages.reduce((sum, s) => sum + s.ms, 0))}`);
  for (const { title, times } of slowTests) {
    if (times.length === 0) continue;
    lines.push('', `the ${Math.min(times.length, 10)} slowest ${title}:`);
    for (const test of slowest(times)) lines.push(`  ${seconds(test.ms)}  ${test.name}`);
  }
  return lines.join('\n');
}

function relativeTo(root: string, file: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return file.startsWith(prefix) ? file.slice(prefix.length) : file;
}
