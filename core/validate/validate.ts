import { parseJsonSource, locate, type JsonSource } from './source-map.ts';
import { loadSchemaSet, type SchemaSet } from './schemas.ts';
import { siteFiles, type SiteFiles } from './site-files.ts';
import { checkSchema, partValid } from './schema-check.ts';
import { schemaDefaults, type DefaultsFiller } from './schema-defaults.ts';
import { allRules } from './rules/all-rules.ts';
import type { FileReference, Rule, RuleContext } from './rules/rule.ts';
import { landingMatrix, routeTable } from './rules/route-table.ts';
import { uniqueRoutes } from './rules/unique-routes.ts';
import type { LoadedSite } from '../site/model.ts';
import type { SiteConfig } from '../site/schema-types.ts';
import { CONFIG_FILE, CONTENT_DIRS, schemaFor } from '../site/layout.ts';
import { coded, type CodedMessage } from './problem-catalog.ts';

export { formatProblems } from './report-formats.ts';

export { PROBLEM_CODES, problemMessage, type ProblemCode, type ProblemData, type ProblemParams } from './problem-catalog.ts';

/**
 * One mistake at its place: a stable `code` (problem-catalog.ts) with the values it names (`params`, plain JSON) and
 * the English `message` made from them. Tools and the studio read the code and params; the message is for people.
 */
export type Problem = CodedMessage & {
  file: string;
  line: number;
  column: number;
  pointer: string;
};

/** A problem at the start of a file, or anywhere, from its code and params. */
export const problemAt = (place: Pick<Problem, 'file' | 'line' | 'column' | 'pointer'>, problem: CodedMessage): Problem => ({ ...place, ...problem });

export interface ValidationResult {
  problems: Problem[];
  /** every file read, to watch in the dev server */
  files: string[];
  /**
   * The parsed site with its schemas' defaults filled in, present only when there
   * are no problems. Filled on first read: the CLI never reads it, so it never pays
   * for compiling the schemas a second time.
   */
  site?: LoadedSite;
  stats: { pages: number; collections: number; forms: number; routes: number; landingPages: number };
}

export interface ValidateOptions {
  /** site roots, earliest wins (a fixture overlay before its base) */
  roots: string[];
  /** read the site from here instead of the roots (an in-memory overlay in the property tests) */
  files?: SiteFiles;
  schemaDir: string;
  /** reuse compiled schemas between runs (dev server, tests) */
  schemas?: SchemaSet;
  /** the rules to run; all of them unless a test picks some */
  rules?: readonly Rule[];
  /**
   * Schemas kept compiled between runs (compiled-cache.ts), when no `schemas` are given: a one-shot validation (a
   * build, npm run validate) loads them instead of compiling. A site with a problem is validated again with schemas
   * compiled here, whose messages can name the schema that failed.
   */
  keptSchemas?: boolean;
  /**
   * What earlier runs found file by file (checkedFiles()): a file whose text is unchanged is not parsed or checked
   * against its schema again, and its filled-in data is the same object. A watching build validates the whole site on
   * each save; most of its files did not change. The rules, which look across files, always run.
   */
  checked?: CheckedFiles;
}

/** One file as a run found it: its parsed source and what its schema check said. */
interface CheckedFile {
  text: string;
  /** the file's stamp when it was read (SiteFiles.stamp): the same stamp now, and the file is not read again */
  stamp?: string;
  source: JsonSource;
  problems: Problem[];
  failed: string[];
  references: FileReference[];
}

/** Files checked by earlier runs, by the schemas they were checked with (a site with a problem is checked twice). */
export type CheckedFiles = WeakMap<SchemaSet, Map<string, CheckedFile>>;

export const checkedFiles = (): CheckedFiles => new WeakMap();

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

/** The $schema value that lets an editor find the schema from this file. */
function expectedSchemaRef(file: string, schemaPath: string): string {
  const depth = file.split('/').length - 1;
  return `${depth === 0 ? './' : '../'.repeat(depth)}schemas/${schemaPath}`;
}

/** What a person sees instead of a stack trace when the validator itself fails. */
export function internalError(file: string, during: string, error: unknown): Problem {
  const detail = error instanceof Error ? error.message : String(error);
  return problemAt({ file, line: 1, column: 1, pointer: '' }, coded('internal-error', { during, detail: detail.split('\n')[0]! }));
}

interface Parsed {
  sources: Map<string, JsonSource>;
  failed: Map<string, string[]>;
  references: FileReference[];
}

