import { describe, expect, it } from 'vitest';
import { formattingOf, insertItem, JsonEditError, moveItem, removeItem, setValue } from './json-edit.ts';

/** Lines of b that differ from a's at the same place, when both have as many lines; otherwise every line counts. */
function changedLines(a: string, b: string): string[] {
  const x = a.split('\n');
  const y = b.split('\n');
  if (x.length !== y.length) return y;
  return y.filter((line, i) => line !== x[i]);
}

const page = `{
  "$schema": "../../schemas/page.schema.json",
  "title":   "Home",
  "x-note": "kept by hand",
  "blocks": [
    { "type": "hero", "heading": "Welkom", "cta": { "label": "Bel ons", "href": "/contact" } },
    {
      "type": "faq",
      "items": [1, 2, 3]
    },
    { "type": "text", "body": "Tekst" }
  ]
}
`;

describe('setValue', () => {
  it('rewrites only the changed value’s bytes, odd spacing and unknown keys included', () => {
    const next = setValue(page, ['blocks', 0, 'heading'], 'Hallo');
    expect(next).toBe(page.replace('"Welkom"', '"Hallo"'));
    expect(setValue(page, ['title'], 'Start')).toBe(page.replace('"Home"', '"Start"'));
  });

  it('compares a whole new block member by member and writes only its changed leaves', () => {
    const block = { type: 'hero', heading: 'Welkom', cta: { label: 'Bel nu', href: '/contact' } };
    expect(setValue(page, ['blocks', 0], block)).toBe(page.replace('"Bel ons"', '"Bel nu"'));
  });

  it('is byte-identical when nothing changed, from the root down', () => {
    expect(setValue(page, [], JSON.parse(page))).toBe(page);
  });

  it('removes keys the new value lacks and appends the ones it adds, in the file’s indent', () => {
    const next = setValue(page, ['blocks', 1], { type: 'faq', items: [1, 2, 3], heading: 'Vragen' });
    expect(next).toBe(page.replace('      "items": [1, 2, 3]\n', '      "items": [1, 2, 3],\n      "heading": "Vragen"\n'));
    const inlineBlock = setValue(page, ['blocks', 2, 'id'], 'meer');
    expect(inlineBlock).toBe(page.replace('{ "type": "text", "body": "Tekst" }', '{ "type": "text", "body": "Tekst", "id": "meer" }'));
    const removed = setValue(page, [], { ...JSON.parse(page), 'x-note': undefined });
    expect(JSON.parse(removed)).not.toHaveProperty('x-note');
    expect(removed).toBe(page.replace('  "x-note": "kept by hand",\n', ''));
  });

  it('grows and shrinks arrays item by item', () => {
    const longer = setValue(page, ['blocks', 1, 'items'], [1, 2, 3, 4]);
    expect(JSON.parse(longer).blocks[1].items).toEqual([1, 2, 3, 4]);
    expect(longer).toBe(page.replace('[1, 2, 3]', '[1, 2, 3, 4]'));
    expect(setValue(page, ['blocks', 1, 'items'], [1])).toBe(page.replace('[1, 2, 3]', '[1]'));
    expect(setValue(page, ['blocks', 1, 'items'], [])).toBe(page.replace('[1, 2, 3]', '[]'));
    expect(setValue(page, ['blocks', 1, 'items'], [2, 3])).toBe(page.replace('[1, 2, 3]', '[2, 3]'));
  });

  it('refuses a path whose parent does not exist, and text that is not JSON', () => {
    expect(() => setValue(page, ['nope', 'deeper'], 1)).toThrow(JsonEditError);
    expect(() => setValue('{ "a": ', ['a'], 1)).toThrow(/not valid JSON/);
  });

  it('keeps CRLF line endings, tab indents and a missing trailing newline', () => {
    const crlf = page.replace(/\n/g, '\r\n');
    const inserted = insertItem(crlf, ['blocks'], 3, { type: 'text', body: 'Nieuw' });
    expect(inserted.replace(/\r\n/g, '')).not.toContain('\n');
    const tabs = '{\n\t"a": [\n\t\t1\n\t]\n}';
    expect(formattingOf(tabs)).toEqual({ unit: '\t', eol: '\n' });
    expect(insertItem(tabs, ['a'], 1, 2)).toBe('{\n\t"a": [\n\t\t1,\n\t\t2\n\t]\n}');
  });
});

describe('array items', () => {
  it('inserts a block in the file’s indent, at any place', () => {
    const next = insertItem(page, ['blocks'], 1, { type: 'text', body: 'Nieuw' });
    expect(JSON.parse(next).blocks.map((b: { type: string }) => b.type)).toEqual(['hero', 'text', 'faq', 'text']);
    expect(next.split('\n').length).toBeGreaterThan(page.split('\n').length);
  });

  it('removes an item with its separator, first, middle and last', () => {
    for (const index of [0, 1, 2]) {
      const next = removeItem(page, ['blocks'], index);
      const expected = (JSON.parse(page).blocks as unknown[]).filter((_, i) => i !== index);
      expect(JSON.parse(next).blocks, `item ${index}`).toEqual(expected);
    }
    expect(JSON.parse(removeItem('{"a":[1]}', ['a'], 0))).toEqual({ a: [] });
  });

  it('moves an item by moving its own text: only the moved lines change, each keeps its formatting', () => {
    const next = moveItem(page, ['blocks'], 2, 0);
    const blocks = JSON.parse(next).blocks as { type: string }[];
    expect(blocks.map((b) => b.type)).toEqual(['text', 'hero', 'faq']);
    expect(next).toContain('    { "type": "text", "body": "Tekst" },\n    { "type": "hero"');
    expect(next).toContain('    {\n      "type": "faq",\n      "items": [1, 2, 3]\n    }\n  ]');
    const list = '{\n  "items": [\n    "a",\n    "b",\n    "c",\n    "d"\n  ]\n}\n';
    const swapped = moveItem(list, ['items'], 1, 2);
    expect(changedLines(list, swapped)).toEqual(['    "c",', '    "b",']);
    expect(moveItem(moveItem(list, ['items'], 0, 3), ['items'], 3, 0)).toBe(list);
    expect(() => moveItem(list, ['items'], 0, 4)).toThrow(JsonEditError);
  });
});
