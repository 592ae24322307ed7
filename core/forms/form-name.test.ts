import { describe, expect, it } from 'vitest';
import { formName } from './form-name.ts';

describe('formName', () => {
  it('is the name the config gives the form, before its heading', () => {
    expect(formName({ id: 'contact', name: 'Contactformulier', heading: 'Stuur ons een bericht' })).toBe('Contactformulier');
  });

  it('is the heading when the form has no name, and the id when it has neither (blank ones count as none)', () => {
    expect(formName({ id: 'contact', heading: 'Stuur ons een bericht' })).toBe('Stuur ons een bericht');
    expect(formName({ id: 'contact', name: ' ', heading: '' })).toBe('contact');
  });
});
