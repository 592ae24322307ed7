import type { CityData, SiteConfig } from '../site/schema-types.ts';

/**
 * schema.org JSON-LD of the pages, built from the same values the page shows (the breadcrumb's names, the
 * description, the city), so what a search engine reads is what a visitor reads.
 */
type Site = Pick<SiteConfig, 'seo' | 'contact'>;
export type JsonLd = Record<string, unknown>;

const absolute = (site: Site, path: string) => `${site.seo.siteUrl}${path}`;

/** The organisation behind the site: on every page. */
export function organization(site: Site): JsonLd {
  const { seo } = site;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: seo.organization.name,
    legalName: seo.organization.legalName,
    url: seo.siteUrl,
    logo: seo.organization.logo ? absolute(site, seo.organization.logo) : undefined,
    email: site.contact.email,
    telephone: site.contact.phoneHref.replace(/^tel:/, ''),
    address: { '@type': 'PostalAddress', addressLocality: seo.organization.locality, addressCountry: seo.organization.country },
    sameAs: seo.organization.sameAs,
  };
}

export interface Crumb {
  name: string;
  path: string;
}

/** The breadcrumb a page shows, as a BreadcrumbList (positions from 1, absolute URLs). */
export function breadcrumbList(site: Site, crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absolute(site, c.path) })),
  };
}

const geoOf = (data?: CityData) => (data?.geo ? { '@type': 'GeoCoordinates', latitude: data.geo.latitude, longitude: data.geo.longitude } : undefined);

/** The city a service is offered in, with its region and coordinates when the city data has them. */
export function cityPlace(city: string, data?: CityData): JsonLd {
  return {
    '@type': 'City',
    name: city,
    containedInPlace: data?.region ? { '@type': 'AdministrativeArea', name: data.region } : undefined,
    geo: geoOf(data),
  };
}

/** The site's office in a city, as the page shows it and its LocalBusiness describes it: one source for both. */
export interface Office {
  name: string;
  streetAddress: string;
  postalCode: string;
  locality: string;
  country: string;
  telephone: string;
  /** the number as the site writes it, for the visible text */
  phone: string;
  email: string;
}

/** The office in a city, when the city data has an address there. */
export function officeIn(site: Site, city: string, data?: CityData): Office | undefined {
  if (!data?.address) return undefined;
  return {
    name: site.seo.organization.name,
    streetAddress: data.address.streetAddress,
    postalCode: data.address.postalCode,
    locality: city,
    country: site.seo.organization.country,
    telephone: site.contact.phoneHref.replace(/^tel:/, ''),
    phone: site.contact.phone,
    email: site.contact.email,
  };
}

/** The office as a schema.org PostalAddress. */
export const postalAddress = (office: Office): JsonLd => ({
  '@type': 'PostalAddress',
  streetAddress: office.streetAddress,
  postalCode: office.postalCode,
  addressLocality: office.locality,
  addressCountry: office.country,
});

/** Who provides the service: the organisation, or a LocalBusiness where the site has an address in that city. */
function provider(site: Site, city: string, data?: CityData): JsonLd {
  const { seo } = site;
  const base = { name: seo.organization.name, url: seo.siteUrl, telephone: site.contact.phoneHref.replace(/^tel:/, '') };
  const office = officeIn(site, city, data);
  if (!office) return { '@type': 'Organization', ...base };
  return {
    '@type': 'LocalBusiness',
    ...base,
    email: office.email,
    image: absolute(site, seo.image),
    address: postalAddress(office),
    geo: geoOf(data),
  };
}

export interface ServiceInCity {
  /** the name the page shows for it (its breadcrumb's last item) */
  name: string;
  serviceType: string;
  description: string;
  path: string;
  city: string;
  data?: CityData;
}

/** A service offered in one city: Service with areaServed a City and its provider. */
export function serviceInCity(site: Site, s: ServiceInCity): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: s.name,
    serviceType: s.serviceType,
    description: s.description,
    url: absolute(site, s.path),
    areaServed: cityPlace(s.city, s.data),
    provider: provider(site, s.city, s.data),
  };
}

/** The links a hub page lists, as an ItemList in the order shown. */
export function itemList(site: Site, name: string, items: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, url: absolute(site, c.path) })),
  };
}

/** JSON for a <script> element: no undefined members, and no "</script>" possible inside. */
export const jsonLdText = (value: JsonLd) => JSON.stringify(value).replace(/</g, '\\u003c');
