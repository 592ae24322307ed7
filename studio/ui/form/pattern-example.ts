/**
 * The shortest text a schema's `pattern` accepts, for a new value that has no better first text: each class its
 * first allowed character, each choice its first branch, each repeat its least count. A pattern this does not read
 * (a lookahead, a back reference) gives undefined, and so does a text the pattern then refuses after all.
 */
export function patternExample(pattern: string): string | undefined {
  let test: RegExp;
  try {
    test = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const reader = { source: pattern, at: 0 };
  const text = alternatives(reader);
  return text !== undefined && reader.at === pattern.length && test.test(text) ? text : undefined;
}

interface Reader {
  source: string;
  at: number;
}

/** Characters tried, in order, for a class that excludes some: a letter reads best in a placeholder. */
const ANY = ['a', 'x', '0', '-', '_', 'A'];

/** `a|b|c` up to the closing bracket of its group: the first branch, the others read past. */
function alternatives(r: Reader): string | undefined {
  const first = sequence(r);
  while (r.source[r.at] === '|') {
    r.at++;
    if (sequence(r) === undefined) return undefined;
  }
  return first;
}

function sequence(r: Reader): string | undefined {
  let out = '';
  while (r.at < r.source.length && r.source[r.at] !== '|' && r.source[r.at] !== ')') {
    const atom = readAtom(r);
    if (atom === undefined) return undefined;
    const times = quantifier(r);
    if (times === undefined) return undefined;
    out += atom.repeat(times);
  }
  return out;
}

/** The least count of the repeat after an atom (1 without one). */
function quantifier(r: Reader): number | undefined {
  const c = r.source[r.at];
  let least = 1;
  if (c === '?' || c === '*') least = 0;
  else if (c === '{') {
    const m = /^\{(\d+)(,\d*)?\}/.exec(r.source.slice(r.at));
    if (!m) return undefined;
    least = Number(m[1]);
    r.at += m[0].length - 1;
  } else if (c !== '+') return 1;
  r.at++;
  // a lazy mark changes nothing for the least count
  if (r.source[r.at] === '?') r.at++;
  return least;
}

function readAtom(r: Reader): string | undefined {
  const c = r.source[r.at++];
  switch (c) {
    case '^':
    case '$':
      return '';
    case '.':
      return 'a';
    case '(': {
      if (r.source[r.at] === '?') {
        if (r.source[r.at + 1] !== ':') return undefined;
        r.at += 2;
      }
      const inner = alternatives(r);
      if (r.source[r.at++] !== ')') return undefined;
      return inner;
    }
    case '[':
      return characterClass(r);
    case '\\':
      return escaped(r);
    default:
      return c;
  }
}

const CLASS_ESCAPES: Record<string, string> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a' };

function escaped(r: Reader): string | undefined {
  const c = r.source[r.at++];
  if (c === undefined || /[1-9bBk]/.test(c)) return undefined;
  if (c in CLASS_ESCAPES) return CLASS_ESCAPES[c];
  if (c === 'n') return '\n';
  if (c === 't') return '\t';
  return c;
}

/** `[a-z0-9]` gives its first character; `[^/]` the first of ANY it does not exclude. */
function characterClass(r: Reader): string | undefined {
  const end = classEnd(r.source, r.at);
  if (end < 0) return undefined;
  const body = r.source.slice(r.at, end);
  r.at = end + 1;
  let test: RegExp;
  try {
    test = new RegExp(`^[${body}]$`, 'u');
  } catch {
    return undefined;
  }
  if (!body.startsWith('^')) {
    const first = body.startsWith('\\') ? (CLASS_ESCAPES[body[1] ?? ''] ?? body[1]) : body[0];
    if (first !== undefined && test.test(first)) return first;
  }
  return ANY.find((c) => test.test(c));
}

/** Where a class's closing bracket is, past escaped ones and a leading `]`. */
function classEnd(source: string, from: number): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']' && i > from && !(i === from + 1 && source[from] === '^')) return i;
  }
  return -1;
}
