import { join } from 'node:path';
import fc from 'fast-check';
import { loadSchemaSet } from '../schemas.ts';
import { siteFiles } from '../site-files.ts';
import { memoryFiles } from '../memory-files.ts';
import { paths } from '../../paths.ts';
import { validateSite, type ValidationResult } from '../validate.ts';
import { formatProblems } from '../report-formats.ts';

/**
 * The English fixture site, read once: every generated case is an in-memory overlay of it (no disk writes,
 * milliseconds per case). A fixture, never the agency's content, so a copy edit cannot change what is tested.
 */
export const fixtureRoot = join(paths.root, 'tests/fixtures/en');
export const disk = siteFiles([fixtureRoot]);
export const fixtureFiles = new Map<string, string>(
  ['site.config.json', ...disk.list('content/pages'), ...disk.list('content/collections'), ...disk.list('content/forms')].map((f) => [f, disk.read(f)!]),
);
export const schemas = loadSchemaSet(paths.schemas);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Strings that broke parsers and terminals before: lone surrogates, bidi controls, NUL, emoji sequences, line separators. */
const oddPieces = [
  '\uD800',
  '\uDFFF',
  '\uDBFF\uDBFF',
  '\u202E',
  '\u200F',
  '\u200B',
  '\u0000',
  '\u001B[31m',
  '\u2028',
  '\r\n',
  '😀',
  '👩‍👩‍👧',
  '🇳🇱',
  'e\u0301',
  '{city}',
  '{',
  '%0A::error file=x::',
  '../../etc/passwd',
  '/',
  '~1',
  '"',
  '\\',
];
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...oddPieces), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  // 100 kB: the size of a pasted document, where a quadratic loop would show
  {
    weight: 1,
    arbitrary: fc.constantFrom('x'.repeat(100_000), '😀'.repeat(25_000), '\uD800'.repeat(50_000), `/${'a-'.repeat(50_000)}`, '\u202E'.repeat(100_000)),
  },
);

/** A value of each JSON type; the mutation picks one whose type differs from the leaf's. */
const jsonOfType: Record<string, fc.Arbitrary<Json>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 42, 1e308, -0, 0.5)),
  string: oddString,
  array: fc.oneof(fc.constant([] as Json[]), fc.array(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>, { maxLength: 3 })),
  object: fc.oneof(fc.constant({} as Json), fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, { maxKeys: 3 })),
};
const typeOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
export const anyJson: fc.Arbitrary<Json> = fc.oneof(...Object.values(jsonOfType));

const newKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'type', '$schema', 'x-hint', '', 'title', 'slug'),
  oddString,
  fc.string({ maxLength: 8 }),
);

type Mutation =
  | { kind: 'leaf-type'; at: number; type: string; value: Json }
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'delete'; at: number }
  | { kind: 'add'; at: number; key: string; value: Json }
  | { kind: 'odd-string'; at: number; value: string };

const at = fc.nat();
export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...Object.keys(jsonOfType))
      .chain((type) => fc.record({ kind: fc.constant('leaf-type' as const), at, type: fc.constant(type), value: jsonOfType[type]! })),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value: anyJson }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), at }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), at, key: newKey, value: anyJson }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('odd-string' as const), at, value: oddString }) },
);

function nodes(root: Json, pick: (v: Json) => boolean, path: Path = [], out: Path[] = []): Path[] {
  if (pick(root)) out.push(path);
  if (root !== null && typeof root === 'object') for (const [k, v] of Object.entries(root)) nodes(v, pick, [...path, Array.isArray(root) ? Number(k) : k], out);
  return out;
}

const get = (root: Json, path: Path): Json => path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, root);

// defineProperty, not assignment: "__proto__" must become an own key, as JSON.parse makes it
const setKey = (obj: object, key: string | number, value: Json) =>
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });

function setAt(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  setKey(get(root, path.slice(0, -1)) as object, path[path.length - 1]!, value);
  return root;
}

const isLeaf = (v: Json) => v === null || typeof v !== 'object';
const isContainer = (v: Json) => v !== null && typeof v === 'object';

