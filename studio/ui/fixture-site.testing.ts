import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { paths } from '../../core/paths.ts';
import { expandLanding } from '../../core/site/resolve.ts';
import type { SiteConfig } from '../../core/site/schema-types.ts';
import { memoryFiles } from '../../core/validate/memory-files.ts';
import { loadSchemaSet } from '../../core/validate/schemas.ts';
import { siteFiles, type SiteFiles } from '../../core/validate/site-files.ts';
import { validateSite, type Problem } from '../../core/validate/validate.ts';
import type { NewValueOptions } from './form/first-values.ts';
import type { SchemaFiles } from './form/schema.ts';

/**
 * A fixture site of tests/fixtures read once, for the studio's unit tests: its files' texts, what the studio
 * knows of it (language, files under public/, files, routes), and the real validator run over it with one file
 * changed in memory (nothing is written).
 */
export interface Fixture {
  root: string;
  disk: SiteFiles;
  texts: Map<string, string>;
  /** what the studio passes to a new value: the site's language, its files under public/, its files and routes */
  ctx: Required<Pick<NewValueOptions, 'lang' | 'assets' | 'paths' | 'routes'>>;
  /** the kinds of the collections it has */
  kinds: Set<string>;
}

export const schemaSet = loadSchemaSet(paths.schemas);
export const schemas = Object.fromEntries(schemaSet.byPath) as SchemaFiles;

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

/** The routes of a config: its pages' and its landing pages'. */
export function routesOf(config: Pick<SiteConfig, 'routes' | 'landing'>): string[] {
  return [...config.routes.map((r) => r.path), ...expandLanding(config.landing).map((l) => l.path)];
}

export function loadFixture(name: string): Fixture {
  const root = join(paths.root, 'tests/fixtures', name);
  const disk = siteFiles([root]);
  const files = ['site.config.json', ...['pages', 'collections', 'forms'].flatMap((dir) => disk.list(`content/${dir}`))];
  const texts = new Map(files.map((f) => [f, disk.read(f)!]));
  const config = JSON.parse(texts.get('site.config.json')!) as SiteConfig;
  const assets = walk(join(root, 'public')).map((f) => `/${relative(join(root, 'public'), f).split(sep).join('/')}`);
  const kinds = new Set(files.filter((f) => f.startsWith('content/collections/')).map((f) => String((JSON.parse(texts.get(f)!) as { kind?: unknown }).kind)));
  return { root, disk, texts, ctx: { lang: config.lang, assets, paths: files, routes: routesOf(config) }, kinds };
}

/** The validator's problems with one file's text (or its data, written as JSON) in place of the fixture's. */
export function problemsWith(fixture: Fixture, file: string, content: unknown): Problem[] {
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  const texts = new Map(fixture.texts).set(file, text);
  return validateSite({ roots: [fixture.root], schemaDir: paths.schemas, schemas: schemaSet, files: memoryFiles(texts, fixture.disk) }).problems;
}

/** A fixture file's data, parsed anew (the test may change it). */
export const dataOf = <T = Record<string, unknown>>(fixture: Fixture, file: string) => JSON.parse(fixture.texts.get(file)!) as T;
