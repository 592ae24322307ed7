import { describe, expect, it } from 'vitest';
import { breadcrumbList, itemList, jsonLdText, officeIn, organization, serviceInCity } from './structured-data.ts';
import type { CityData } from '../site/schema-types.ts';

const site = {
  seo: {
    siteUrl: 'https://www.example.test',
    siteName: 'Example',
    titleTemplate: '{title} | Example',
    defaultDescription: 'd',
    image: '/images/og.png',
    themeColor: '#000000',
    organization: { name: 'Example Studio', legalName: 'Example Studio Ltd', locality: 'Bristol', country: 'GB', sameAs: [] },
  },
  contact: { phone: '0117 000', phoneHref: 'tel:+44117000', email: 'hi@example.test', whatsapp: '44', whatsappText: 'Hi', city: 'Bristol', hours: '9-5' },
} as unknown as Parameters<typeof organization>[0];

const bath: CityData = { city: 'Bath', region: 'Somerset', geo: { latitude: 51.38, longitude: -2.36 } };
const bristol: CityData = {
  city: 'Bristol',
  address: { streetAddress: '12 Victoria Street', postalCode: 'BS1 6BN' },
  geo: { latitude: 51.45, longitude: -2.59 },
};
const offered = (city: string, data: CityData) =>
  JSON.parse(
    jsonLdText(serviceInCity(site, { name: `Web design in ${city}`, serviceType: 'Web design', description: 'x', path: '/web-design-bath', city, data })),
  ) as Record<string, Record<string, unknown>>;

describe('structured data', () => {
  it('a Service with areaServed a City (its region and coordinates) and the organisation as provider', () => {
    const ld = offered('Bath', bath);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Service');
    expect(ld.url).toBe('https://www.example.test/web-design-bath');
    expect(ld.areaServed).toEqual({
      '@type': 'City',
      name: 'Bath',
      containedInPlace: { '@type': 'AdministrativeArea', name: 'Somerset' },
      geo: { '@type': 'GeoCoordinates', latitude: 51.38, longitude: -2.36 },
    });
    expect(ld.provider).toEqual({ '@type': 'Organization', name: 'Example Studio', url: 'https://www.example.test', telephone: '+44117000' });
  });

  it('a LocalBusiness as provider, with its PostalAddress in that city, where the site has an address there', () => {
    const provider = offered('Bristol', bristol).provider!;
    expect(provider['@type']).toBe('LocalBusiness');
    expect(provider.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Victoria Street',
      postalCode: 'BS1 6BN',
      addressLocality: 'Bristol',
      addressCountry: 'GB',
    });
    // LocalBusiness needs a name and an address; an image and a telephone make it eligible for rich results
    for (const key of ['name', 'image', 'telephone', 'url']) expect(typeof provider[key]).toBe('string');
  });

  it('the office a page shows is the LocalBusiness its JSON-LD describes, and there is none where the city has no address', () => {
    const office = officeIn(site, 'Bristol', bristol)!;
    const provider = offered('Bristol', bristol).provider!;
    expect(office).toMatchObject({ name: provider.name, telephone: provider.telephone, email: provider.email, phone: '0117 000' });
    expect(provider.address).toMatchObject({
      streetAddress: office.streetAddress,
      postalCode: office.postalCode,
      addressLocality: office.locality,
      addressCountry: office.country,
    });
    expect(officeIn(site, 'Bath', bath)).toBeUndefined();
  });

  it('a BreadcrumbList of ListItems numbered from 1 with absolute URLs, and an ItemList likewise', () => {
    const crumbs = breadcrumbList(site, [
      { name: 'Home', path: '/' },
      { name: 'Web design', path: '/services/web-design' },
    ]);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.test/' },
      { '@type': 'ListItem', position: 2, name: 'Web design', item: 'https://www.example.test/services/web-design' },
    ]);
    expect(itemList(site, 'All', [{ name: 'A', path: '/a' }]).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'A', url: 'https://www.example.test/a' },
    ]);
  });

  it('the organisation as before, and JSON that cannot close its script element', () => {
    expect(organization(site)).toMatchObject({ '@type': 'Organization', name: 'Example Studio', telephone: '+44117000' });
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
