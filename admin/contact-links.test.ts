import { describe, expect, it } from 'vitest';
import { internationalPhone, mailLink, telLink } from './contact-links.ts';

describe('calling and mailing a lead', () => {
  it('dials a number typed any way in international form', () => {
    for (const typed of ['06 12345678', '06-12345678', '0612345678', '+31 6 12345678', '0031 6 1234 5678', '+31612345678'])
      expect(internationalPhone(typed), typed).toBe('+31612345678');
    expect(internationalPhone('(020) 123 45 67')).toBe('+31201234567');
    expect(internationalPhone('+32 470 12 34 56')).toBe('+32470123456');
    expect(telLink('06 12345678')).toBe('tel:+31612345678');
  });

  it('offers no call for text that is no number', () => {
    expect(telLink('')).toBeUndefined();
    expect(telLink('bel mij')).toBeUndefined();
    expect(telLink('123')).toBeUndefined();
  });

  it('mails with the subject and the greeting filled in, the address kept whole', () => {
    const link = mailLink('anna+werk@example.nl', 'Offerte aanvragen', 'Beste Anna de Vries,\n\n');
    expect(link).toBe('mailto:anna%2Bwerk@example.nl?subject=Offerte%20aanvragen&body=Beste%20Anna%20de%20Vries%2C%0D%0A%0D%0A');
    const url = new URL(link);
    expect(url.searchParams.get('subject')).toBe('Offerte aanvragen');
    expect(url.searchParams.get('body')).toBe('Beste Anna de Vries,\r\n\r\n');
  });
});
