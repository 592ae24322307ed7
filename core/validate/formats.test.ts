import { describe, expect, it } from 'vitest';
import { formatGithubAnnotations, formatJson, formatProblems } from './report-formats.ts';
import type { Problem } from './validate.ts';

const problem: Problem = {
  file: 'content/pages/home.json',
  line: 7,
  column: 5,
  pointer: '/blocks/0/type',
  code: 'schema-kind-unknown',
  params: { tag: 'type', kind: 'block type', value: 'hreo', known: ['hero', 'faq'], suggestion: 'hero' },
  message: 'unknown block type "hreo" - did you mean "hero"?',
};

describe('validator output formats', () => {
  it('text: file:line:column  /pointer  message, then a count', () => {
    expect(formatProblems([problem])).toBe(
      'content/pages/home.json:7:5  /blocks/0/type  unknown block type "hreo" - did you mean "hero"?\n\n1 problem in 1 file',
    );
  });

  it('text: a line break or NUL from the config cannot split a problem over two lines', () => {
    const out = formatProblems([{ ...problem, pointer: '/a\nb', message: 'unknown key "x\r\ny\u0000\u2028"' }]);
    expect(out.split('\n')[0]).toBe('content/pages/home.json:7:5  /a\\u000ab  unknown key "x\\u000d\\u000ay\\u0000\\u2028"');
  });

  it('json: an array of {file, line, column, pointer, code, message, params}', () => {
    expect(JSON.parse(formatJson([problem]))).toEqual([problem]);
    expect(formatJson([problem])).toMatch(/"code": "schema-kind-unknown"/);
    expect(JSON.parse(formatJson([]))).toEqual([]);
  });

  it('github: one ::error command per problem, the path relative to the checkout', () => {
    expect(formatGithubAnnotations([problem], '/repo', '/repo')).toBe(
      '::error file=content/pages/home.json,line=7,col=5,title=Invalid site config /blocks/0/type::/blocks/0/type  unknown block type "hreo" - did you mean "hero"?',
    );
    expect(formatGithubAnnotations([problem], '/repo/site', '/repo')).toMatch(/^::error file=site\/content\/pages\/home\.json,/);
  });

  it('github: escapes % \\r \\n in the message, and also : and , in properties', () => {
    const odd = { ...problem, file: 'a:b,c%.json', pointer: '/x', message: '100% sure:\r\nyes, really' };
    expect(formatGithubAnnotations([odd], '/r', '/r')).toBe(
      '::error file=a%3Ab%2Cc%25.json,line=7,col=5,title=Invalid site config /x::/x  100%25 sure:%0D%0Ayes, really',
    );
  });
});
