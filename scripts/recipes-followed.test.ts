import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../core/site/resolve.ts';
import { fileFor } from './lib/page-document.ts';
import { copyEnv, copyProject, followRecipes, npmRun, type Followed, type Json } from './test-support/recipes.ts';

/**
 * A content edit never fails the engine's tests: every recipe of docs/recipes.md followed in a copy of the project,
 * one after the other, as staff follow them in content/ (two cities, a landing service, the content landing service
 * for every town, a page, an FAQ item, a form field, the chat off), laid out as the docs say (`npm run format`).
 * Then, in that copy, what `npm test` runs on the site's files: `npm run validate`, Prettier's check, the build and
 * the HTML check of its pages, and every test that reads the site's own files rather than a fixture.
 *
 * Those tests are SITE_TESTS. Every other test of the engine reads tests/fixtures/ (CONTRIBUTING.md), the browser
 * specs included (they serve a build of tests/fixtures/agency/). Some read the site only through its build, which
 * the build here stands for: server/operations.test.ts (`npm start` builds it), server/production-install.test.ts
 * and scripts/bench/bench-smoke.test.ts (the benchmarks measure the site).
 */
const SITE_TESTS = ['scripts/recipes.test.ts'];

const project = realpathSync(mkdtempSync(join(tmpdir(), 'recipes-followed-')));
const read = (file: string) => readFileSync(join(project, file), 'utf8');
let followed: Followed;

beforeAll(async () => {
  copyProject(project);
  followed = await followRecipes(project);
  const format = npmRun(project, 'format');
  expect(format.status, format.output).toBe(0);
}, 180_000);
afterAll(() => rmSync(project, { recursive: true, force: true }), 60_000);

it('follows every recipe in the copy: the new towns, service, page, question and field are in its files', () => {
  const site = JSON.parse(read('site.config.json')) as Json;
  expect(site.landing.cities).toEqual(expect.arrayContaining(followed.cities));
  expect(site.landing.services.map((s: Json) => s.slug)).toContain(followed.service);
  expect(site.landing.services.find((s: Json) => s.slug === 'seo')).toMatchObject({ kind: 'content' });
  const towns = (JSON.parse(read('content/collections/cities.json')) as Json).items.map((item: Json) => item.city);
  expect(towns).toEqual(site.landing.cities);
  expect(site.routes).toContainEqual({ path: `/${followed.page}`, page: followed.page });
  expect(read(`content/forms/${followed.form}.json`)).toContain(`"${followed.field}"`);
  expect(site.chat?.enabled ?? false).toBe(false);
});

it('npm run validate passes', () => {
  const run = npmRun(project, 'validate');
  expect(run.status, run.output).toBe(0);
}, 120_000);

it("Prettier's check of npm run lint passes on the site's files", () => {
  const run = spawnSync(process.execPath, [join(project, 'node_modules/prettier/bin/prettier.cjs'), '--check', 'site.config.json', 'content'], {
    cwd: project,
    env: copyEnv(),
    encoding: 'utf8',
  });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
}, 120_000);

describe('the build', () => {
  beforeAll(() => {
    const run = npmRun(project, 'build');
    expect(run.status, run.output).toBe(0);
  }, 600_000);

  it('has the pages the recipes made, without the chat', () => {
    const page = (route: string) => read(join('dist', fileFor(route)));
    for (const city of followed.cities) expect(page(`/seo-${slugify(city)}`)).toContain(`Gevonden worden door klanten in ${city}`);
    expect(page(`/${followed.page}`)).toContain('Heldere prijzen');
    expect(page(`/${followed.page}`)).toContain(followed.question);
    expect(existsSync(join(project, 'dist', fileFor(`/${followed.service}-${slugify(followed.cities[0]!)}`)))).toBe(true);
    expect(page('/')).not.toContain('data-island="chat"');
  });

  it('passes npm run test:html', () => {
    const run = npmRun(project, 'test:html');
    expect(run.status, run.output).toBe(0);
  }, 300_000);
});

it('passes, in the copy, every test that reads the site', () => {
  const run = spawnSync(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', ...SITE_TESTS], {
    cwd: project,
    env: copyEnv(),
    encoding: 'utf8',
    timeout: 900_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  for (const file of SITE_TESTS) expect(run.stdout).toContain(file);
}, 900_000);
