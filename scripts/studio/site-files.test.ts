import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSiteFile, SiteFiles, versionOf } from './site-files.ts';

const home = `{
  "title": "Home",
  "blocks": [
    { "type": "hero", "headline": "Welkom" },
    { "type": "faq", "heading": "Vragen" }
  ]
}
`;
let root: string;
let files: SiteFiles;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'studio-files-'));
  mkdirSync(join(root, 'content/pages'), { recursive: true });
  writeFileSync(join(root, 'site.config.json'), '{ "name": "Test" }\n');
  writeFileSync(join(root, 'content/pages/home.json'), home);
  writeFileSync(join(root, 'content/notes.txt'), 'not a site file');
  files = new SiteFiles(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const onDisk = () => readFileSync(join(root, 'content/pages/home.json'), 'utf8');

describe('the studio’s site files', () => {
  it('are the config and the JSON under content/, and nothing outside them', () => {
    expect(files.list()).toEqual(['site.config.json', 'content/pages/home.json']);
    for (const path of ['../etc/passwd', 'content/../site.config.json', 'content/.hidden.json', 'public/x.json', 'content/pages/home.js', 'content//x.json']) {
      expect(isSiteFile(path), path).toBe(false);
    }
    expect(() => files.read('package.json')).toThrow(/not a site file/);
  });

  it('write an edit as a change of only its bytes, atomically', async () => {
    const { version } = files.read('content/pages/home.json');
    const result = await files.edit('content/pages/home.json', version, [{ op: 'set', path: ['blocks', 0, 'headline'], value: 'Hallo' }]);
    expect(result).toMatchObject({ ok: true, changed: true, replayed: false });
    expect(onDisk()).toBe(home.replace('Welkom', 'Hallo'));
    expect(readdirSync(join(root, 'content/pages'))).toEqual(['home.json']);
  });

  it('replay pending edits on a file another editor changed, keeping that change', async () => {
    const { version } = files.read('content/pages/home.json');
    writeFileSync(join(root, 'content/pages/home.json'), home.replace('"Home"', '"Thuis"'));
    const result = await files.edit('content/pages/home.json', version, [{ op: 'move', path: ['blocks'], from: 1, to: 0 }]);
    expect(result).toMatchObject({ ok: true, replayed: true });
    expect(JSON.parse(onDisk())).toEqual({
      title: 'Thuis',
      blocks: [
        { type: 'faq', heading: 'Vragen' },
        { type: 'hero', headline: 'Welkom' },
      ],
    });
  });

  it('say which edit no longer applies, and write nothing', async () => {
    const { version } = files.read('content/pages/home.json');
    const external = home.replace(',\n    { "type": "faq", "heading": "Vragen" }', '');
    writeFileSync(join(root, 'content/pages/home.json'), external);
    const result = await files.edit('content/pages/home.json', version, [
      { op: 'set', path: ['title'], value: 'Start' },
      { op: 'set', path: ['blocks', 1, 'heading'], value: 'Meer vragen' },
    ]);
    expect(result).toMatchObject({ ok: false, reason: 'conflict', failedOp: 1 });
    expect(onDisk()).toBe(external);
  });

  it('refuse a layout step that would leave the file unparseable', async () => {
    const broken = new SiteFiles(root, { format: async (text) => text.slice(0, -3) });
    const { version } = files.read('content/pages/home.json');
    const result = await broken.edit('content/pages/home.json', version, [{ op: 'set', path: ['title'], value: 'Start' }]);
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(onDisk()).toBe(home);
  });

  it('put back an exact earlier text only over the version it replaces', async () => {
    const { version } = files.read('content/pages/home.json');
    const edited = await files.edit('content/pages/home.json', version, [{ op: 'set', path: ['title'], value: 'Start' }]);
    if (!edited.ok) throw new Error(edited.message);
    expect(files.restore('content/pages/home.json', edited.file.version, home)).toMatchObject({ ok: true });
    expect(onDisk()).toBe(home);
    expect(files.restore('content/pages/home.json', edited.file.version, edited.file.text)).toMatchObject({ ok: false, reason: 'stale' });
    expect(onDisk()).toBe(home);
    expect(versionOf(onDisk())).toBe(version);
  });

  it('create a new page file, never over an existing one', () => {
    files.create('content/pages/prijzen.json', '{ "title": "Prijzen", "blocks": [] }\n');
    expect(files.list()).toContain('content/pages/prijzen.json');
    expect(() => files.create('content/pages/home.json', '{}')).toThrow(/exists/);
    expect(() => files.create('content/pages/kapot.json', '{')).toThrow();
  });
});
