import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { coded, type CodedMessage } from './problem-catalog.ts';

/** A JSON file as text, with its parse tree, so any JSON pointer can be mapped to a line and column. */
export interface JsonSource {
  file: string;
  text: string;
  data: unknown;
  tree: Node | undefined;
  /** each with its problem: the code `json-invalid` and the parser's reason */
  parseErrors: ({ line: number; column: number } & CodedMessage)[];
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const parseMessages: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between items (or a closing bracket)',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'string is not closed with a double quote',
  UnexpectedEndOfNumber: 'number is not complete',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character in string',
  InvalidCharacter: 'invalid character in string (a line break or tab must be escaped)',
};

const TREE_OPTIONS = { disallowComments: true, allowTrailingComma: false };

/**
 * A JSON file's data and, for valid JSON, its parse tree made only when a pointer is located: the tree of every
 * file would be most of a site's validation (a tree has a node for every value, and a city data file holds every
 * town's), and a valid site locates nothing. Invalid JSON gets the parse errors with their places.
 */
export function parseJsonSource(file: string, text: string): JsonSource {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return withParseErrors(file, text);
  }
  let tree: Node | undefined;
  let parsed = false;
  return {
    file,
    text,
    data,
    parseErrors: [],
    get tree() {
      if (!parsed) tree = parseTree(text, [], TREE_OPTIONS);
      parsed = true;
      return tree;
    },
  };
}

function withParseErrors(file: string, text: string): JsonSource {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, TREE_OPTIONS);
  const parseErrors = errors.map((e) => {
    const code = printParseErrorCode(e.error);
    return { ...lineColumn(text, e.offset), ...coded('json-invalid', { reason: parseMessages[code] ?? code }) };
  });
  // what JSON.parse refused and this parser took (a byte order mark) is still no JSON
  if (parseErrors.length === 0) parseErrors.push({ line: 1, column: 1, ...coded('json-invalid', {}) });
  return { file, text, data: undefined, tree, parseErrors };
}

export function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}

/**
 * Where a pointer points in the text. With `key`, the position of that property's
 * name inside the object (for unknown keys); otherwise the value itself, or the
 * nearest ancestor that exists (for missing keys).
 */
export function locate(source: JsonSource, pointer: string, key?: string): { line: number; column: number } {
  if (!source.tree) return { line: 1, column: 1 };
  const segments = pointerSegments(pointer);
  let node: Node | undefined;
  for (let n = segments.length; n >= 0 && !node; n--) node = findNodeAtLocation(source.tree, segments.slice(0, n));
  node ??= source.tree;
  if (key !== undefined && node.type === 'object') {
    const prop = node.children?.find((c) => c.children?.[0]?.value === key);
    if (prop) node = prop;
  } else if (node.parent?.type === 'property') {
    // point at the property name, where an editor user looks first
    node = node.parent;
  }
  return lineColumn(source.text, node.offset);
}
