import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../core/site/schema-types.ts';
import type { Problem } from '../../../core/validate/validate.ts';
import { firstNumber, firstString, firstText, type NewValueOptions } from './first-values.ts';
import { loadFixture, problemsWith, routesOf, schemas, type Fixture } from '../fixture-site.testing.ts';
import { fieldSchema, initialValue, resolve, schemaAt, schemaFileFor, typeOf, variants, type Located } from './schema.ts';

type Json = Record<string, unknown>;
type Path = (string | number)[];

/** A problem no first value can avoid: a block names a collection of a kind the site has none of. */
const unavoidable = (fixture: Fixture, problem: Problem) => {
  const missing = /^collection "([a-z-]+)" not found/.exec(problem.message)?.[1];
  return missing !== undefined && !fixture.kinds.has(missing);
};

function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Json;
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Json)[key as string], copy) as Json | unknown[];
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 0, value);
  else (parent as Json)[last] = value;
  return copy;
}

interface Addition {
  /** where, and what was added: "/blocks/0/buttons/- (an item)" */
  what: string;
  /** the file with it */
  data: unknown;
}

/**
 * Every add the studio's form offers in a value: an item at the end of each list (not at its maximum), a first
 * item of each absent list, and each absent group. `key` and `existing` are passed when `told`, as the form can.
 */
function additions(root: unknown, located: Located, value: unknown, path: Path, ctx: NewValueOptions, told: boolean): Addition[] {
  const here = fieldSchema(schemas, located, value);
  const { schema, file } = here;
  const key = path[path.length - 1];
  const item = (items: unknown[]) => initialValue(schemas, { schema: schema.items!, file }, told ? { ...ctx, key, existing: items } : ctx);
  if (Array.isArray(value)) {
    const own = schema.items && (schema.maxItems === undefined || value.length < schema.maxItems);
    return [
      ...(own ? [{ what: `${pointer(path)}/- (an item)`, data: setAt(root, [...path, value.length], item(value)) }] : []),
      ...value.flatMap((v, i) => additions(root, { schema: schema.items ?? {}, file }, v, [...path, i], ctx, told)),
    ];
  }
  if (typeof value !== 'object' || value === null) return [];
  // a group that holds all the members it may (a rich text's node: one of h2, p, ul...) takes no other
  const full = typeof schema.maxProperties === 'number' && Object.keys(value).length >= schema.maxProperties;
  return Object.entries(schema.properties ?? {}).flatMap(([name, child]): Addition[] => {
    const member = (value as Json)[name];
    if (member !== undefined) return additions(root, { schema: child, file }, member, [...path, name], ctx, told);
    if (full) return [];
    const resolved = resolve(schemas, { schema: child, file });
    const type = typeOf(resolved.schema);
    if (type === 'object' && !resolved.schema.oneOf) {
      const group = initialValue(schemas, resolved, told ? { ...ctx, key: name } : ctx);
      return [{ what: `${pointer([...path, name])} (a group)`, data: setAt(root, [...path, name], group) }];
    }
    if (type === 'array' && resolved.schema.items) {
      const first = initialValue(schemas, { schema: resolved.schema.items, file: resolved.file }, told ? { ...ctx, key: name, existing: [] } : ctx);
      return [{ what: `${pointer([...path, name])} (a first item)`, data: setAt(root, [...path, name], [first]) }];
    }
    return [];
  });
}

const pointer = (path: Path) => (path.length ? `/${path.join('/')}` : '');

const at = (data: unknown, path: Path) => path.reduce<unknown>((node, key) => (node as Json)[key as string], data);

/** A union's every kind (block types, form fields), each added at the end of its list: the file with it, and where. */
function everyKind(data: unknown, list: Path, union: string, ctx: NewValueOptions) {
  const items = at(data, list) as unknown[];
  return variants(schemas, { schema: schemas[union]!, file: union }).map(({ tag, located }) => ({
    tag,
    path: [...list, items.length],
    data: setAt(data, [...list, items.length], initialValue(schemas, located, ctx)),
  }));
}