/** Parse and schema phases, file by file: a file that does not parse is not schema-checked. */
function checkFiles(files: string[], fs: SiteFiles, schemas: SchemaSet, problems: Problem[], checked?: CheckedFiles): Parsed {
  const parsed: Parsed = { sources: new Map(), failed: new Map(), references: [] };
  let kept = checked?.get(schemas);
  if (checked && !kept) checked.set(schemas, (kept = new Map()));
  const seen = new Set(files);
  for (const file of kept?.keys() ?? []) if (!seen.has(file)) kept!.delete(file);
  for (const file of files) {
    try {
      const stamp = kept ? fs.stamp?.(file) : undefined;
      const before = stamp === undefined ? undefined : kept!.get(file);
      if (before && before.stamp === stamp) {
        keptAsBefore(before, problems, parsed, file);
        continue;
      }
      const text = fs.read(file);
      if (text === undefined) {
        problems.push(problemAt({ file, line: 1, column: 1, pointer: '' }, coded('file-missing', {})));
        parsed.failed.set(file, ['']);
      } else if (kept) checkKept(file, text, stamp, kept, problems, parsed, () => checkFile(file, text, schemas, problems, parsed));
      else checkFile(file, text, schemas, problems, parsed);
    } catch (error) {
      parsed.failed.set(file, ['']);
      problems.push(internalError(file, 'checking this file against its schema', error));
    }
  }
  return parsed;
}

/** A file as an earlier run found it when its text is the same; otherwise checked now, and kept for the next run. */
function checkKept(
  file: string,
  text: string,
  stamp: string | undefined,
  kept: Map<string, CheckedFile>,
  problems: Problem[],
  parsed: Parsed,
  check: () => void,
): void {
  const before = kept.get(file);
  if (before?.text === text) {
    before.stamp = stamp;
    return keptAsBefore(before, problems, parsed, file);
  }
  kept.delete(file);
  const [problemCount, referenceCount] = [problems.length, parsed.references.length];
  check();
  const source = parsed.sources.get(file);
  if (!source) return;
  const failed = parsed.failed.get(file) ?? [''];
  kept.set(file, { text, stamp, source, problems: problems.slice(problemCount), failed, references: parsed.references.slice(referenceCount) });
}

/** A file as an earlier run found it: its source, problems and references as they were. */
function keptAsBefore(before: CheckedFile, problems: Problem[], parsed: Parsed, file: string): void {
  problems.push(...before.problems);
  parsed.sources.set(file, before.source);
  parsed.failed.set(file, before.failed);
  parsed.references.push(...before.references);
}

function checkFile(file: string, text: string, schemas: SchemaSet, problems: Problem[], parsed: Parsed): void {
  const source = parseJsonSource(file, text);
  parsed.sources.set(file, source);
  // only the first parse error: the ones after it are usually echoes of the same mistake
  const parseError = source.parseErrors[0];
  if (parseError) problems.push({ file, ...parseError, pointer: '' });
  const schemaPath = schemaFor(file);
  if (source.data === undefined || !schemaPath) {
    parsed.failed.set(file, ['']);
    return;
  }
  try {
    schemas.validator(schemaPath);
  } catch (e) {
    // a broken schema is the engine's problem, but say which one and why instead of a stack trace
    const error = coded('schema-broken', { schema: schemaPath, error: (e as Error).message });
    problems.push(problemAt({ file: `schemas/${schemaPath}`, line: 1, column: 1, pointer: '' }, error));
    parsed.failed.set(file, ['']);
    return;
  }
  const check = checkSchema(source, schemaPath, schemas);
  for (const { key, pointer, ...problem } of check.messages) problems.push({ file, ...locate(source, pointer, key), pointer, ...problem });
  parsed.failed.set(file, check.failed);
  parsed.references.push(...check.references.map((ref) => ({ file, ref })));
  const declared = (source.data as Record<string, unknown> | null)?.$schema;
  const expected = expectedSchemaRef(file, schemaPath);
  if (typeof declared === 'string' && declared !== expected) {
    problems.push({ file, ...locate(source, '/$schema'), pointer: '/$schema', ...coded('schema-ref-wrong', { expected, found: declared }) });
  }
}

/** A rule's last run: the objects it read (Rule.inputs) and the problems it reported. */
type RuleRuns = Map<string, { inputs: readonly unknown[]; problems: Problem[] }>;

/** The rules' last runs, kept beside the files a validation kept (`checked`, per schema set). */
const ruleRuns = new WeakMap<object, RuleRuns>();

function runsFor(kept: object | undefined): RuleRuns | undefined {
  if (!kept) return undefined;
  let runs = ruleRuns.get(kept);
  if (!runs) ruleRuns.set(kept, (runs = new Map()));
  return runs;
}

/** Whether two lists hold the very same objects, in order. */
const sameObjects = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** Runs a rule, or gives its last run's problems when everything it reads is what that run read (Rule.inputs). */
function runRule(rule: Rule, context: RuleContext, problems: Problem[], runs: RuleRuns | undefined): void {
  const inputs = runs && rule.inputs ? rule.inputs(context) : undefined;
  const last = runs?.get(rule.name);
  if (inputs && last && sameObjects(inputs, last.inputs)) {
    problems.push(...last.problems);
    return;
  }
  const from = problems.length;
  rule.check(context);
  if (inputs) runs!.set(rule.name, { inputs, problems: problems.slice(from) });
  else runs?.delete(rule.name);
}

