import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemaSet } from '../../../core/validate/schemas.ts';
import { blockInfo, fieldText, itemLabel } from '../form/labels.ts';
import { linksTexts } from '../form/links-texts.ts';
import { resolve, type SchemaFiles } from '../form/schema.ts';
import { foldText, indexSite, inReadingOrder, placeOf, searchSite, type IndexedFile } from './site-index.ts';

const root = process.cwd();
const schemas = Object.fromEntries(loadSchemaSet(join(root, 'schemas')).byPath) as SchemaFiles;

/** A fixture site's files as the studio holds them: its config and everything under content/, by path. */
function fixtureFiles(name: string): Record<string, { text: string }> {
  const site = join(root, 'tests/fixtures', name);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
  const paths = ['site.config.json', ...walk(join(site, 'content')).map((f) => relative(site, f).split(sep).join('/'))];
  return Object.fromEntries(paths.map((path) => [path, { text: readFileSync(join(site, path), 'utf8') }]));
}

const nl = linksTexts('nl');
const en = linksTexts('en');
const find = (files: IndexedFile[], path: string, pointer: string) => {
  const file = files.find((f) => f.path === path)!;
  return { file, text: file.texts.find((t) => t.pointer === pointer)! };
};

describe('the site index', () => {
  const base = indexSite(schemas, 'nl', fixtureFiles('base'));

  it('holds every string value of every file, with its pointer, but the fixed ones (a block type) and $schema', () => {
    const home = base.find((f) => f.path === 'content/pages/home.json')!;
    expect(home.title).toBe('Home');
    expect(home.texts.map((t) => t.pointer)).toContain('/blocks/1/paragraphs/1');
    expect(home.texts.map((t) => t.pointer)).toContain('/blocks/2/content/2/ul/0');
    expect(home.texts.some((t) => t.pointer.endsWith('/type') || t.pointer === '/$schema')).toBe(false);
    expect(base.map((f) => f.path)).toContain('content/forms/contact.json');
  });

  it("names a place by its page, its block and the labels of the fields down to it (the label catalog's words)", () => {
    const defs = schemas['defs.schema.json']!.definitions as Record<string, SchemaFiles[string]>;
    const hero = resolve(schemas, { schema: schemas['blocks/hero.schema.json']!, file: 'blocks/hero.schema.json' }).schema;
    const { file, text } = find(base, 'content/pages/home.json', '/blocks/0/buttons/0/to');
    expect(text.block).toEqual({ index: 0, name: blockInfo('nl', 'hero').name });
    expect(placeOf(file, text, nl)).toBe(
      `Home › Blok 1 (${blockInfo('nl', 'hero').name}) › ${itemLabel('nl', hero, 'buttons', 0)} › ${fieldText('nl', defs.button!, 'to').label}`,
    );
    const site = schemas['site.schema.json']!;
    const navigation = resolve(schemas, { schema: site.properties!.navigation!, file: 'site.schema.json' }).schema;
    const link = defs.link!;
    const nav = find(base, 'site.config.json', '/navigation/links/1/label');
    expect(placeOf(nav.file, nav.text, nl)).toBe(
      `Instellingen van de site › ${fieldText('nl', site, 'navigation').label} › ${itemLabel('nl', navigation, 'links', 1)} › ${fieldText('nl', link, 'label').label}`,
    );
    const paragraph = find(base, 'content/pages/home.json', '/blocks/1/paragraphs/1');
    const textBlock = resolve(schemas, { schema: schemas['blocks/text.schema.json']!, file: 'blocks/text.schema.json' }).schema;
    expect(placeOf(paragraph.file, paragraph.text, nl)).toBe(
      `Home › Blok 2 (${blockInfo('nl', 'text').name}) › ${itemLabel('nl', textBlock, 'paragraphs', 1)}`,
    );
    // an English site's places are in English
    const english = indexSite(schemas, 'en', fixtureFiles('en'));
    const button = find(english, 'content/pages/home.json', '/blocks/0/buttons/0/label');
    expect(placeOf(button.file, button.text, en)).toBe(
      `${button.file.title} › Block 1 (${blockInfo('en', 'hero').name}) › ${itemLabel('en', hero, 'buttons', 0)} › ${fieldText('en', defs.button!, 'label').label}`,
    );
  });

  it('marks the values of link fields, and only those', () => {
    const links = base.flatMap((f) => f.texts.filter((t) => t.link).map((t) => `${f.path}#${t.pointer}`));
    expect(links).toContain('content/pages/home.json#/blocks/0/buttons/0/to');
    expect(links).toContain('site.config.json#/landing/redirectTo');
    // the route table's paths are routes, not links
    expect(links.filter((l) => l.includes('/routes/'))).toEqual([]);
    expect(links.filter((l) => l.includes('/images/'))).toEqual([]);
  });

  it('walks a file again only when the studio holds a new copy of it', () => {
    const files = fixtureFiles('base');
    const first = indexSite(schemas, 'nl', files);
    const changed = { ...files, 'content/pages/home.json': { text: files['content/pages/home.json']!.text.replace('Welkom', 'Hallo') } };
    const second = indexSite(schemas, 'nl', changed);
    expect(second.find((f) => f.path === 'site.config.json')).toBe(first.find((f) => f.path === 'site.config.json'));
    expect(second.find((f) => f.path === 'content/pages/home.json')).not.toBe(first.find((f) => f.path === 'content/pages/home.json'));
    expect(indexSite(schemas, 'en', changed).find((f) => f.path === 'site.config.json')).not.toBe(first.find((f) => f.path === 'site.config.json'));
  });

  it('gives a file that does not parse no texts', () => {
    const [broken] = indexSite(schemas, 'nl', { 'content/pages/half.json': { text: '{ "title": "Ha' } });
    expect(broken!.texts).toEqual([]);
  });
});

