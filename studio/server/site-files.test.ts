import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSiteFile } from '../../core/site/layout.ts';
import { RefusedPathError, SiteFiles, hashOf } from './site-files.ts';

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

  it('never write an edit over a save another editor made while it was laid out: it is made again on that text', async () => {
    const path = join(root, 'content/pages/home.json');
    const { hash } = files.read('content/pages/home.json');
    const saved = home.replace('"Vragen"', '"Uit de editor"');
    let saves = 0;
    // the other editor empties the file to save while the studio's edit is laid out, and writes it whole a moment later
    const racing = new SiteFiles(root, {
      format: async (text) => {
        if (saves++ === 0) writeFileSync(path, '');
        return text;
      },
    });
    const edit = [{ op: 'set' as const, path: ['blocks', 0, 'headline'], value: 'Welkom!' }];
    const emptied = await racing.edit('content/pages/home.json', hash, edit);
    expect(emptied).toMatchObject({ ok: false, file: { text: '' } });
    expect(onDisk()).toBe('');
    writeFileSync(path, saved);
    // the studio sends the edit again once the file is whole: it lands on the editor's text
    const replayed = await racing.edit('content/pages/home.json', hash, edit);
    expect(replayed).toMatchObject({ ok: true, changed: true, replayed: true });
    expect(onDisk()).toBe(saved.replace('"Welkom"', '"Welkom!"'));
  });

  it('write an edit as a change of only its bytes, atomically', async () => {
    const { hash } = files.read('content/pages/home.json');
    const result = await files.edit('content/pages/home.json', hash, [{ op: 'set', path: ['blocks', 0, 'headline'], value: 'Hallo' }]);
    expect(result).toMatchObject({ ok: true, changed: true, replayed: false });
    expect(onDisk()).toBe(home.replace('Welkom', 'Hallo'));
    expect(readdirSync(join(root, 'content/pages'))).toEqual(['home.json']);
  });

  it('replay pending edits on a file another editor changed, keeping that change', async () => {
    const { hash } = files.read('content/pages/home.json');
    writeFileSync(join(root, 'content/pages/home.json'), home.replace('"Home"', '"Thuis"'));
    const result = await files.edit('content/pages/home.json', hash, [{ op: 'move', path: ['blocks'], from: 1, to: 0 }]);
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
    const { hash } = files.read('content/pages/home.json');
    const external = home.replace(',\n    { "type": "faq", "heading": "Vragen" }', '');
    writeFileSync(join(root, 'content/pages/home.json'), external);
    const result = await files.edit('content/pages/home.json', hash, [
      { op: 'set', path: ['title'], value: 'Start' },
      { op: 'set', path: ['blocks', 1, 'heading'], value: 'Meer vragen' },
    ]);
    expect(result).toMatchObject({ ok: false, reason: 'conflict', failedOp: 1 });
    expect(onDisk()).toBe(external);
  });

  it('refuse a layout step that would leave the file unparseable', async () => {
    const broken = new SiteFiles(root, { format: async (text) => text.slice(0, -3) });
    const { hash } = files.read('content/pages/home.json');
    const result = await broken.edit('content/pages/home.json', hash, [{ op: 'set', path: ['title'], value: 'Start' }]);
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(onDisk()).toBe(home);
  });

  it('put back an exact earlier text only over the version it replaces', async () => {
    const { hash } = files.read('content/pages/home.json');
    const edited = await files.edit('content/pages/home.json', hash, [{ op: 'set', path: ['title'], value: 'Start' }]);
    if (!edited.ok) throw new Error(edited.message);
    expect(files.restore('content/pages/home.json', edited.file.hash, home)).toMatchObject({ ok: true });
    expect(onDisk()).toBe(home);
    expect(files.restore('content/pages/home.json', edited.file.hash, edited.file.text)).toMatchObject({ ok: false, reason: 'stale' });
    expect(onDisk()).toBe(home);
    expect(hashOf(onDisk())).toBe(hash);
  });

  it('put back a step of several files all or none: a deleted page comes back with its route, and goes again', () => {
    const config = files.read('site.config.json');
    const page = files.read('content/pages/home.json');
    const without = '{ "name": "Test", "routes": [] }\n';
    writeFileSync(join(root, 'site.config.json'), without);
    rmSync(join(root, 'content/pages/home.json'));
    const undo = [
      { path: 'site.config.json', base: hashOf(without), text: config.text },
      { path: 'content/pages/home.json', base: null, text: page.text },
    ];
    const back = files.restoreStep(undo);
    expect(back).toMatchObject({ ok: true, files: [{ file: config }, { file: page }] });
    expect(onDisk()).toBe(home);
    // redo: the page goes again, the config is as it was
    const redo = [
      { path: 'site.config.json', base: config.hash, text: without },
      { path: 'content/pages/home.json', base: page.hash, text: null },
    ];
    expect(files.restoreStep(redo)).toMatchObject({ ok: true, files: [{ file: { text: without } }, { file: null }] });
    expect(existsSync(join(root, 'content/pages/home.json'))).toBe(false);
  });

  it('refuse a step when any of its files changed since, or would go without being a page, and then write none', () => {
    const config = files.read('site.config.json');
    const step = (base: string | null) => [
      { path: 'site.config.json', base: config.hash, text: '{ "name": "Undone" }\n' },
      { path: 'content/pages/home.json', base, text: null },
    ];
    expect(files.restoreStep(step('not-its-version'))).toMatchObject({ ok: false, reason: 'stale', files: [{ file: config }, { file: { text: home } }] });
    // a page file made meanwhile is not overwritten by an undo that expects it gone
    expect(files.restoreStep([{ path: 'content/pages/home.json', base: null, text: '{}' }])).toMatchObject({ ok: false, reason: 'stale' });
    expect(files.restoreStep([{ path: 'site.config.json', base: config.hash, text: null }])).toMatchObject({ ok: false, reason: 'invalid' });
    expect(files.restoreStep([{ path: 'site.config.json', base: config.hash, text: '{ broken' }])).toMatchObject({ ok: false, reason: 'invalid' });
    expect(files.read('site.config.json')).toEqual(config);
    expect(onDisk()).toBe(home);
  });

  it('create a new page file, never over an existing one', () => {
    files.create('content/pages/prijzen.json', '{ "title": "Prijzen", "blocks": [] }\n');
    expect(files.list()).toContain('content/pages/prijzen.json');
    expect(() => files.create('content/pages/home.json', '{}')).toThrow(/exists/);
    expect(() => files.create('content/pages/kapot.json', '{')).toThrow();
  });

  describe('never follow a link', () => {
    let outside: string;
    const secret = '{ "title": "Outside the site" }\n';
    beforeEach(() => {
      outside = mkdtempSync(join(tmpdir(), 'studio-outside-'));
      writeFileSync(join(outside, 'secret.json'), secret);
    });
    afterEach(() => rmSync(outside, { recursive: true, force: true }));
    const untouched = () => expect(readdirSync(outside)).toEqual(['secret.json']);

    it('to a folder outside the site: its files are not listed, read, written, nor made', async () => {
      symlinkSync(outside, join(root, 'content/linked'));
      expect(files.list()).toEqual(['site.config.json', 'content/pages/home.json']);
      expect(() => files.read('content/linked/secret.json')).toThrow(RefusedPathError);
      expect(() => files.create('content/linked/new-page.json', '{ "title": "Nieuw", "blocks": [] }\n')).toThrow(RefusedPathError);
      expect(() => files.create('content/linked/sub/new-page.json', '{}')).toThrow(RefusedPathError);
      await expect(files.edit('content/linked/secret.json', hashOf(secret), [{ op: 'set', path: ['title'], value: 'x' }])).rejects.toThrow(RefusedPathError);
      expect(() => files.restore('content/linked/secret.json', hashOf(secret), '{}')).toThrow(RefusedPathError);
      untouched();
      expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe(secret);
    });

    it('to a file, outside the site or in it: not listed, read nor written', async () => {
      symlinkSync(join(outside, 'secret.json'), join(root, 'content/pages/linked.json'));
      symlinkSync(join(root, 'content/pages/home.json'), join(root, 'content/pages/alias.json'));
      expect(files.list()).toEqual(['site.config.json', 'content/pages/home.json']);
      for (const path of ['content/pages/linked.json', 'content/pages/alias.json']) {
        expect(() => files.read(path), path).toThrow(/is a link/);
        await expect(files.edit(path, 'x', [{ op: 'set', path: ['title'], value: 'x' }]), path).rejects.toThrow(RefusedPathError);
        expect(() => files.restore(path, 'x', '{}'), path).toThrow(RefusedPathError);
        expect(() => files.create(path, '{}'), path).toThrow(RefusedPathError);
      }
      expect(readFileSync(join(outside, 'secret.json'), 'utf8')).toBe(secret);
      expect(onDisk()).toBe(home);
    });

    it('as the config or content/ itself', () => {
      renameSync(join(root, 'site.config.json'), join(outside, 'site.config.json'));
      symlinkSync(join(outside, 'site.config.json'), join(root, 'site.config.json'));
      renameSync(join(root, 'content'), join(outside, 'content'));
      symlinkSync(join(outside, 'content'), join(root, 'content'));
      expect(files.list()).toEqual([]);
      expect(() => files.read('site.config.json')).toThrow(RefusedPathError);
      expect(() => files.create('content/pages/new.json', '{}')).toThrow(RefusedPathError);
      expect(existsSync(join(outside, 'content/pages/new.json'))).toBe(false);
    });

    it('while a new page in a new folder of the site is made as before', () => {
      files.create('content/pages/diensten/seo.json', '{ "title": "SEO", "blocks": [] }\n');
      expect(files.list()).toContain('content/pages/diensten/seo.json');
    });
  });
});
