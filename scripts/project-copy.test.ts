import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';

/**
 * The bundled commands on two projects that share one install, as a second site beside the first or a copy made
 * with `cp -r` (its node_modules a link to the first's): each command acts on the project it is run in. The
 * projects are this engine with the base fixture site; the copy's site is broken, then renamed.
 */
const fixture = join(paths.root, 'tests/fixtures/base');
const SITE_FILES = ['site.config.json', 'content', 'public'];
let parent: string;
let original: string;
let copy: string;

/** `npm run <script>` in a project, with none of this process's site or build settings. */
function npmRun(project: string, script: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_QUIET: '1' };
  for (const name of ['SITE_ROOT', 'SITE_OUT', 'DIST_DIR', 'DATA_DIR', 'PORT']) delete env[name];
  return spawnSync('npm', ['run', '--silent', script], { cwd: project, env, encoding: 'utf8', timeout: 240_000 });
}

const homeTitle = (project: string) => (JSON.parse(readFileSync(join(project, 'content/pages/home.json'), 'utf8')) as { title: string }).title;

function setHomeTitle(project: string, title: string) {
  const file = join(project, 'content/pages/home.json');
  writeFileSync(file, `${JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), title }, null, 2)}\n`);
}

const builtFolders = (project: string) => ['dist', 'dist-builds', 'dist-server'].filter((name) => existsSync(join(project, name)));

beforeAll(() => {
  parent = realpathSync(mkdtempSync(join(tmpdir(), 'project-copy-')));
  original = join(parent, 'site');
  copy = join(parent, 'site2');
  // the engine as git has it, the fixture's site files, and the install shared through a link
  const engine = execFileSync('git', ['ls-files', '-z'], { cwd: paths.root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !SITE_FILES.some((name) => file === name || file.startsWith(`${name}/`)));
  for (const file of engine) {
    mkdirSync(dirname(join(original, file)), { recursive: true });
    cpSync(join(paths.root, file), join(original, file));
  }
  for (const name of SITE_FILES) cpSync(join(fixture, name), join(original, name), { recursive: true });
  symlinkSync(join(paths.root, 'node_modules'), join(original, 'node_modules'));
  setHomeTitle(original, 'Het origineel');
  // the original has run its commands once, so the shared cache holds its bundles
  expect(npmRun(original, 'validate').status).toBe(0);
  execFileSync('cp', ['-r', original, copy]);
  expect(lstatSync(join(copy, 'node_modules')).isSymbolicLink()).toBe(true);
}, 300_000);

afterAll(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('a copy of the project with its install', () => {
  it('validates its own config: a break in the copy fails there and not in the original', () => {
    writeFileSync(join(copy, 'site.config.json'), readFileSync(join(copy, 'site.config.json'), 'utf8').replace('"brand"', '"brnad"'));
    const broken = npmRun(copy, 'validate');
    expect(broken.status).toBe(1);
    expect(`${broken.stdout}${broken.stderr}`).toContain('brnad');
    expect(npmRun(original, 'validate').status).toBe(0);
    cpSync(join(original, 'site.config.json'), join(copy, 'site.config.json'));
    expect(npmRun(copy, 'validate').status).toBe(0);
  }, 120_000);

  it("builds its own site into its own folders, and the original's npm start serves the original's build", async () => {
    setHomeTitle(copy, 'De kopie');
    const built = npmRun(copy, 'build');
    expect(built.stderr).not.toMatch(/error/i);
    expect(built.status).toBe(0);
    expect(builtFolders(original)).toEqual([]);
    expect(readFileSync(join(copy, 'dist/index.html'), 'utf8')).toContain('De kopie');
    const copyLive = readlinkSync(join(copy, 'dist'));

    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', BUILD_QUIET: '1' };
    for (const name of ['SITE_ROOT', 'SITE_OUT', 'DIST_DIR', 'DATA_DIR']) delete env[name];
    const start = spawn('npm', ['start'], { cwd: original, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    start.stdout.on('data', (d: Buffer) => (output += d.toString()));
    start.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      let port: string | undefined;
      for (let waited = 0; !port && waited < 180_000 && start.exitCode === null; waited += 200) {
        port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
        if (!port) await sleep(200);
      }
      expect(port, output).toBeDefined();
      const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(page).toContain(homeTitle(original));
      expect(page).not.toContain('De kopie');
    } finally {
      start.kill('SIGTERM');
      await new Promise((done) => (start.exitCode === null ? start.once('exit', done) : done(null)));
    }
    expect(builtFolders(original)).toEqual(['dist', 'dist-builds', 'dist-server']);
    // the copy's live build is the one it made
    expect(readlinkSync(join(copy, 'dist'))).toBe(copyLive);
    expect(readFileSync(join(copy, 'dist/index.html'), 'utf8')).toContain('De kopie');
  }, 300_000);
});