/** The rules phase: each rule whose parts of site.config.json passed their schema. */
function runRules(rules: readonly Rule[], fs: SiteFiles, parsed: Parsed, problems: Problem[], runs?: RuleRuns): RuleContext | undefined {
  const siteFailed = parsed.failed.get(CONFIG_FILE) ?? [''];
  const site = parsed.sources.get(CONFIG_FILE)?.data as SiteConfig | undefined;
  if (site === undefined) return undefined;
  const memo = new Map<string, unknown>();
  const context: RuleContext = {
    site,
    sources: parsed.sources,
    files: fs,
    references: parsed.references,
    shared: <T>(key: string, make: () => T): T => {
      if (!memo.has(key)) memo.set(key, make());
      return memo.get(key) as T;
    },
    report: (file, pointer, problem, key) => {
      const source = parsed.sources.get(file);
      problems.push({ file, ...(source ? locate(source, pointer, key) : { line: 1, column: 1 }), pointer, ...problem });
    },
  };
  for (const rule of rules) {
    if (!rule.needs.every((part) => partValid(siteFailed, part))) continue;
    try {
      runRule(rule, context, problems, runs);
    } catch (error) {
      problems.push(internalError(CONFIG_FILE, `running the rule "${rule.name}"`, error));
    }
  }
  return context;
}

function loadedSite(site: SiteConfig, fs: SiteFiles, parsed: Parsed): LoadedSite {
  const dataOf = (dir: string) => Object.fromEntries(fs.list(dir).map((f) => [baseName(f), parsed.sources.get(f)?.data]));
  const references: LoadedSite['references'] = {};
  // a collection's own references too (the blocks of a city's landing overrides), under "collections/<id>"
  const keyed = [...fs.list(CONTENT_DIRS.page).map((f) => [f, baseName(f)]), ...fs.list(CONTENT_DIRS.collection).map((f) => [f, `collections/${baseName(f)}`])];
  for (const [file, key] of keyed as [string, string][]) {
    const own = parsed.references.filter((r) => r.file === file && r.ref.kind === 'ref').map((r) => r.ref);
    references[key] = {
      collections: [...new Set(own.filter((r) => r.target.startsWith('collection')).map((r) => r.value))],
      forms: [...new Set(own.filter((r) => r.target === 'form').map((r) => r.value))],
    };
  }
  return { site, pages: dataOf(CONTENT_DIRS.page), collections: dataOf(CONTENT_DIRS.collection), forms: dataOf(CONTENT_DIRS.form), references } as LoadedSite;
}

const fillers = new Map<string, DefaultsFiller>();
const fillerFor = (schemaDir: string) => fillers.get(schemaDir) ?? fillers.set(schemaDir, schemaDefaults(schemaDir)).get(schemaDir)!;

const keptSets = new Map<string, SchemaSet>();
const keptSetFor = (schemaDir: string) => keptSets.get(schemaDir) ?? keptSets.set(schemaDir, loadSchemaSet(schemaDir, { kept: true })).get(schemaDir)!;

/** parse -> schema -> rules. Reports every problem at once and never throws: an internal error is one more problem. */
export function validateSite(options: ValidateOptions): ValidationResult {
  if (!options.keptSchemas || options.schemas) return validateOnce(options);
  const quick = validateOnce({ ...options, schemas: keptSetFor(options.schemaDir) });
  return quick.problems.length === 0 ? quick : validateOnce({ ...options, keptSchemas: false });
}

function validateOnce(options: ValidateOptions): ValidationResult {
  const fs = options.files ?? siteFiles(options.roots);
  const problems: Problem[] = [];
  const stats = { pages: 0, collections: 0, forms: 0, routes: 0, landingPages: 0 };
  let files: string[] = [CONFIG_FILE];
  let site: LoadedSite | undefined;
  try {
    const schemas = options.schemas ?? loadSchemaSet(options.schemaDir);
    const pages = fs.list(CONTENT_DIRS.page);
    const collections = fs.list(CONTENT_DIRS.collection);
    const forms = fs.list(CONTENT_DIRS.form);
    Object.assign(stats, { pages: pages.length, collections: collections.length, forms: forms.length });
    files = [CONFIG_FILE, ...pages, ...collections, ...forms];
    const parsed = checkFiles(files, fs, schemas, problems, options.checked);
    const context = runRules(options.rules ?? allRules, fs, parsed, problems, runsFor(options.checked?.get(schemas)));
    // the counts need the same parts as the route table; without them they stay 0 (the problems say why)
    if (context && uniqueRoutes.needs.every((part) => partValid(parsed.failed.get(CONFIG_FILE) ?? [''], part))) {
      stats.routes = routeTable(context).paths.size;
      stats.landingPages = landingMatrix(context).routes.length;
    }
    if (problems.length === 0 && context) site = loadedSite(context.site, fs, parsed);
  } catch (error) {
    problems.push(internalError(CONFIG_FILE, 'validating the site', error));
  }
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const result: ValidationResult = { problems, files: files.map((f) => fs.absolute(f)), stats };
  if (site) {
    const raw = site;
    let filled: LoadedSite | undefined;
    Object.defineProperty(result, 'site', { enumerable: true, get: () => (filled ??= fillerFor(options.schemaDir).fill(raw)) });
  }
  return result;
}
