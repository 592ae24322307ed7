import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { paths } from '../core/paths.ts';
import { CONFIG_FILE, CONTENT_DIR, PUBLIC_DIR } from '../core/site/layout.ts';

/**
 * The site's layout is named in core/site/layout.ts alone: no source file of scripts/, server/, studio/, studio-host/ or the
 * validator (core/validate/, whose rules match the site's paths) spells the config's name or the site's folders
 * (content/, its kinds' folders, public/) in a string of its own; each makes and matches those paths with the
 * layout's names and functions. Tests and their helpers may spell them (a fixture's paths are the site's own,
 * written out).
 */

const ROOMS = ['scripts', 'server', 'studio', 'studio-host', 'core/validate'];

/** Files and folders left out of the check, each with why. */
const EXCEPTIONS: Record<string, string> = {
  // another engineer's files while the issue is worked on; they spell the layout too
  'scripts/bench/': 'the benchmarks, with their own sites',
  'server/admin/': "the back office's routes, whose permissions are named 'public' and 'content'",
};

/** A name that is a word of another vocabulary where it stands alone: allowed in that file, as that string only. */
const OTHER_MEANINGS: Record<string, string[]> = {
  // the permission to edit the site's content, not its folder
  'studio-host/gate/studio-gate.ts': [CONTENT_DIR],
};

const isTest = (path: string) =>
  /\.(test|testing|samples\.testing)\.tsx?$/.test(path) || /(^|\/)(test-support|testing)\//.test(path) || path.endsWith('.d.ts') || path.endsWith('.d.mts');

function sources(dir: string): string[] {
  return readdirSync(join(paths.root, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split('\\').join('/')}`)
    .filter((path) => /\.(ts|tsx|mts|mjs)$/.test(path) && !path.includes('node_modules/') && !isTest(path))
    .filter((path) => !Object.keys(EXCEPTIONS).some((except) => path === except || (except.endsWith('/') && path.startsWith(except))));
}

/** The text of every string and template piece of a file (never its comments). */
function stringsOf(path: string): string[] {
  const text = readFileSync(join(paths.root, path), 'utf8');
  // most files name none of them anywhere: no need to parse those
  if (![CONFIG_FILE, CONTENT_DIR, PUBLIC_DIR].some((name) => text.includes(name))) return [];
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Whether a string spells the layout: the config's name anywhere, or content/ or public/ as (the start of) a path. */
const FOLDER = new RegExp(`(^|/)(${CONTENT_DIR}|${PUBLIC_DIR})(/|$)`);
const spellsLayout = (text: string) => text.includes(CONFIG_FILE) || FOLDER.test(text);

/** The strings of the checked files that spell the layout, as `file: "string"`. */
function spelled(): string[] {
  return ROOMS.flatMap(sources).flatMap((path) =>
    stringsOf(path)
      .filter((text) => spellsLayout(text) && !(OTHER_MEANINGS[path] ?? []).includes(text))
      .map((text) => `${path}: ${JSON.stringify(text)}`),
  );
}

describe("the site's layout is named once (core/site/layout.ts)", () => {
  it('no source file of scripts/, server/, studio/, studio-host/ or core/validate/ spells a folder or file of the site itself', () => {
    expect(spelled()).toEqual([]);
  });

  it('the check sees a spelled folder, a file under one, the config and a template piece', () => {
    expect(['content', 'public', 'content/pages', 'public/images', 'site.config.json', 'content/pages/'].every(spellsLayout)).toBe(true);
    expect(['contents', 'publicly', 'a content page', 'content-type'].some(spellsLayout)).toBe(false);
  });

  it('every exception is a file or folder that exists', () => {
    const all = ROOMS.flatMap((dir) => readdirSync(join(paths.root, dir), { recursive: true, encoding: 'utf8' }).map((name) => `${dir}/${name}`));
    for (const except of [...Object.keys(EXCEPTIONS), ...Object.keys(OTHER_MEANINGS)]) expect(all, except).toContain(except.replace(/\/$/, ''));
  });
});
