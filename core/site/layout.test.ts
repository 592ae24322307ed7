import { describe, expect, it } from 'vitest';
import { contentFile, fileId, isPageFile, isPagePath, isSiteFile, kindOf, schemaFor } from './layout.ts';

describe('the site layout', () => {
  it('names each kind of file and its schema', () => {
    expect(contentFile('page', 'home')).toBe('content/pages/home.json');
    expect(kindOf('site.config.json')).toBe('config');
    expect(kindOf('content/collections/faq.json')).toBe('collection');
    expect(kindOf('content/other/x.json')).toBeUndefined();
    expect(fileId('content/forms/contact.json')).toBe('contact');
    expect(schemaFor('site.config.json')).toBe('site.schema.json');
    expect(schemaFor('content/pages/home.json')).toBe('page.schema.json');
    expect(schemaFor('content/forms/contact.json')).toBe('form.schema.json');
  });

  it('checks only the files right in their folder, as the validator lists them', () => {
    expect(schemaFor('content/pages/deeper/home.json')).toBeUndefined();
    expect(schemaFor('content/pages/home.txt')).toBeUndefined();
    expect(isPagePath('content/pages/deeper/home.json')).toBe(true);
    expect(isPageFile('content/pages/deeper/home.json')).toBe(false);
  });

  it('takes no way out of the site and no hidden file', () => {
    for (const path of ['content/../site.config.json', 'content/.hidden.json', '/content/pages/a.json', 'public/a.json', 'content//a.json'])
      expect(isSiteFile(path), path).toBe(false);
    expect(isSiteFile('content/pages/a-b_c.json')).toBe(true);
  });
});
