// @vitest-environment jsdom
// (jsdom for its DOMParser: a block's picture must parse as an SVG document, as the browser will parse it)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelFor, resolve, shownMembers, typeOf, variants, type Located, type Schema, type SchemaFiles } from './schema.ts';
import { blockInfo, catalogBlock, catalogChoice, catalogText, choiceLabel, fieldText, itemLabel, schemaName } from './labels.ts';
import { pictures } from './labels/pictures.ts';

/** The schemas as the studio gets them: every file under schemas/, parsed, by its path there. */
function readSchemas(dir: string): SchemaFiles {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.json') ? [join(d, e.name)] : []));
  return Object.fromEntries(walk(dir).map((f) => [relative(dir, f).split(sep).join('/'), JSON.parse(readFileSync(f, 'utf8')) as Schema]));
}

const files = readSchemas(join(process.cwd(), 'schemas'));
const ROOTS = ['site.schema.json', 'page.schema.json', 'collection.schema.json', 'form.schema.json', 'block.schema.json'];
const LANGS = ['nl', 'en'];
/** A key of a map's value (an upload's MIME type): the map names its values after their key. */
const MAP_KEY = 'image/png';

/** One object the forms show: its resolved schema (what the form has in hand) and the keys of its fields. */
interface Shown {
  where: string;
  parent: Schema;
  file: string;
  keys: string[];
}

/**
 * Every object reachable from the roots, the way the form reaches it: $refs followed and allOf merged (`resolve`),
 * every branch of a oneOf (a value picks one of them), list items, the members the form shows (`shownMembers`) and
 * the values of a map. One entry per distinct object, by its catalog name and its keys.
 */
function shownObjects(schemas: SchemaFiles): Shown[] {
  const found = new Map<string, Shown>();
  const visit = (located: Located, where: string, depth: number): void => {
    if (depth > 30) return;
    const { schema, file } = resolve(schemas, located);
    if (schema.oneOf) return schema.oneOf.forEach((option) => visit({ schema: option, file }, where, depth + 1));
    if (typeOf(schema) === 'array' && schema.items) return visit({ schema: schema.items, file }, `${where}[]`, depth + 1);
    if (typeOf(schema) !== 'object') return;
    const members = shownMembers(schema);
    const more = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Schema) : undefined;
    const keys = [...members.map(([key]) => key), ...(more ? [MAP_KEY] : [])];
    const id = `${schemaName(schema) ?? where}|${keys.join(',')}`;
    if (found.has(id)) return;
    found.set(id, { where, parent: schema, file, keys });
    for (const [key, child] of members) visit({ schema: child, file }, `${where}/${key}`, depth + 1);
    if (more) visit({ schema: more, file }, `${where}/*`, depth + 1);
  };
  for (const root of ROOTS) if (schemas[root]) visit({ schema: schemas[root], file: root }, root, 0);
  return [...found.values()];
}

/** The field's value schema, resolved as the form resolves it. */
function memberSchema(schemas: SchemaFiles, shown: Shown, key: string): Schema {
  const own = shown.parent.properties?.[key] ?? (shown.parent.additionalProperties as Schema);
  return resolve(schemas, { schema: own, file: shown.file }).schema;
}

/** What the catalog lacks for the options of a choice: each needs its own words, different from its siblings'. */
function missingChoices(lang: string, shown: Shown, key: string, options: unknown[], at: string): string[] {
  const words = options.map((option) => catalogChoice(lang, shown.parent, key, option));
  const problems = options.flatMap((option, i) => (words[i]?.trim() ? [] : [`${at}: no words for the option "${String(option)}"`]));
  if (new Set(words.map((w) => w?.toLowerCase())).size < options.length) problems.push(`${at}: two options with the same words`);
  return problems;
}

