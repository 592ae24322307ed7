import { describe, expect, it } from 'vitest';
import { fixtureServerSite } from '../../tests/support/server-site.ts';
import { parseServerSite, serializeServerSite, serverSiteOf } from './server-site.ts';
import type { LoadedSite } from './model.ts';

describe('the server site', () => {
  it('carries the validated forms with their schema defaults filled in, the integrations and the site URL', () => {
    const site = fixtureServerSite();
    for (const form of Object.values(site.forms)) expect(typeof form.fallback).toBe('boolean');
    expect(site.integrations.emailjs?.toEmail).toContain('@');
    expect(site.siteUrl).toMatch(/^https:\/\/[^/]+$/);
  });

  it('takes nothing else of the site', () => {
    const loaded = {
      site: { seo: { siteUrl: 'https://a.nl' }, integrations: {}, brand: { name: 'A', tagline: 'x' }, contact: { phone: '1' }, lang: 'nl' },
      forms: { f: { id: 'f' } },
    } as unknown as LoadedSite;
    expect(serverSiteOf(loaded)).toEqual({ forms: { f: { id: 'f' } }, integrations: {}, siteUrl: 'https://a.nl', lang: 'nl', name: 'A' });
  });

  it("carries the site's language, and reads a file written before it had one as English", () => {
    expect(fixtureServerSite().lang).toBe('nl');
    expect(parseServerSite('{"format": 1, "forms": {}, "integrations": {}, "siteUrl": "https://a.nl"}').lang).toBe('en');
  });

  it("carries the site's name for the back office's header, and reads a file written before it had one without a name", () => {
    expect(fixtureServerSite().name).toBe('Voorbeeld Webbureau');
    expect(parseServerSite('{"format": 1, "forms": {}, "integrations": {}, "siteUrl": "https://a.nl", "lang": "nl"}')).not.toHaveProperty('name');
  });

  it("carries the site's logo for the back office's header: the brand's, else the organization's; a file without one or with one not a path has none", () => {
    expect(fixtureServerSite().logo).toBe('/images/og.png');
    const site = (brand: object, organization?: object) =>
      ({
        site: { seo: { siteUrl: 'https://a.nl', organization }, integrations: {}, brand: { name: 'A', ...brand }, lang: 'nl' },
        forms: {},
      }) as unknown as LoadedSite;
    expect(serverSiteOf(site({ logo: { src: '/logo.svg', alt: '', width: 1, height: 1 } }, { logo: '/org.png' })).logo).toBe('/logo.svg');
    expect(serverSiteOf(site({}, { logo: '/org.png' })).logo).toBe('/org.png');
    expect(serverSiteOf(site({}, { name: 'A' }))).not.toHaveProperty('logo');
    const file = '{"format": 1, "forms": {}, "integrations": {}, "siteUrl": "https://a.nl", "lang": "nl"';
    expect(parseServerSite(`${file}, "logo": "/logo.svg"}`).logo).toBe('/logo.svg');
    expect(parseServerSite(`${file}}`)).not.toHaveProperty('logo');
    expect(parseServerSite(`${file}, "logo": "https://elsewhere.example/logo.svg"}`)).not.toHaveProperty('logo');
  });

  it('reads back what it wrote', () => {
    const site = fixtureServerSite();
    expect(parseServerSite(serializeServerSite(site))).toEqual(site);
  });

  it.each([
    ['[]', /not a JSON object/],
    ['{"forms": {}, "integrations": {}, "siteUrl": "https://a.nl"}', /format undefined/],
    ['{"format": 1, "forms": [], "integrations": {}, "siteUrl": "https://a.nl"}', /"forms"/],
    ['{"format": 1, "forms": {}, "integrations": {}}', /"siteUrl"/],
    ['{"format": 1, "forms": {}, "siteUrl": "https://a.nl"}', /"integrations"/],
  ])('refuses %s', (text, message) => {
    expect(() => parseServerSite(text)).toThrow(message);
  });
});
