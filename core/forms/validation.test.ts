import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { CheckboxesField, FormConfig } from './form-types.ts';
import { initialValues, isEmail, validateField, validateForm } from './validation.ts';

const form = (id: string) => fixtureSite().forms[id] as unknown as FormConfig;

describe('validateForm with the site forms', () => {
  it('contact: name and email required, email format checked, phone and message optional', () => {
    const contact = form('contact');
    expect(validateForm(contact, initialValues(contact))).toEqual({ name: 'Vul je naam in.', email: 'Vul je e-mailadres in.' });
    const bad = { ...initialValues(contact), name: 'Jan', email: 'jan@example' };
    expect(validateForm(contact, bad)).toEqual({ email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.' });
    expect(validateForm(contact, { ...bad, email: 'jan@example.nl' })).toEqual({});
  });

  it('treats blanks as empty', () => {
    const contact = form('contact');
    expect(validateForm(contact, { ...initialValues(contact), name: '   ', email: 'a@b.nl' })).toEqual({ name: 'Vul je naam in.' });
  });

  it('quote: only name and email required', () => {
    const quote = form('quote');
    expect(Object.keys(validateForm(quote, initialValues(quote)))).toEqual(['name', 'email']);
  });

  it('demo: company required too; hidden fields start from their defaults', () => {
    const demo = form('demo');
    const values = initialValues(demo);
    expect(values).toMatchObject({ phone: '', industry: '', features: [], customFeatures: '' });
    expect(validateForm(demo, { ...values, name: 'Jan', email: 'jan@example.nl' })).toEqual({ company: 'Vul de naam van uw bedrijf in.' });
  });

  it('reports a value beyond maxLength with the configured text', () => {
    const contact = form('contact');
    const name = contact.fields.find((f) => f.name === 'name')!;
    expect(validateField(name, 'x'.repeat(101), contact.validation)).toBe('Naam mag maximaal 100 tekens bevatten.');
  });

  it('refuses a line break or a control character in a one-line field, with the configured text, and keeps them in a long text', () => {
    const contact = form('contact');
    const field = (name: string) => contact.fields.find((f) => f.name === name)!;
    const forged = 'Jan\nEmail: directeur@example.nl\nTelefoon: 0900-1234567';
    expect(validateField(field('name'), forged, contact.validation)).toBe('Naam mag geen regeleinden of stuurtekens bevatten.');
    for (const bad of ['Jan\rJansen', 'Jan\tJansen', 'Jan\u0000', 'Jan\u007f', 'Jan\u0085', 'Jan\u2028Jansen']) {
      expect(validateField(field('name'), bad, contact.validation), JSON.stringify(bad)).toBe('Naam mag geen regeleinden of stuurtekens bevatten.');
    }
    expect(validateField(field('phone'), '06 1234\n5678', contact.validation)).toMatch(/regeleinden/);
    expect(validateField(field('name'), 'Zoë Ångström-de Vries 😀', contact.validation)).toBeUndefined();
    const message = contact.fields.find((f) => f.type === 'textarea')!;
    expect(validateField(message, 'Regel een\nRegel twee', contact.validation)).toBeUndefined();
  });

  it('a required checkbox group needs one option', () => {
    const field: CheckboxesField = { type: 'checkboxes', name: 'services', label: 'Diensten', required: true, options: [{ value: 'a', label: 'A' }] };
    expect(validateField(field, [], { required: '{label} kiezen' })).toBe('Diensten kiezen');
    expect(validateField(field, ['a'], { required: '{label} kiezen' })).toBeUndefined();
  });
});

describe('isEmail', () => {
  it('takes plain addresses, subaddresses and international domains', () => {
    for (const ok of [
      'anna@example.nl',
      'anna.de.vries+offerte@mail.example.co.uk',
      "o'brien@example.ie",
      'info@bäckerei-müller.de',
      `${'a'.repeat(64)}@example.nl`,
    ]) {
      expect(isEmail(ok), ok).toBe(true);
    }
  });

  it('refuses a display name, a second address, control characters, and more than 64 + 254 characters', () => {
    for (const bad of [
      '"Directie" <anna@example.nl>',
      '<anna@example.nl>',
      'anna@example.nl,boss@example.com',
      'anna@example.nl;boss@example.com',
      'an\u0001na@example.nl',
      'anna@exa\u0007mple.nl',
      'anna@example.nl\r\nBcc:x@y.z',
      'anna@localhost',
      'anna@-example.nl',
      '.anna@example.nl',
      'an..na@example.nl',
      `${'a'.repeat(65)}@example.nl`,
      `anna@${'a'.repeat(250)}.nl`,
    ]) {
      expect(isEmail(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
