import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { playwrightTimes, timeReport, vitestTimes, type StageTime, type TestTime } from './test-summary.ts';

/**
 * `npm test`: the steps below in order, each stage its own npm script, stopping after the first step in which a stage
 * fails, with that stage's exit code. The checks that read the sources and nothing else (validate, audit, lint,
 * typecheck) run side by side: each is one process on one core. It ends with the time of each stage and the slowest
 * tests of each runner, from their JSON reports, so a stage or a test that grows shows in every run.
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

/** A stage, or stages that run at the same time, their output printed whole, one after the other, as each ends. */
type Step = Stage | Stage[];

const STEPS: Step[] = [
  // ESLint (the longest) on one core; the type check, then Prettier and the rest, share the other
  [{ script: 'validate' }, { script: 'audit:deps' }, { script: 'lint:code' }, { script: 'lint:format' }, { script: 'typecheck' }],
  // on the command line, not in the config: a Vitest that a test starts in a copy of the project writes no report here
  { script: 'test:unit', args: ['--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`] },
  { script: 'build' },
  { script: 'test:html' },
  // playwright.config.ts adds its JSON reporter beside the list when this names a file
  { script: 'test:e2e', env: { E2E_JSON_REPORT: e2eReport } },
];

/**
 * Runs one npm script, with the terminal as its own or, beside other stages, with its output kept and printed
 * whole when it ends so that no two stages' lines mix; a signal to this process is passed on.
 */
function run(stage: Stage, alone = true): Promise<number> {
  const args = ['run', stage.script, ...(stage.args ? ['--', ...stage.args] : [])];
  const child = spawn('npm', args, { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...stage.env } });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  return new Promise((done) => {
    child.on('error', (error) => {
      console.error(`npm test: could not start npm run ${stage.script}: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      if (!alone) process.stdout.write(Buffer.concat(output));
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

const stages = STEPS.flat();
const times: StageTime[] = stages.map((stage) => ({ name: stage.script, ms: 0 }));

/** Runs a stage and notes its time and exit code in `times`. */
async function timed(stage: Stage, alone: boolean): Promise<number> {
  const started = performance.now();
  const code = await run(stage, alone);
  times[stages.indexOf(stage)] = { name: stage.script, ms: performance.now() - started, code };
  return code;
}

const runStarted = performance.now();
let exitCode = 0;
for (const step of STEPS) {
  const codes = Array.isArray(step) ? await Promise.all(step.map((stage) => timed(stage, false))) : [await timed(step, true)];
  exitCode = codes.find((code) => code !== 0) ?? 0;
  if (exitCode !== 0) break;
}
const slowTests = [
  { title: 'unit tests (Vitest)', times: testTimes(unitReport, (report) => vitestTimes(report, root)) },
  { title: 'browser tests (Playwright)', times: testTimes(e2eReport, (report) => playwrightTimes(report, root)) },
];
console.log(timeReport(times, slowTests, performance.now() - runStarted));
if (exitCode !== 0) console.log(`\nnpm test: npm run ${times.find((t) => t.code)?.name} failed with exit code ${exitCode}`);
rmSync(reports, { recursive: true, force: true });
process.exit(exitCode);
