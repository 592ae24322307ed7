import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { playwrightTimes, timeReport, vitestTimes, type StageTime, type TestTime } from './test-summary.ts';

/**
 * `npm test`: the stages below in order, each its own npm script, stopping at the first that fails with its exit
 * code. It ends with the time of each stage and the slowest tests of each runner, from their JSON reports, so a
 * stage or a test that grows shows in every run.
 */
const root = resolve(import.meta.dirname, '../..');
const reports = mkdtempSync(join(tmpdir(), 'npm-test-times-'));
const unitReport = join(reports, 'unit.json');
const e2eReport = join(reports, 'e2e.json');

interface Stage {
  script: string;
  /** arguments after `--`, passed to the runner */
  args?: string[];
  env?: NodeJS.ProcessEnv;
}

const STAGES: Stage[] = [
  { script: 'validate' },
  { script: 'audit:deps' },
  { script: 'lint' },
  { script: 'typecheck' },
  // on the command line, not in the config: a Vitest that a test starts in a copy of the project writes no report here
  { script: 'test:unit', args: ['--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`] },
  { script: 'build' },
  { script: 'test:html' },
  // playwright.config.ts adds its JSON reporter beside the list when this names a file
  { script: 'test:e2e', env: { E2E_JSON_REPORT: e2eReport } },
];

/** Runs one npm script with the terminal as its own; a signal to this process is passed on. */
function run(stage: Stage): Promise<number> {
  const args = ['run', stage.script, ...(stage.args ? ['--', ...stage.args] : [])];
  const child = spawn('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...stage.env } });
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  return new Promise((done) => {
    child.on('error', (error) => {
      console.error(`npm test: could not start npm run ${stage.script}: ${error.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      done(code ?? (signal ? 128 + signalNumber(signal) : 1));
    });
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal as string] ?? 0;
}

/** A runner's report, when it wrote one: a run stopped early, or a runner that did not start, has none. */
function testTimes(file: string, read: (report: unknown) => TestTime[]): TestTime[] {
  if (!existsSync(file)) return [];
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    console.error(`npm test: ${file} is not a report that can be read (${(error as Error).message})`);
    return [];
  }
}

const times: StageTime[] = STAGES.map((stage) => ({ name: stage.script, ms: 0 }));
let exitCode = 0;
for (const [index, stage] of STAGES.entries()) {
  const started = performance.now();
  const code = await run(stage);
  times[index] = { name: stage.script, ms: performance.now() - started, code };
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
const slowTests = [
  { title: 'unit tests (Vitest)', times: testTimes(unitReport, (report) => vitestTimes(report, root)) },
  { title: 'browser tests (Playwright)', times: testTimes(e2eReport, (report) => playwrightTimes(report, root)) },
];
console.log(timeReport(times, slowTests));
if (exitCode !== 0) console.log(`\nnpm test: npm run ${times.find((t) => t.code)?.name} failed with exit code ${exitCode}`);
rmSync(reports, { recursive: true, force: true });
process.exit(exitCode);
