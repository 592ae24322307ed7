import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { parseJson } from '../../core/edit/json-edit.ts';
import { RecentTexts } from '../../core/edit/rebase.ts';
import { guardLanding, locatedWarnings } from '../../core/seo/guard.ts';
import { expandHubs, expandLanding } from '../../core/site/resolve.ts';
import type { SiteConfig } from '../../core/site/schema-types.ts';
import { loadSchemaSet, type SchemaSet } from '../../core/validate/schemas.ts';
import type { SiteFiles as ValidatedFiles } from '../../core/validate/site-files.ts';
import { checkedFiles, validateSite, type Problem, type ValidationResult } from '../../core/validate/validate.ts';
import { CONFIG_FILE, DATA_PATHS, PUBLIC_DIR } from '../../core/site/layout.ts';
import type { SiteFile, StudioState } from '../../core/studio/contract.ts';
import { prettierLayout, warmPrettier } from './layout.ts';
import { RefusedPathError, SiteFiles, unlinkedPath } from './site-files.ts';

const run = promisify(execFile);

/** The routes the site has now: its route table, its landing matrix and its hubs, from the config as it is on disk. */
export function routesOf(configText: string): string[] {
  try {
    const site = JSON.parse(configText) as SiteConfig;
    return [...site.routes.map((r) => r.path), ...expandLanding(site.landing).map((l) => l.path), ...expandHubs(site.landing).map((h) => h.path)];
  } catch {
    return [];
  }
}

/** The files under public/ a field can name (images, sounds), as the site links them; each field keeps those its pattern takes. */
export function assetsOf(siteRoot: string): string[] {
  // a linked public/ is not listed (links inside it are not files here either)
  let dir: string;
  try {
    dir = unlinkedPath(siteRoot, PUBLIC_DIR, 'folder');
  } catch (error) {
    if (error instanceof RefusedPathError) return [];
    throw error;
  }
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
        .sort()
    : [];
}

/** What `git diff` says of the site's files, or undefined when the site is not in a git work tree. */
export async function gitDiff(siteRoot: string): Promise<{ diff: string; untracked: string[] } | undefined> {
  try {
    await run('git', ['-C', siteRoot, 'rev-parse', '--is-inside-work-tree']);
  } catch {
    return undefined;
  }
  const paths = DATA_PATHS;
  const [{ stdout: diff }, { stdout: status }] = await Promise.all([
    run('git', ['-C', siteRoot, 'diff', '--no-color', '--no-ext-diff', '--relative', '--', ...paths], { maxBuffer: 16 * 1024 * 1024 }),
    run('git', ['-C', siteRoot, 'status', '--porcelain', '--untracked-files=all', '--', ...paths]),
  ]);
  const untracked = status
    .split('\n')
    .filter((line) => line.startsWith('?? '))
    .map((line) => line.slice(3));
  return { diff, untracked };
}

/** What the studio's host knows of the site: its validation, kept up to date (the dev server's site plugin has it). */
export interface SiteChecks {
  validation(): ValidationResult;
}

export interface StudioSiteOptions {
  siteRoot: string;
  schemaDir: string;
  /** the host's own validation of the site, kept up to date as files change (the dev server's site plugin), if it has one */
  siteApi: () => SiteChecks | undefined;
}

/** The site as the studio's calls see it: its files, the texts the studio was sent, its problems, routes and assets. */
export interface StudioSite {
  siteRoot: string;
  files: SiteFiles;
  /** the texts the studio was sent, by the hash of each: an edit based on one is moved onto the text now */
  texts: RecentTexts;
  /** a file on its way to the studio: its text is remembered by its hash */
  seen<T extends { hash: string; text: string }>(file: T): T;
  problems(): Problem[];
  /** the same validator's problems in other files than the site's own (a version History would restore) */
  validateFiles(files: ValidatedFiles): Problem[];
  /** the thin and duplicate guard's warnings on the landing pages, at the place to fix each (none while there are problems) */
  warnings(): Problem[];
  routes(): string[];
  assets(): string[];
  /** public/ changed: its files are listed again when next asked for */
  assetsChanged(): void;
  /** everything the studio loads once: the files (each with its parse error), problems, routes, assets, schemas */
  state(): StudioState;
}

/**
 * The landing guard's warnings of the site as validated now (none while it has problems), measured once per version
 * of the files: the site plugin's result is the same object until one changes.
 */
function landingWarnings(validation: () => ValidationResult, files: SiteFiles): () => Problem[] {
  const guarded = new WeakMap<ValidationResult, Problem[]>();
  const read = (file: string) => {
    try {
      return files.read(file).text;
    } catch {
      return undefined;
    }
  };
  return () => {
    const result = validation();
    if (result.problems.length > 0 || !result.site) return [];
    let found = guarded.get(result);
    if (!found) guarded.set(result, (found = locatedWarnings(guardLanding(result.site), result.site, read)));
    return found;
  };
}

export function studioSite({ siteRoot, schemaDir, siteApi }: StudioSiteOptions): StudioSite {
  const files = new SiteFiles(siteRoot, { format: prettierLayout(siteRoot) });
  // edits based on an older text (items another editor inserted meanwhile) keep to the item they were typed into
  const texts = new RecentTexts();
  const seen = <T extends { hash: string; text: string }>(file: T): T => {
    texts.remember(file.hash, file.text);
    return file;
  };
  // loaded on the studio's first call: the plugin is in every Vite config (build, tests), the studio in dev only
  let schemas: SchemaSet | undefined;
  const schemaSet = () => (schemas ??= loadSchemaSet(schemaDir));
  // the site plugin's validation, the one its pages use (validated once per change), when it is there
  // without a host's validation: the studio's own, keeping what it checked (an edit of a page checks that page)
  const checked = checkedFiles();
  const validation = () => siteApi()?.validation() ?? validateSite({ roots: [siteRoot], schemaDir, schemas: schemaSet(), checked });
  const problems = () => validation().problems;
  const warnings = landingWarnings(validation, files);
  // the files of public/, listed again only after one was added or removed (the problems call comes after each edit)
  let assets: string[] | undefined;
  const withParseError = (file: SiteFile) => {
    try {
      parseJson(file.text);
      return file;
    } catch (error) {
      return { ...file, parseError: (error as Error).message };
    }
  };
  let warmed = false;
  const state = (): StudioState => {
    if (!warmed) warmPrettier(siteRoot);
    warmed = true;
    const list = files.list().map((path) => withParseError(seen(files.read(path))));
    const config = list.find((f) => f.path === CONFIG_FILE);
    return {
      files: list,
      problems: problems(),
      warnings: warnings(),
      routes: config ? routesOf(config.text) : [],
      assets: (assets ??= assetsOf(siteRoot)),
      schemas: Object.fromEntries(schemaSet().byPath) as StudioState['schemas'],
      siteRoot,
    };
  };
  return {
    siteRoot,
    files,
    texts,
    seen,
    problems,
    validateFiles: (other) => validateSite({ roots: [siteRoot], files: other, schemaDir, schemas: schemaSet() }).problems,
    warnings,
    routes: () => routesOf(files.read(CONFIG_FILE).text),
    assets: () => (assets ??= assetsOf(siteRoot)),
    assetsChanged: () => (assets = undefined),
    state,
  };
}
