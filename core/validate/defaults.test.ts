import { describe, expect, it } from 'vitest';
import { validateSite } from './validate.ts';
import { join } from 'node:path';
import { paths } from '../paths.ts';
import { schemas } from './testing/mutations.ts';

type Blocks = { type: string; header?: { align?: string }; [key: string]: unknown }[];

// the English fixture leaves these values out on purpose
const en = join(paths.root, 'tests/fixtures/en');

describe('schema defaults in the loaded model', () => {
  const result = validateSite({ roots: [en], schemaDir: paths.schemas, schemas });
  const blocks = (page: string) => (result.site!.pages[page] as unknown as { blocks: Blocks }).blocks;

  it('fills what a content file leaves out, from the schemas (4000, 0.3, 3, page)', () => {
    expect(blocks('demo').find((b) => b.type === 'demo-carousel')?.delayMs).toBe(4000);
    expect(blocks('home').find((b) => b.type === 'portfolio-mockup')).toMatchObject({ speed: 0.3, repeat: 3 });
    expect(blocks('home').find((b) => b.type === 'testimonial-carousel')).toMatchObject({ visible: 3 });
    expect(blocks('contact').find((b) => b.type === 'hero')).toMatchObject({ variant: 'page' });
    expect(blocks('demo').find((b) => b.type === 'hero')).toMatchObject({ variant: 'page' });
  });

  it("keeps a block's own default for a shared part: faq and portfolio headings are left, others center", () => {
    expect(blocks('home').find((b) => b.type === 'faq')?.header?.align).toBe('left');
    expect(blocks('home').find((b) => b.type === 'portfolio-mockup')?.header?.align).toBe('left');
    expect(blocks('home').find((b) => b.type === 'testimonial-carousel')?.header?.align).toBe('center');
  });

  it('fills site-wide defaults and never changes a value that was written', () => {
    expect(result.site!.site.chat).toMatchObject({ theme: 'light', position: 'bottom-right', chatboxHeight: 320 });
    expect(result.site!.site.landing.redirectDelayMs).toBe(1500);
  });

  it('leaves the files as read: validation reports them exactly as written', () => {
    expect(result.problems).toEqual([]);
    const again = validateSite({ roots: [en], schemaDir: paths.schemas, schemas });
    expect(again.problems).toEqual([]);
  });
});
