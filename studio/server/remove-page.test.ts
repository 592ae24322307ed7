import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RefusedPathError, SiteFiles } from './site-files.ts';
import { isPageFile } from '../../core/site/layout.ts';
import { removePage } from './remove-page.ts';

let root: string;
let outside: string;
let files: SiteFiles;
const page = '{ "title": "Oud", "blocks": [] }\n';

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'studio-remove-'));
  outside = mkdtempSync(join(tmpdir(), 'studio-outside-'));
  mkdirSync(join(root, 'content/pages'), { recursive: true });
  mkdirSync(join(root, 'content/collections'), { recursive: true });
  writeFileSync(join(root, 'site.config.json'), '{ "routes": [] }\n');
  writeFileSync(join(root, 'content/pages/oud.json'), page);
  writeFileSync(join(root, 'content/collections/faq.json'), '{ "items": [] }\n');
  writeFileSync(join(outside, 'secret.json'), '{ "secret": true }\n');
  files = new SiteFiles(root);
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('deleting a page from the studio', () => {
  it('takes away the page file at the version the studio saw', () => {
    const { hash } = files.read('content/pages/oud.json');
    expect(removePage(files, 'content/pages/oud.json', hash)).toEqual({ ok: true });
    expect(existsSync(join(root, 'content/pages/oud.json'))).toBe(false);
    expect(removePage(files, 'content/pages/oud.json', hash)).toMatchObject({ ok: false, reason: 'missing' });
  });

  it('keeps a page that changed on disk since, and says so with its text now', () => {
    const { hash } = files.read('content/pages/oud.json');
    writeFileSync(join(root, 'content/pages/oud.json'), page.replace('Oud', 'Nieuw'));
    expect(removePage(files, 'content/pages/oud.json', hash)).toMatchObject({ ok: false, reason: 'stale', file: { text: page.replace('Oud', 'Nieuw') } });
    expect(existsSync(join(root, 'content/pages/oud.json'))).toBe(true);
  });

  it('deletes nothing but a page: not the config, a collection, a path out of the site or into a folder', () => {
    for (const path of ['site.config.json', 'content/collections/faq.json', 'content/pages/../collections/faq.json', '../x.json', 'content/pages/a/b.json']) {
      expect(isPageFile(path), path).toBe(false);
      expect(removePage(files, path, 'x'), path).toMatchObject({ ok: false, reason: 'not-a-page' });
    }
    expect(existsSync(join(root, 'site.config.json'))).toBe(true);
    expect(existsSync(join(root, 'content/collections/faq.json'))).toBe(true);
  });

  it('follows no link: a linked page or pages folder is refused and what it points to stays', () => {
    symlinkSync(join(outside, 'secret.json'), join(root, 'content/pages/linked.json'));
    expect(() => removePage(files, 'content/pages/linked.json', 'x')).toThrow(RefusedPathError);
    rmSync(join(root, 'content/pages'), { recursive: true });
    symlinkSync(outside, join(root, 'content/pages'));
    expect(() => removePage(files, 'content/pages/secret.json', 'x')).toThrow(RefusedPathError);
    expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toContain('secret');
  });
});
