import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { missingCollection } from './block-needs.ts';
import { variants, type Schema, type SchemaFiles } from './schema.ts';

function schemaFiles(dir = join(process.cwd(), 'schemas')): SchemaFiles {
  const out: SchemaFiles = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) out[relative(dir, path)] = JSON.parse(readFileSync(path, 'utf8')) as Schema;
    }
  };
  walk(dir);
  return out;
}

const files = schemaFiles();
const blocks = variants(files, { schema: files['block.schema.json']!, file: 'block.schema.json' });
const missing = (type: string, paths: string[]) => missingCollection(files, blocks.find((b) => b.tag === type)!.located, paths);

describe('which block types the site cannot show yet', () => {
  it('a block of a collection kind the site lacks names that kind; one the site has, or a block of no collection, nothing', () => {
    const paths = ['content/pages/home.json', 'content/collections/faq.json', 'content/forms/contact.json'];
    expect(missing('testimonial-carousel', paths)).toBe('testimonials');
    expect(missing('portfolio-grid', paths)).toBe('portfolio');
    expect(missing('faq', paths)).toBeUndefined();
    expect(missing('hero', paths)).toBeUndefined();
  });

  it('a collection named after its kind or starting with it counts', () => {
    expect(missing('testimonial-slider', ['content/collections/testimonials-home.json'])).toBeUndefined();
    expect(missing('testimonial-slider', ['content/collections/my-testimonials.json'])).toBe('testimonials');
  });
});
