import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { FormConfig } from './form-types.ts';
import { composeMessage } from './message.ts';
import { initialValues } from './validation.ts';

const form = (id: string) => fixtureSite().forms[id] as unknown as FormConfig;

describe('composeMessage with the site forms', () => {
  it('contact: heading, lines, Niet opgegeven for an empty phone, message below its label', () => {
    const values = { ...initialValues(form('contact')), name: ' Jan Jansen ', email: 'jan@example.nl', message: 'Graag een belletje.\nMet vriendelijke groet' };
    expect(composeMessage(form('contact'), values)).toBe(
      [
        'Nieuwe contact aanvraag',
        '',
        'Naam: Jan Jansen',
        'Email: jan@example.nl',
        'Telefoon: Niet opgegeven',
        '',
        'Bericht:',
        'Graag een belletje.\nMet vriendelijke groet',
      ].join('\n'),
    );
  });

  it('quote: chosen services by label in option order; placeholders for empty phone, company and services', () => {
    const base = { ...initialValues(form('quote')), name: 'Jan', email: 'jan@example.nl', message: 'Nieuwe site' };
    const filled = composeMessage(form('quote'), { ...base, phone: '0612345678', company: 'Jansen BV', services: ['digital-marketing', 'web-development'] });
    expect(filled).toContain('Telefoon: 0612345678\nBedrijf: Jansen BV\nDiensten: Web Development, Digitale Marketing');
    expect(filled.startsWith('Nieuwe offerte aanvraag\n\n')).toBe(true);
    const empty = composeMessage(form('quote'), base);
    expect(empty).toContain('Telefoon: Niet opgegeven\nBedrijf: Niet opgegeven\nDiensten: Geen diensten geselecteerd');
  });

  it("demo: hidden phone and industry, features, links one per line, and Geen foto's geüpload without photos", () => {
    const values = { ...initialValues(form('demo')), name: 'Jan', email: 'jan@example.nl', company: 'Jansen BV', features: ['blog', 'about'] };
    const withLinks = composeMessage(form('demo'), values, { images: ['https://i.example/a.png', 'data:image/png;base64,AAA'] });
    expect(withLinks).toContain('Bedrijf: Jansen BV\nTelefoon: Niet opgegeven\nBranche: Niet opgegeven');
    expect(withLinks).toContain("Gewenste pagina's: Over ons, Blog");
    expect(withLinks.endsWith("Foto's:\nhttps://i.example/a.png\ndata:image/png;base64,AAA")).toBe(true);
    expect(withLinks.startsWith('Nieuwe demo website aanvraag\n\n')).toBe(true);
    expect(composeMessage(form('demo'), values)).toContain("Foto's:\nGeen foto's geüpload");
  });

  it('keeps a one-line value on its line, so a stored name with line breaks forges no "Email:" line', () => {
    const values = { ...initialValues(form('contact')), name: 'Jan\nEmail: directeur@example.nl\r\nTelefoon: 0900-1234567', email: 'jan@example.nl' };
    const lines = composeMessage(form('contact'), values).split('\n');
    expect(lines.filter((line) => line.startsWith('Email:'))).toEqual(['Email: jan@example.nl']);
    expect(lines).toContain('Naam: Jan Email: directeur@example.nl Telefoon: 0900-1234567');
  });
});