export function applyMutation(root: Json, m: Mutation): Json {
  switch (m.kind) {
    case 'leaf-type': {
      const leaves = nodes(root, (v) => isLeaf(v) && typeOf(v) !== m.type);
      return leaves.length ? setAt(root, leaves[m.at % leaves.length]!, m.value) : root;
    }
    case 'odd-string': {
      const leaves = nodes(root, isLeaf);
      return leaves.length ? setAt(root, leaves[m.at % leaves.length]!, m.value) : root;
    }
    case 'replace': {
      const all = nodes(root, () => true);
      return setAt(root, all[m.at % all.length]!, m.value);
    }
    case 'delete': {
      const children = nodes(root, () => true).filter((p) => p.length > 0);
      if (!children.length) return root;
      const path = children[m.at % children.length]!;
      const parent = get(root, path.slice(0, -1));
      const key = path[path.length - 1]!;
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete (parent as Record<string, Json>)[key];
      return root;
    }
    case 'add': {
      const objects = nodes(root, (v) => isContainer(v) && !Array.isArray(v));
      if (!objects.length) return root;
      setKey(get(root, objects[m.at % objects.length]!) as object, m.key, m.value);
      return root;
    }
  }
}

export interface Case {
  file: string;
  mutations: Mutation[];
  /** cut the text here: a file saved half-way (a parse error), when set */
  truncate?: number;
}

export const caseFor = (files: string[]): fc.Arbitrary<Case> =>
  fc.record(
    {
      file: fc.constantFrom(...files),
      mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
      truncate: fc.option(fc.nat(), { freq: 20, nil: undefined }),
    },
    { requiredKeys: ['file', 'mutations'] },
  );

/** The mutated text of one file, everything else as on disk. */
export function mutate(c: Case): Map<string, string> {
  let data = JSON.parse(fixtureFiles.get(c.file)!) as Json;
  // a copy: fast-check hands the same value objects to later runs and shrinks, and one grafted into the tree
  // and then added to would become a cycle (a broken generator, not a validator crash)
  for (const m of c.mutations) data = applyMutation(data, structuredClone(m));
  let text = JSON.stringify(data, null, 2);
  if (c.truncate !== undefined) text = text.slice(0, c.truncate % (text.length + 1));
  return new Map([...fixtureFiles, [c.file, text]]);
}

export function validateCase(c: Case): ValidationResult {
  return validateSite({ roots: [], files: memoryFiles(mutate(c), disk), schemaDir: paths.schemas, schemas });
}

const LINE = /^[^\n]+:[1-9][0-9]*:[1-9][0-9]* {2}\/[^\n]* {2}[^\n]+$/;

/** What every case must hold: problems, located and one per line, and no internal error. */
export function checkResult(result: ValidationResult): void {
  const bugs = result.problems.filter((p) => p.message.includes('bug in the validator'));
  if (bugs.length) throw new Error(`internal error: ${JSON.stringify(bugs)}`);
  for (const p of result.problems) {
    if (!(p.line >= 1 && p.column >= 1)) throw new Error(`bad position: ${JSON.stringify(p)}`);
    if (p.pointer !== '' && !p.pointer.startsWith('/')) throw new Error(`bad pointer: ${JSON.stringify(p)}`);
  }
  if (result.problems.length === 0) return;
  const lines = formatProblems(result.problems).split('\n');
  const body = lines.slice(0, -2);
  if (body.length !== result.problems.length) throw new Error(`${result.problems.length} problems printed as ${body.length} lines`);
  const bad = body.find((l) => !LINE.test(l));
  if (bad !== undefined) throw new Error(`not a file:line:column  /pointer  message line: ${JSON.stringify(bad.slice(0, 300))}`);
}

/** One hand-written edit of a real file, validated like the generated cases. */
export function validateEdited(file: string, edit: (data: Record<string, unknown>) => void): ValidationResult {
  const data = JSON.parse(fixtureFiles.get(file)!) as Record<string, unknown>;
  edit(data);
  const files = new Map([...fixtureFiles, [file, JSON.stringify(data, null, 2)]]);
  return validateSite({ roots: [], files: memoryFiles(files, disk), schemaDir: paths.schemas, schemas });
}
