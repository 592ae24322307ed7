import { describe, expect, it } from 'vitest';
import { locate, parseJsonSource } from './source-map.ts';

const text = '{\n  "title": "Home",\n  "blocks": [\n    { "type": "hero", "headline": "Welkom" }\n  ]\n}\n';

describe('a JSON file and the places in it', () => {
  it('has its data, and a pointer into it has the line and column of the property an editor looks at', () => {
    const source = parseJsonSource('content/pages/voorbeeld.json', text);
    expect(source.parseErrors).toEqual([]);
    expect(source.data).toEqual({ title: 'Home', blocks: [{ type: 'hero', headline: 'Welkom' }] });
    expect(locate(source, '/blocks/0/headline')).toEqual({ line: 4, column: 23 });
    // a key that is not there: the nearest object that is
    expect(locate(source, '/blocks/0/missing')).toEqual({ line: 4, column: 5 });
    expect(locate(source, '/blocks/0', 'type')).toEqual({ line: 4, column: 7 });
  });

  it('a file that is no JSON gets each error with its place, and no data', () => {
    const source = parseJsonSource('content/pages/voorbeeld.json', text.replace('"Home",', '"Home"'));
    expect(source.data).toBeUndefined();
    expect(source.parseErrors).toEqual([
      {
        line: 3,
        column: 3,
        code: 'json-invalid',
        params: { reason: 'expected "," between items (or a closing bracket)' },
        message: 'invalid JSON: expected "," between items (or a closing bracket)',
      },
    ]);
  });

  it('a byte order mark before the JSON is an error at the start, not a crash', () => {
    const source = parseJsonSource('voorbeeld.config.json', `\uFEFF${text}`);
    expect(source.data).toBeUndefined();
    expect(source.parseErrors[0]).toMatchObject({ line: 1, column: 1 });
  });
});
