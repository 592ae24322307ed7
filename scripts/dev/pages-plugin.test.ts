import { describe, expect, it } from 'vitest';
import { renderedDocuments } from './pages-plugin.ts';

describe('renderedDocuments', () => {
  const page = (html: string) => ({ status: 200, html });

  it('renders a page once for every request made while its modules are unchanged', async () => {
    const documents = renderedDocuments();
    const entry = {};
    let renders = 0;
    const render = async () => page(`<p>render ${++renders}</p>`);
    const answers = await Promise.all([documents.of(entry, 1, '/', render), documents.of(entry, 1, '/', render), documents.of(entry, 1, '/', render)]);
    expect(answers.map((a) => a.html)).toEqual(['<p>render 1</p>', '<p>render 1</p>', '<p>render 1</p>']);
    // asked again after the first render finished: still the same document
    expect((await documents.of(entry, 1, '/', render)).html).toBe('<p>render 1</p>');
    expect(renders).toBe(1);
  });

  it('renders again for a new entry module (an edit invalidated the old one), and each URL apart', async () => {
    const documents = renderedDocuments();
    let renders = 0;
    const render = async () => page(`<p>render ${++renders}</p>`);
    const before = {};
    const after = {};
    expect((await documents.of(before, 1, '/', render)).html).toBe('<p>render 1</p>');
    expect((await documents.of(after, 1, '/', render)).html).toBe('<p>render 2</p>');
    expect((await documents.of(after, 1, '/?preview', render)).html).toBe('<p>render 3</p>');
    expect((await documents.of(after, 1, '/', render)).html).toBe('<p>render 2</p>');
  });

  it("renders again for a new version of the pages' data (a site file edited) with the same entry module", async () => {
    const documents = renderedDocuments();
    const entry = {};
    let renders = 0;
    const render = async () => page(`<p>render ${++renders}</p>`);
    const before = {};
    const after = {};
    expect((await documents.of(entry, before, '/', render)).html).toBe('<p>render 1</p>');
    expect((await documents.of(entry, after, '/', render)).html).toBe('<p>render 2</p>');
    expect((await documents.of(entry, after, '/', render)).html).toBe('<p>render 2</p>');
  });

  it('does not keep a failed render: the next request renders again', async () => {
    const documents = renderedDocuments();
    const entry = {};
    await expect(documents.of(entry, 1, '/', async () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect((await documents.of(entry, 1, '/', async () => page('<p>fixed</p>'))).html).toBe('<p>fixed</p>');
  });
});