describe('the site search', () => {
  const base = inReadingOrder(indexSite(schemas, 'nl', fixtureFiles('base')));
  const english = inReadingOrder(indexSite(schemas, 'en', fixtureFiles('en')));

  it('folds case and accents', () => {
    expect(foldText('Café ÉÉN Zoë')).toBe('cafe een zoe');
  });

  it('finds a text whatever its case and accents, with a snippet around the match', () => {
    const { hits, total } = searchSite(base, 'ALINEA');
    expect(total).toBe(2);
    expect(hits.map((h) => h.text.pointer)).toEqual(['/blocks/1/paragraphs/0', '/blocks/1/paragraphs/1']);
    expect(hits[0]!.snippet).toEqual(['Eerste ', 'alinea', '.']);
    const accented = searchSite(base, 'een klEINE site');
    expect(accented.hits[0]!.snippet.join('')).toBe('Een kleine site om fouten op te bouwen.');
    expect(accented.hits[0]!.snippet[1]).toBe('Een kleine site');
  });

  it('matches accents in the text from a query without them, and marks the original letters', () => {
    const files = [
      {
        path: 'content/pages/x.json',
        title: 'X',
        texts: indexSite(schemas, 'nl', { 'content/pages/x.json': { text: '{"title":"Een café in Zoë’s straat"}' } })[0]!.texts,
      },
    ];
    const { hits } = searchSite(files, 'cafe')!;
    expect(hits[0]!.snippet).toEqual(['Een ', 'café', ' in Zoë’s straat']);
  });

  it('takes every word of the query, in any order, the words together first; pages before the settings', () => {
    const { hits } = searchSite(english, 'design free');
    expect(hits.length).toBeGreaterThan(1);
    const together = hits.findIndex((h) => !foldText(h.text.value).includes('design free'));
    expect(hits.slice(together).every((h) => !h.text.folded.includes('design free'))).toBe(true);
    const files = searchSite(english, 'contact').hits.map((h) => h.file.path);
    expect(files.indexOf('site.config.json')).toBeGreaterThan(files.lastIndexOf('content/pages/home.json'));
  });

  it('says how many there are when it shows only the first', () => {
    const { hits, total } = searchSite(english, 'e', 5);
    expect(hits).toHaveLength(5);
    expect(total).toBeGreaterThan(5);
    expect(searchSite(english, '   ').total).toBe(0);
  });
});