describe.each(['base', 'en'])('a new value on the %s fixture', (name) => {
  const fixture = loadFixture(name);
  const { ctx } = fixture;
  const check = (file: string, data: unknown, what: string) => {
    const problems = problemsWith(fixture, file, data).filter((p) => !unavoidable(fixture, p));
    expect(problems.map((p) => `${what}: ${p.file} ${p.pointer} ${p.message}`)).toEqual([]);
  };

  it('the fixture is valid as it is', () => {
    expect(problemsWith(fixture, 'site.config.json', JSON.parse(fixture.texts.get('site.config.json')!))).toEqual([]);
  });

  // the tests below are made one per page, per file and per form: none would run without them
  it('has pages, forms and the unions of blocks, fields and collections to add from', () => {
    expect(fixture.ctx.paths.filter((p) => p.startsWith('content/pages/')).length).toBeGreaterThan(0);
    expect(fixture.ctx.paths.filter((p) => p.startsWith('content/forms/')).length).toBeGreaterThan(0);
    for (const union of ['block.schema.json', 'forms/field.schema.json', 'collection.schema.json']) {
      expect(variants(schemas, { schema: schemas[union]!, file: union }).length, union).toBeGreaterThan(1);
    }
  });

  for (const page of fixture.ctx.paths.filter((p) => p.startsWith('content/pages/'))) {
    it(`every block type added to ${page} is valid, and so is each list item and group added in it`, () => {
      const data = JSON.parse(fixture.texts.get(page)!) as Json;
      for (const added of everyKind(data, ['blocks'], 'block.schema.json', ctx)) {
        check(page, added.data, `a new ${added.tag} block`);
        const block = at(added.data, added.path);
        for (const told of [false, true]) {
          for (const more of additions(added.data, { schema: schemas['block.schema.json']!, file: 'block.schema.json' }, block, added.path, ctx, told)) {
            check(page, more.data, `in a new ${added.tag} block, ${more.what}`);
          }
        }
      }
    });
  }

  for (const file of fixture.ctx.paths) {
    it(`every item, first item and group added in ${file} is valid`, () => {
      const data = JSON.parse(fixture.texts.get(file)!) as unknown;
      const root: Located = { schema: schemas[schemaFileFor(file)]!, file: schemaFileFor(file) };
      for (const told of [false, true]) {
        const all = additions(data, root, data, [], ctx, told);
        expect(all.length).toBeGreaterThan(0);
        for (const added of all) check(file, added.data, `${added.what}${told ? ' (with its key and list)' : ''}`);
      }
    });
  }

  for (const form of fixture.ctx.paths.filter((p) => p.startsWith('content/forms/'))) {
    it(`every kind of field added to ${form} is valid, and so is each item and group added in it`, () => {
      const data = JSON.parse(fixture.texts.get(form)!) as Json;
      for (const added of everyKind(data, ['fields'], 'forms/field.schema.json', ctx)) {
        check(form, added.data, `a new ${added.tag} field`);
        const field = at(added.data, added.path);
        for (const more of additions(
          added.data,
          { schema: schemas['forms/field.schema.json']!, file: 'forms/field.schema.json' },
          field,
          added.path,
          ctx,
          true,
        )) {
          check(form, more.data, `in a new ${added.tag} field, ${more.what}`);
        }
      }
    });
  }

  it('a collection of every kind, and every item and group added in it, is valid', () => {
    for (const { tag, located } of variants(schemas, { schema: schemas['collection.schema.json']!, file: 'collection.schema.json' })) {
      const file = `content/collections/new-${tag}.json`;
      const data = { ...(initialValue(schemas, located, ctx) as Json), $schema: '../../schemas/collection.schema.json' };
      check(file, data, `a new ${tag} collection`);
      for (const added of additions(data, { schema: schemas['collection.schema.json']!, file: 'collection.schema.json' }, data, [], ctx, true)) {
        check(file, added.data, `in a new ${tag} collection, ${added.what}`);
      }
    }
  });

  it('a city, a landing service and a route added twice in a row stay apart (slugs and routes)', () => {
    let data = JSON.parse(fixture.texts.get('site.config.json')!) as SiteConfig;
    const site: Located = { schema: schemas['site.schema.json']!, file: 'site.schema.json' };
    for (const list of [['landing', 'cities'], ['landing', 'services'], ['routes']]) {
      for (const told of [false, true]) {
        for (let round = 0; round < 2; round++) {
          const items = at(data, list) as unknown[];
          const routes = routesOf(data);
          const located = schemaAt(schemas, site, data, list)!;
          const value = initialValue(
            schemas,
            { schema: located.schema.items!, file: located.file },
            told ? { ...ctx, routes, key: list.at(-1), existing: items } : { ...ctx, routes },
          );
          data = setAt(data, [...list, items.length], value) as SiteConfig;
          check('site.config.json', data, `${list.join('/')} item ${round + 1}`);
        }
      }
    }
  });
});

