import { describe, expect, it } from 'vitest';
import { countryCode, isDerived, isInternational, phoneEdits, sourceOf, telHref } from './derived.ts';

describe('telHref', () => {
  it('keeps the country code the current link has', () => {
    expect(telHref('085 060 1234', { currentHref: 'tel:+31623456789', currentPhone: '06 2345 6789' })).toBe('tel:+31850601234');
    expect(telHref('0117 496 0999', { currentHref: 'tel:+441174960123', currentPhone: '0117 496 0123', lang: 'en' })).toBe('tel:+441174960999');
    // the current number tells the code's length, even one this file does not know
    expect(telHref('0123 456 789', { currentHref: 'tel:+999123456780', currentPhone: '0123 456 780' })).toBe('tel:+999123456789');
    // a link that no longer matches its number: a known code that starts it
    expect(telHref('020 123 4567', { currentHref: 'tel:+3210000000', currentPhone: 'iets anders' })).toBe('tel:+32201234567');
  });

  it('uses a number typed with + or 00 as it is', () => {
    expect(telHref('+32 2 123 45 67', { currentHref: 'tel:+31623456789' })).toBe('tel:+3221234567');
    expect(telHref('0032 2 123 45 67', { currentHref: 'tel:+31623456789' })).toBe('tel:+3221234567');
    expect(telHref('+31 (0)6 2345 6789', {})).toBe('tel:+31623456789');
  });

  it('without a current link: the organisation’s country, then the language (nl → +31), else the digits as typed', () => {
    expect(telHref('06 2345 6789', { lang: 'nl' })).toBe('tel:+31623456789');
    expect(telHref('02 123 45 67', { lang: 'nl-BE' })).toBe('tel:+3221234567');
    expect(telHref('0117 496 0123', { lang: 'en-GB' })).toBe('tel:+441174960123');
    expect(telHref('0117 496 0123', { lang: 'en', country: 'GB' })).toBe('tel:+441174960123');
    expect(telHref('0117 496 0123', { lang: 'en' })).toBe('tel:01174960123');
    expect(isInternational('tel:01174960123')).toBe(false);
    // Italy keeps its leading 0
    expect(telHref('06 1234 5678', { country: 'IT' })).toBe('tel:+390612345678');
  });

  it('gives nothing while the number has no digits (the link keeps its code for the next ones)', () => {
    expect(telHref('', { lang: 'nl' })).toBeUndefined();
    expect(telHref(' - ', { lang: 'nl' })).toBeUndefined();
    expect(countryCode({ currentHref: 'tel:+31623456789', currentPhone: '' })).toBe('31');
  });
});

describe('phoneEdits', () => {
  const config = {
    lang: 'nl',
    contact: { phone: '06 2345 6789', phoneHref: 'tel:+31623456789', whatsapp: '31623456789', email: 'a@b.nl' },
    chat: { enabled: true, phoneNumber: '31623456789' },
  };

  it('sets the call link, WhatsApp and the chat to the number typed', () => {
    expect(phoneEdits(config, '085 060 1234')).toEqual([
      { op: 'set', path: ['contact', 'phoneHref'], value: 'tel:+31850601234' },
      { op: 'set', path: ['contact', 'whatsapp'], value: '31850601234' },
      { op: 'set', path: ['chat', 'phoneNumber'], value: '31850601234' },
    ]);
  });

  it('leaves out what is right already, and what the config does not have', () => {
    expect(phoneEdits(config, '06-2345-6789')).toEqual([]);
    expect(phoneEdits({ contact: { phone: '', phoneHref: 'tel:+441174960123' } }, '0117 496 0999')).toEqual([
      { op: 'set', path: ['contact', 'phoneHref'], value: 'tel:+441174960999' },
    ]);
    expect(phoneEdits({ lang: 'nl' }, '06 1')).toEqual([]);
    expect(phoneEdits(config, '')).toEqual([]);
  });
});

describe('derived fields', () => {
  it('are the call link and the numbers in site.config.json, each following the phone field', () => {
    expect(isDerived('site.config.json', '/contact/phoneHref')).toBe(true);
    expect(isDerived('site.config.json', '/contact/phone')).toBe(false);
    expect(isDerived('content/pages/home.json', '/contact/phoneHref')).toBe(false);
    expect(sourceOf('site.config.json', '/chat/phoneNumber')).toBe('/contact/phone');
    expect(sourceOf('site.config.json', '/contact/email')).toBe('/contact/email');
  });
});
