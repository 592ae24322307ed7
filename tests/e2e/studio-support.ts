import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySite, startDevServer, type DevServer } from '../../scripts/test-support/dev-server.ts';
import { axeViolations, wcagAxe } from './axe.ts';

/**
 * What the studio's browser tests share: a fixture site copied into a git work tree of its own (optionally pushing
 * to a bare repository beside it), `npm run dev` on it, and the ways to read what the studio wrote (the files and
 * `git diff`) and to find its fields (by the JSON pointer of their value, which no label catalog changes).
 */
export interface StudioSite {
  /** the copy's folder */
  readonly site: string;
  /** the bare repository it pushes to (with `remote`) */
  readonly remote: string;
  readonly port: number;
  /** the studio's address */
  readonly studio: string;
  git: (...args: string[]) => string;
  file: (path: string) => string;
  /** the changed lines of one file's diff: + and - lines without the headers */
  changed: (path: string) => string[];
  /** back to the committed site (after each test of a group that starts from it) */
  reset: () => void;
}

export interface StudioSiteOptions {
  /** a folder of tests/fixtures */
  fixture: string;
  /** the temporary folder's prefix */
  prefix: string;
  port: number;
  /** a git work tree (the default), and one that pushes to a bare repository (Publish sends there) */
  git?: boolean;
  remote?: boolean;
  /** the dev server's environment beside this process's own */
  env?: NodeJS.ProcessEnv;
  /** changes the copy before it is committed (a page more, a link more) */
  prepare?: (site: string) => void;
}

/** The site and its dev server, made before the group's tests and gone after them. */
export function studioSite(options: StudioSiteOptions): StudioSite {
  let site = '';
  let remote = '';
  let server: DevServer | undefined;
  const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args], { encoding: 'utf8' });
  test.beforeAll(async () => {
    site = copySite(options.prefix, join(process.cwd(), 'tests/fixtures', options.fixture));
    options.prepare?.(site);
    let env = options.env ? { ...process.env, ...options.env } : undefined;
    if (options.git !== false) {
      git('init', '-q', '-b', 'main');
      git('add', '-A');
      git('-c', 'user.email=dev@test', '-c', 'user.name=Developer', 'commit', '-qm', 'site');
    }
    if (options.remote) {
      remote = mkdtempSync(join(tmpdir(), 'studio-remote-'));
      execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
      git('remote', 'add', 'origin', remote);
      git('push', '-q', 'origin', 'main');
      env = {
        ...process.env,
        STUDIO_PUSH_REMOTE: 'origin',
        STUDIO_PUSH_BRANCH: 'main',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        ...options.env,
      };
    }
    server = await startDevServer(site, options.port, 20_000, env ? { env } : {});
  });
  // a test that failed says what the dev server printed meanwhile: a render that waited or failed shows there
  test.afterEach(() => {
    const testInfo = test.info();
    if (server && testInfo.status !== testInfo.expectedStatus) console.error(`the dev server on port ${options.port} said:\n${server.output().slice(-3000)}`);
  });
  test.afterAll(async () => {
    // gone before the next run of this group in the same worker starts its server on the same port
    await server?.stop();
    for (const made of [site, remote]) if (made) rmSync(made, { recursive: true, force: true });
  });
  return {
    get site() {
      return site;
    },
    get remote() {
      return remote;
    },
    port: options.port,
    studio: `http://127.0.0.1:${options.port}/__studio`,
    git,
    file: (path) => readFileSync(join(site, path), 'utf8'),
    changed: (path) =>
      git('diff', '--no-color', '-U0', '--', path)
        .split('\n')
        .filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l)),
    reset: () => {
      git('checkout', '-q', '--', '.');
      git('clean', '-qfd', 'content', 'public');
    },
  };
}

/** The field (input, choice, switch) of the value at a JSON pointer in the open file's form. */
export const field = (page: Page, pointer: string): Locator => page.locator(`.editor [data-pointer="${pointer}"]`).first();

