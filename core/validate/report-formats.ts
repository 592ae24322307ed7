import { relative, resolve, sep } from 'node:path';
import type { Problem } from './validate.ts';

/**
 * Control characters and line separators escaped as \uXXXX: a key or value from
 * the config must not break the one-problem-per-line output that editors parse.
 */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `file:line:column  /pointer  message`, the shape editors' problem matchers read, and a count. */
export function formatProblems(problems: Problem[]): string {
  const lines = problems.map((p) => `${p.file}:${p.line}:${p.column}  ${oneLine(p.pointer || '/')}  ${oneLine(p.message)}`);
  const files = new Set(problems.map((p) => p.file)).size;
  lines.push('', `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`);
  return lines.join('\n');
}

/** For tools: the problems exactly as found, nothing else on stdout; a tool keys on the stable `code` and its `params`. */
export function formatJson(problems: Problem[]): string {
  return JSON.stringify(
    problems.map(({ file, line, column, pointer, code, message, params }) => ({ file, line, column, pointer, code, message, params })),
    null,
    2,
  );
}

// GitHub's workflow command escaping: the message may hold ":" and ",", a property may not
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * One `::error` workflow command per problem, so a pull request shows it on the
 * line. GitHub matches `file` against the repository, so paths are made relative
 * to the working directory (the checkout) even when the site lives elsewhere.
 */
export function formatGithubAnnotations(problems: Problem[], siteRoot: string, cwd = process.cwd()): string {
  return problems
    .map((p) => {
      const file = relative(cwd, resolve(siteRoot, p.file)).split(sep).join('/');
      const props = `file=${escapeProperty(file)},line=${p.line},col=${p.column},title=${escapeProperty(`Invalid site config ${p.pointer || '/'}`)}`;
      return `::error ${props}::${escapeData(`${p.pointer || '/'}  ${p.message}`)}`;
    })
    .join('\n');
}
