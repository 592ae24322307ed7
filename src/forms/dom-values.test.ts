import { describe, expect, it } from 'vitest';
import { withDomValues } from './dom-values.ts';

describe('withDomValues', () => {
  it('takes what the DOM holds where it differs from the state', () => {
    expect(withDomValues({ name: '', email: 'a@b.nl' }, { name: 'Jan', email: 'a@b.nl' })).toEqual({ name: 'Jan', email: 'a@b.nl' });
  });

  it('keeps the order the boxes were ticked in when the DOM has the same choice', () => {
    expect(withDomValues({ services: ['seo', 'web'] }, { services: ['web', 'seo'] })).toEqual({ services: ['seo', 'web'] });
    expect(withDomValues({ services: ['seo'] }, { services: ['web', 'seo'] })).toEqual({ services: ['web', 'seo'] });
  });

  it('leaves fields the DOM has no input for (photos, hidden fields) as they are', () => {
    expect(withDomValues({ source: 'landing', name: '' }, { name: 'Els' })).toEqual({ source: 'landing', name: 'Els' });
  });
});
