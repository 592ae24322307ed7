import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';

/**
 * Every relative link of the documentation leads somewhere: README.md, CONTRIBUTING.md and every Markdown file
 * under docs/. A link's file (or folder) must exist, and a `#anchor` must be a heading of the Markdown file it
 * points at (or of the file itself), named as GitHub names a heading's anchor. Links inside code (fenced blocks,
 * `inline code`) are text, not links; links to other sites (https:, mailto:) are not followed.
 */

/** The documentation's Markdown files, relative to the project's root. */
function docFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(paths.root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return ['README.md', 'CONTRIBUTING.md', ...(existsSync(join(paths.root, 'docs')) ? walk('docs') : [])];
}

/** The lines of a Markdown text outside fenced code blocks, each with its line number. */
function proseLines(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, i) => {
    const marker = /^ *(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return;
    }
    if (marker) fence = marker;
    else lines.push({ line, number: i + 1 });
  });
  return lines;
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, each space a hyphen. */
export function anchorOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings; a repeated heading gets `-1`, `-2`, ... as on GitHub. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const anchor = anchorOf(heading);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/** The link targets of a Markdown text, inline (`[text](target)`) and by reference (`[name]: target`), with their line. */
export function linksOf(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  for (const { line, number } of proseLines(text)) {
    const prose = line.replace(/(`+)[\s\S]*?\1/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1]!, line: number });
    const reference = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/.exec(prose);
    if (reference) links.push({ target: reference[1]!, line: number });
  }
  return links;
}

/** What is wrong with each relative link of `file` (a path from the root), in words; empty when every one resolves. */
export function brokenLinks(file: string, root = paths.root): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const problems: string[] = [];
  for (const { target, line } of linksOf(text)) {
    if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) continue; // another site, or mail
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const where = `${file}:${line}  ${target}`;
    const to = path === '' ? join(root, file) : path.startsWith('/') ? join(root, path) : resolve(dirname(join(root, file)), path);
    if (!existsSync(to)) {
      problems.push(`${where}: no file ${relative(root, to) || '.'}`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (statSync(to).isDirectory() || !to.endsWith('.md')) {
      problems.push(`${where}: an anchor needs a Markdown file`);
      continue;
    }
    if (!anchorsOf(readFileSync(to, 'utf8')).has(anchor)) problems.push(`${where}: no heading #${anchor} in ${relative(root, to)}`);
  }
  return problems;
}

describe('the links of the documentation', () => {
  const files = docFiles();

  it('covers the README, CONTRIBUTING.md and the docs folder', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/README.md']));
  });

  it.each(files)('%s: every relative link and anchor resolves', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});

describe('the link checker', () => {
  it("names headings' anchors as GitHub does", () => {
    expect(anchorOf('Add a content landing service (a real page per city)')).toBe('add-a-content-landing-service-a-real-page-per-city');
    expect(anchorOf("Seeing and erasing a person's data")).toBe('seeing-and-erasing-a-persons-data');
    expect(anchorOf('How the build uses the cores (`scripts/build.ts`)')).toBe('how-the-build-uses-the-cores-scriptsbuildts');
    expect(anchorOf('Personal data: what is stored, where, and for how long')).toBe('personal-data-what-is-stored-where-and-for-how-long');
    expect([...anchorsOf('# Notes\n\n## Setup\n\n## Setup\n\n```\n# not a heading\n```\n')]).toEqual(['notes', 'setup', 'setup-1']);
  });

  it('finds links in prose, not in code', () => {
    const text = 'See [a](a.md) and [b](docs/b.md#part "title").\n\n`[c](c.md)` is code.\n\n```\n[d](d.md)\n```\n\n[e]: e.md\n';
    expect(linksOf(text).map((link) => link.target)).toEqual(['a.md', 'docs/b.md#part', 'e.md']);
  });

  it('reports a missing file and a missing heading, and takes what exists', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-links-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'docs/topic.md'), '# Topic\n\n## A part\n');
      writeFileSync(
        join(root, 'README.md'),
        '[ok](docs/topic.md#a-part) [folder](docs) [self](#readme) [site](https://example.org/x.md)\n[gone](docs/gone.md) [no part](docs/topic.md#other)\n\n# Readme\n',
      );
      expect(brokenLinks('README.md', root)).toEqual([
        'README.md:2  docs/gone.md: no file docs/gone.md',
        'README.md:2  docs/topic.md#other: no heading #other in docs/topic.md',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