/** A site file in the studio's file list, by its path. */
export const fileButton = (page: Page, path: string): Locator => page.locator(`.files [data-file="${path}"]`);

/** Opens the studio, and in it a site file. */
export async function openStudio(page: Page, site: StudioSite, path = 'content/pages/home.json') {
  await page.goto(site.studio);
  await fileButton(page, path).click();
  await expect(fileButton(page, path)).toHaveAttribute('aria-current', 'page');
}

/** A block of the open page in the block list, by its place. */
export const blockItem = (page: Page, index: number): Locator => page.locator(`.block-list > li[data-block-index="${index}"]`);

/** axe on the studio (the previews are the site's own pages, tested elsewhere). */
export async function expectAccessible(page: Page, include?: string) {
  const builder = wcagAxe(page).exclude('iframe');
  expect(await axeViolations(include ? builder.include(include) : builder)).toEqual([]);
}

/** The studio's desktop preview frame. */
export const desktopPreview = (page: Page) => page.frameLocator('.side iframe').first();

/**
 * The Dutch fixture site with two more things for the page actions: an "Over ons" page at /over-ons (nothing links to
 * it), and a button on the home page to a place on the contact page (/contact#formulier). A `prepare` of studioSite.
 */
export function addAboutPage(site: string) {
  const about = {
    $schema: '../../schemas/page.schema.json',
    title: 'Over ons',
    description: 'Wie wij zijn.',
    blocks: [{ type: 'hero', variant: 'page', headline: 'Over ons' }],
  };
  writeFileSync(join(site, 'content/pages/over-ons.json'), `${JSON.stringify(about, null, 2)}\n`);
  const config = readFileSync(join(site, 'site.config.json'), 'utf8');
  writeFileSync(
    join(site, 'site.config.json'),
    config.replace('"page": "contact"\n    }', '"page": "contact"\n    },\n    {\n      "path": "/over-ons",\n      "page": "over-ons"\n    }'),
  );
  const home = readFileSync(join(site, 'content/pages/home.json'), 'utf8');
  writeFileSync(
    join(site, 'content/pages/home.json'),
    home.replace('"to": "/seo-den-haag" }', '"to": "/seo-den-haag" }, { "label": "Schrijf ons", "to": "/contact#formulier" }'),
  );
}

/** Every link of the config's and the pages' of addAboutPage to a route (anchors aside), as written: "file route". */
export function linksTo(site: StudioSite, route: string): string[] {
  return ['site.config.json', 'content/pages/home.json', 'content/pages/contact.json', 'content/pages/over-ons.json']
    .filter((path) => existsSync(join(site.site, path)))
    .flatMap((path) => [...site.file(path).matchAll(/"(?:to|redirectTo)": "([^"]*)"/g)].map((m) => `${path} ${m[1]}`))
    .filter((link) => link.split(' ')[1]!.replace(/#.*$/, '') === route);
}

/**
 * Waits until the dev server renders the page at `path` with `text` on it: after a git restore, which it sees file by
 * file a moment later, the next test starts on the committed site and not on a preview reloading mid-restore.
 */
export async function servesAgain(site: StudioSite, path: string, text: string) {
  const shows = async () => {
    const answer = await fetch(`http://127.0.0.1:${site.port}${path}`);
    return answer.status === 200 && (await answer.text()).includes(text);
  };
  // the first render after a restore loads the site's modules again: on a busy machine that takes seconds
  await expect.poll(shows, { timeout: 30_000 }).toBe(true);
}

/**
 * Every property name of every schema: what the studio must never show as it is; with `blockTypes`, every string
 * `const` too (the block types' names).
 */
export function schemaKeys({ blockTypes = false } = {}): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) for (const name of Object.keys(value)) keys.add(name);
      if (blockTypes && key === 'const' && typeof value === 'string') keys.add(value);
      walk(value);
    }
  };
  const dir = join(process.cwd(), 'schemas');
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    if (entry.endsWith('.json')) walk(JSON.parse(readFileSync(join(dir, entry), 'utf8')));
  keys.delete('$schema');
  return keys;
}