/** What the catalog of `lang` lacks or gets wrong for the fields of the schemas: one line per problem, empty when complete. */
function missingWords(schemas: SchemaFiles, lang: string): string[] {
  const problems: string[] = [];
  for (const shown of shownObjects(schemas)) {
    const name = schemaName(shown.parent) ?? `(untitled object at ${shown.where})`;
    const labels = new Map<string, string>();
    for (const key of shown.keys) {
      const at = `${lang} ${name}.${key} (${shown.where})`;
      const words = catalogText(lang, shown.parent, key);
      if (!words) {
        problems.push(`${at}: no label and help in the catalog`);
        continue;
      }
      const label = words.label.trim();
      const raw = [key, labelFor(key)].map((s) => s.toLowerCase());
      if (!label || raw.includes(label.toLowerCase())) problems.push(`${at}: the label "${label}" is the raw key`);
      if (!words.help.trim()) problems.push(`${at}: no help`);
      if (key === MAP_KEY && !label.includes(MAP_KEY)) problems.push(`${at}: a map's value is not named after its key`);
      if (fieldText(lang, shown.parent, key).label !== words.label) problems.push(`${at}: fieldText does not give the catalog's label`);
      const member = memberSchema(schemas, shown, key);
      if (typeOf(member) === 'array' && !words.item?.trim()) problems.push(`${at}: a list without the noun of its items`);
      if (member.enum) problems.push(...missingChoices(lang, shown, key, member.enum, at));
      const twin = labels.get(label.toLowerCase());
      if (twin) problems.push(`${at}: the label "${label}" is also the label of ${twin}`);
      labels.set(label.toLowerCase(), key);
    }
  }
  return problems;
}

const blockTypes = (schemas: SchemaFiles) => variants(schemas, { schema: schemas['block.schema.json'] ?? {}, file: 'block.schema.json' });

