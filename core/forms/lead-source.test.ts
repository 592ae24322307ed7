import { describe, expect, it } from 'vitest';
import { cleanSource, sourceLabel, SOURCE_VALUE_MAX } from './lead-source.ts';

describe('cleanSource', () => {
  it('keeps the known keys, each a trimmed line of text', () => {
    const source = {
      utm_source: ' nieuwsbrief ',
      utm_medium: 'email',
      utm_campaign: 'najaar',
      utm_term: 'dakkapel utrecht',
      utm_content: 'knop',
      gclid: 'Cj0KCQiA',
      fbclid: 'IwAR2x',
      referrer: 'www.google.com',
    };
    expect(cleanSource(source)).toEqual({ ...source, utm_source: 'nieuwsbrief' });
  });

  it('drops unknown keys, values that are no string, empty, too long or unprintable: an attack leaves only what is clean', () => {
    const attack = {
      utm_source: 'google',
      utm_campaign: 'x'.repeat(SOURCE_VALUE_MAX + 1),
      utm_medium: { $ne: 1 },
      utm_term: ['a', 'b'],
      utm_content: 42,
      gclid: 'abc\n\u0007Email: baas@example.nl',
      fbclid: 'evil\u202Egnp.exe',
      referrer: '   ',
      constructor: 'x',
      admin: 'true',
      // as JSON.parse reads a body: an own key named __proto__
      ...(JSON.parse('{"__proto__": {"polluted": "yes"}}') as object),
    };
    expect(cleanSource(attack)).toEqual({ utm_source: 'google' });
    expect(cleanSource({ utm_campaign: 'x'.repeat(SOURCE_VALUE_MAX) })).toEqual({ utm_campaign: 'x'.repeat(SOURCE_VALUE_MAX) });
    expect(Object.getPrototypeOf(cleanSource(attack))).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is nothing for a source of nothing usable, or for what is no object', () => {
    for (const input of [undefined, null, 'utm_source=google', 7, ['google'], {}, { admin: 'x' }, { utm_source: '' }])
      expect(cleanSource(input)).toBeUndefined();
  });
});

describe('sourceLabel', () => {
  it('says who sent the visitor and the campaign in a few words', () => {
    expect(sourceLabel({ utm_source: 'google', utm_campaign: 'najaar', gclid: 'Cj0' })).toBe('Google Ads · najaar');
    expect(sourceLabel({ utm_source: 'facebook', fbclid: 'IwA' })).toBe('Meta Ads');
    expect(sourceLabel({ utm_source: 'nieuwsbrief', utm_campaign: 'najaar', referrer: 'mail.example.nl' })).toBe('nieuwsbrief · najaar');
    expect(sourceLabel({ referrer: 'www.bing.com' })).toBe('www.bing.com');
    expect(sourceLabel({ utm_campaign: 'najaar' })).toBe('najaar');
  });

  it('is nothing for a source that says nothing', () => {
    expect(sourceLabel(null)).toBeUndefined();
    expect(sourceLabel({})).toBeUndefined();
    expect(sourceLabel({ utm_medium: 'email' })).toBeUndefined();
  });
});
