import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { siteWithCopiedCity } from '../../core/seo/testing/copied-city.ts';
import { caseFor, fixtureFiles, fixtureRoot, mutate } from '../../core/validate/testing/mutations.ts';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A site root with this site.config.json text and the English fixture's content and public folders. */
function siteWith(configText: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'validator-cli-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'site.config.json'), configText);
  symlinkSync(join(fixtureRoot, 'content'), join(dir, 'content'));
  symlinkSync(join(fixtureRoot, 'public'), join(dir, 'public'));
  return dir;
}

async function validate(args: string[], env: Record<string, string | undefined> = {}) {
  // no GITHUB_ACTIONS from the environment the tests run in (CI sets it)
  const { GITHUB_ACTIONS: _ci, ...base } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/cli/validate-config.ts', ...args], {
      cwd: paths.root,
      env: { ...base, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

// the edits reach into the config freely: a loose type on purpose, these are tests of broken data
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
const edited = (edit: (site: Loose) => unknown) => {
  const site = JSON.parse(fixtureFiles.get('site.config.json')!) as Loose;
  edit(site);
  return JSON.stringify(site, null, 2);
};

const STACK = /^\s+at .+\(.+:\d+:\d+\)$|^\s+at .+:\d+:\d+$/m;
const LINE = /^site\.config\.json:[1-9]\d*:[1-9]\d* {2}\/\S* {2}.+$/;

// each case starts Node with tsx (about a second), several at a time
describe('npm run validate (the real process)', { timeout: 60_000 }, () => {
  const handWritten: [string, string][] = [
    ['a landing service title of 42', edited((s) => (s.landing.services[0].title = 42))],
    ['a landing service without a title', edited((s) => delete s.landing.services[0].title)],
    ['a config that is an array', '[1, 2, 3]'],
    ['landing services that are a string', edited((s) => (s.landing.services = 'webdesign'))],
    ['a 100 kB right-to-left key', edited((s) => (s[`\u202E${'x'.repeat(100_000)}`] = '\uD800'))],
  ];
  // and a few the generator makes, fixed by a seed so a failure can be rerun
  const generated = fc
    .sample(caseFor(['site.config.json']), { seed: 10, numRuns: 3 })
    .map((c, i): [string, string] => [`generated case ${i} (seed 10)`, mutate(c).get('site.config.json')!]);

  it.concurrent.each([...handWritten, ...generated])('%s: exit 1, file:line:column lines, no stack trace', async (_name, text) => {
    const { code, stdout, stderr } = await validate([siteWith(text)]);
    expect(`${stdout}${stderr}`).not.toMatch(STACK);
    // a generated mutation can happen to leave the file valid
    if (code === 0) return expect(stdout).toMatch(/^config valid/);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ problems? in \d+ files?$/);
    for (const line of lines.slice(0, -2)) expect(line).toMatch(LINE);
  });

  it.concurrent('--format json prints the problems as JSON, and under GitHub Actions as annotations too', async () => {
    const root = siteWith(edited((s) => (s.landing.services[0].title = 42)));
    const json = await validate([root, '--format', 'json']);
    expect(json.code).toBe(1);
    // the stable code and its values beside the message, for a tool to key on
    expect(JSON.parse(json.stdout)).toEqual([
      {
        file: 'site.config.json',
        line: expect.any(Number),
        column: 9,
        pointer: '/landing/services/0/title',
        code: 'schema-type',
        message: 'expected string, found number 42',
        params: { types: ['string'], found: { kind: 'number', value: 42 } },
      },
    ]);

    const ci = await validate(['--format=json', root], { GITHUB_ACTIONS: 'true' });
    const annotations = ci.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(annotations).toHaveLength(1);
    // the path is relative to the checkout (the working directory), where GitHub looks for it
    const file = relative(paths.root, join(root, 'site.config.json'));
    expect(annotations[0]).toBe(
      `::error file=${file},line=${json.stdout.match(/"line": (\d+)/)![1]},col=9,title=Invalid site config /landing/services/0/title::/landing/services/0/title  expected string, found number 42`,
    );
  });

  it.concurrent('exits 0 on a valid site, with its landing page count and an empty JSON list', async () => {
    const text = await validate([fixtureRoot]);
    expect(text.code).toBe(0);
    // three cities x two landing services
    expect(text.stdout).toMatch(/^config valid: .* \(6 landing pages\)/);
    const json = await validate([fixtureRoot, '--format', 'json'], { GITHUB_ACTIONS: 'true' });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it.concurrent('rejects an unknown format with a usage line', async () => {
    const { code, stderr } = await validate(['--format', 'xml']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--format must be text or json/);
  });
});

describe('npm run validate: the landing pages guard', { timeout: 60_000 }, () => {
  const contentFixture = join(paths.root, 'tests/fixtures/content-landing');

  function withCopiedCity(): string {
    const dir = siteWithCopiedCity();
    dirs.push(dir);
    return dir;
  }

  it.concurrent('--seo prints the figures of the matrix and calls redirecting pages doorway pages', async () => {
    const { code, stdout, stderr } = await validate([contentFixture, '--seo']);
    expect(code).toBe(0);
    expect(stderr).not.toContain('warning');
    expect(stdout).toMatch(/content landing pages\n {2}pages: 6, \d+ to \d+ words each\n {2}similarity to the closest sibling: median \d+%, worst \d+% \(/);
    expect(stdout).toMatch(/thinnest page: \/[a-z-]+, \d+ words of its own of \d+/);
    expect(stdout).toContain("these 3 pages are doorway pages by Google's definition");
  });

  it.concurrent('warns at the city to fix, naming both pages; --seo-strict makes it an error', async () => {
    const root = withCopiedCity();
    const warned = await validate([root]);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(
      /^content\/collections\/cities\.json:\d+:5 {2}\/items\/1 {2}warning: \/web-design-bath shares \d+% of its phrases with \/web-design-bristol \(at most 60%\)/m,
    );
    expect(warned.stderr).toMatch(/\d+ warnings in 1 file/);
    const strict = await validate([root, '--seo-strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/cities\.json:\d+:5 {2}\/items\/1 {2}\/web-design-bath shares/);
  });
});