/** What the catalog of `lang` lacks for the block types: a name, a description, a picture of its own that parses as SVG. */
function missingBlocks(schemas: SchemaFiles, lang: string): string[] {
  const problems: string[] = [];
  const names = new Map<string, string>();
  for (const { tag } of blockTypes(schemas)) {
    const words = catalogBlock(lang, tag);
    if (!words?.name.trim() || !words.description.trim()) problems.push(`${lang} ${tag}: no name and description in the catalog`);
    else if ([tag, labelFor(tag)].map((s) => s.toLowerCase()).includes(words.name.toLowerCase())) problems.push(`${lang} ${tag}: the name is the raw type`);
    if (!Object.hasOwn(pictures, tag)) problems.push(`${tag}: no picture of its own`);
    const svg = new DOMParser().parseFromString(blockInfo(lang, tag).picture, 'image/svg+xml');
    const root = svg.documentElement;
    if (svg.getElementsByTagName('parsererror').length > 0 || root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg')
      problems.push(`${tag}: the picture is not an SVG document`);
    else if (root.getAttribute('viewBox') !== '0 0 120 72' || root.textContent?.trim())
      problems.push(`${tag}: the picture is not a 120 x 72 drawing without text`);
    const twin = words && names.get(words.name.toLowerCase());
    if (twin) problems.push(`${lang} ${tag}: the name "${words.name}" is also the name of ${twin}`);
    if (words) names.set(words.name.toLowerCase(), tag);
  }
  return problems;
}

/** A copy of the schemas with a field added to the hero block, as a developer would add one. */
function withNewHeroField(): SchemaFiles {
  const copy = structuredClone(files);
  const hero = copy['blocks/hero.schema.json']!;
  hero.properties = { ...hero.properties, ctaNote: { type: 'string', description: 'Small line under the buttons.' } };
  return copy;
}

describe('the studio’s words for the schemas', () => {
  it('reach every object of the site, its pages, collections, forms and blocks', () => {
    const names = new Set(shownObjects(files).map((s) => schemaName(s.parent)));
    for (const name of ['SiteConfig', 'Page', 'HeroBlock', 'SectionHeading', 'FaqItem', 'InputField', 'ImagesFieldAccept', 'CarouselLabels', 'FormMailLine'])
      expect(names).toContain(name);
  });

  for (const lang of LANGS) {
    it(`give every field a label, a help line and, for a list, an item noun (${lang})`, () => {
      expect(missingWords(files, lang)).toEqual([]);
    });

    it(`give every block type a name, a description and a picture (${lang})`, () => {
      expect(missingBlocks(files, lang)).toEqual([]);
    });
  }

  it('speak Dutch on a Dutch site and English on any other', () => {
    const page = files['page.schema.json']!;
    expect(fieldText('nl', page, 'noindex').label).toBe('Verbergen voor zoekmachines');
    expect(fieldText('nl-BE', page, 'noindex').label).toBe('Verbergen voor zoekmachines');
    expect(fieldText('en', page, 'noindex').label).toBe('Hide from search engines');
    expect(fieldText('de', page, 'noindex').label).toBe('Hide from search engines');
    expect(blockInfo('nl', 'faq').name).toBe('Veelgestelde vragen');
    expect(blockInfo('en', 'faq').name).toBe('Frequently asked questions');
  });

  it('name the items of a list with a singular noun and their number from 1', () => {
    const faq = resolve(files, { schema: files['collections/faq.schema.json']!, file: 'collections/faq.schema.json' }).schema;
    expect(itemLabel('nl', faq, 'items', 2)).toBe('Vraag 3');
    expect(itemLabel('en', faq, 'items', 0)).toBe('Question 1');
    const cta = files['blocks/cta.schema.json']!;
    expect(itemLabel('nl', cta, 'buttons', 1)).toBe('Knop 2');
  });

  it('key a field by the object that holds it: a button’s text and a link’s text differ, a phone link is no raw key', () => {
    const defs = files['defs.schema.json']!.definitions as Record<string, Schema>;
    expect(fieldText('nl', defs.button!, 'label').label).toBe('Tekst op de knop');
    expect(fieldText('nl', defs.link!, 'label').label).toBe('Linktekst');
    const contact = (files['site.schema.json']!.properties as Record<string, Schema>).contact!;
    expect(fieldText('nl', contact, 'phone').label).toBe('Telefoonnummer');
    expect(fieldText('nl', contact, 'phoneHref').label).not.toMatch(/href/i);
  });

  it('say a choice’s options in plain words, keyed like the fields', () => {
    const defs = files['defs.schema.json']!.definitions as Record<string, Schema>;
    expect(choiceLabel('nl', defs.button!, 'variant', 'secondary')).toBe('Met rand');
    expect(choiceLabel('en', defs.button!, 'variant', 'ghost')).toBe('Text only');
    const values = resolve(files, { schema: files['blocks/values.schema.json']!.properties!.items!.items!, file: 'blocks/values.schema.json' }).schema;
    expect(choiceLabel('nl', values, 'icon', 'rocket')).toBe('Raket');
    expect(choiceLabel('nl', values, 'icon', 'not-an-icon')).toBe('not-an-icon');
    const added = structuredClone(files);
    ((added['defs.schema.json']!.definitions as Record<string, Schema>).button!.properties!.variant!.enum as unknown[]).push('outline');
    expect(missingWords(added, 'nl')).toEqual([expect.stringContaining('ButtonLink.variant')]);
  });

  it('name a map’s values after their key', () => {
    const images = files['forms/images-field.schema.json']!.properties!.accept!;
    expect(fieldText('nl', images, 'image/webp').label).toBe('Extensies voor image/webp');
    expect(itemLabel('nl', images, 'image/webp', 0)).toBe('Extensie 1');
  });

  it('show a field a developer adds without words by its schema, and the check then fails and names it', () => {
    const added = withNewHeroField();
    const hero = added['blocks/hero.schema.json']!;
    expect(fieldText('nl', hero, 'ctaNote')).toEqual({ label: 'Cta note', help: 'Small line under the buttons.' });
    expect(missingWords(added, 'nl')).toEqual([expect.stringContaining('HeroBlock.ctaNote')]);
  });

  it('show a block type a developer adds without words by its schema, and the check then fails and names it', () => {
    const added = structuredClone(files);
    added['blocks/pricing.schema.json'] = {
      title: 'PricingTableBlock',
      description: 'Prices side by side.',
      type: 'object',
      properties: { type: { const: 'pricing' }, heading: { type: 'string' } },
    };
    added['block.schema.json']!.oneOf = [...(added['block.schema.json']!.oneOf ?? []), { $ref: 'blocks/pricing.schema.json' }];
    const info = blockInfo('nl', 'pricing', added['blocks/pricing.schema.json']);
    expect(info.name).toBe('Pricing table block');
    expect(info.description).toBe('Prices side by side.');
    expect(info.picture).toMatch(/^<svg /);
    expect(missingBlocks(added, 'nl')).toEqual([expect.stringContaining('pricing: no name'), expect.stringContaining('pricing: no picture')]);
  });
});