describe('first values', () => {
  it('are texts in the site’s language, by the key of the value', () => {
    expect(firstText('question', 'nl')).toBe('Nieuwe vraag');
    expect(firstText('question', 'en')).toBe('New question');
    expect(firstText('question', 'nl-BE')).toBe('Nieuwe vraag');
    expect(firstText('somethingUnknown', 'nl')).toBe('Nieuwe tekst');
    expect(firstText(undefined, 'de')).toBe('New text');
  });

  it('take a link to the home page, a file of public/ the pattern takes, and a form or collection that exists', () => {
    const options = {
      routes: ['/contact', '/'],
      assets: ['/sounds/a.wav', '/images/b.webp'],
      paths: ['content/forms/quote.json', 'content/forms/contact.json'],
    };
    expect(firstString({ type: 'string', pattern: '^(/|https?://)', 'x-link': true }, options, 'to')).toBe('/');
    expect(firstString({ type: 'string', 'x-link': true }, { routes: ['/contact'] }, 'to')).toBe('/contact');
    expect(firstString({ type: 'string', pattern: '^/.+\\.(webp|png)$', 'x-asset': true }, options, 'src')).toBe('/images/b.webp');
    expect(firstString({ type: 'string', 'x-ref': 'form' }, options, 'form')).toBe('contact');
    const collections = { paths: ['content/collections/faq.json', 'content/collections/testimonials-marketing.json'] };
    expect(firstString({ type: 'string', 'x-ref': 'collection:testimonials' }, collections, 'collection')).toBe('testimonials-marketing');
    expect(firstString({ type: 'string', 'x-ref': 'collection:faq' }, collections, 'collection')).toBe('faq');
    // none of the kind: its name, so the problem says which collection to make
    expect(firstString({ type: 'string', 'x-ref': 'collection:portfolio' }, collections, 'collection')).toBe('portfolio');
  });

  it('fit the pattern, the length and the format, and are numbered apart from the names beside them', () => {
    expect(firstString({ type: 'string', pattern: '^/([a-z0-9]+(-[a-z0-9]+)*)?$' }, { lang: 'nl', routes: ['/', '/nieuwe-pagina'] }, 'path')).toBe(
      '/nieuwe-pagina-2',
    );
    expect(firstString({ type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }, { lang: 'en' }, 'slug', ['new-service'])).toBe('new-service-2');
    expect(firstString({ type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]*$' }, { lang: 'nl' }, 'name')).toBe('nieuweNaam');
    expect(firstString({ type: 'string', minLength: 2 }, { lang: 'nl', routes: ['/web-nieuwe-stad'] }, 'cities')).toBe('Nieuwe stad 2');
    expect(firstString({ type: 'string', format: 'email' }, { lang: 'nl' }, 'toEmail')).toBe('naam@voorbeeld.nl');
    expect(firstString({ type: 'string', pattern: '^https://' }, { lang: 'en' }, 'href')).toBe('https://');
    expect(firstString({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' }, {}, 'primary')).toBe('#000000');
    expect(firstString({ type: 'string', maxLength: 5 }, { lang: 'en' }, 'question')).toBe('New q');
  });

  it('are numbers inside their bounds', () => {
    expect(firstNumber({ type: 'integer', minimum: 1, maximum: 5 }, 'rating')).toBe(5);
    expect(firstNumber({ type: 'integer', minimum: 2, maximum: 20 }, 'rows')).toBe(4);
    expect(firstNumber({ type: 'integer', minimum: 1000 }, 'delay')).toBe(1000);
    expect(firstNumber({ type: 'number', exclusiveMinimum: 0 }, 'speed')).toBeGreaterThan(0);
    expect(firstNumber({ type: 'integer', minimum: 1, maximum: 3 }, 'maxFiles')).toBe(3);
    expect(firstNumber({ type: 'number' }, undefined)).toBe(0);
  });
});
