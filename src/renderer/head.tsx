import { Helmet } from 'react-helmet-async';
import { useSite } from '../site/site-context.tsx';
import { fill } from '../../core/text/fill.ts';

interface HeadProps {
  title: string;
  description: string;
  path: string;
  image?: string;
  noindex?: boolean;
}

/** JSON inside <script> must not be able to close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The one head component of a page: site defaults merged with the page's own values. */
export function Head({ title, description, path, image, noindex }: HeadProps) {
  const { site } = useSite();
  const { seo } = site;
  const url = `${seo.siteUrl}${path}`;
  const fullTitle = fill(seo.titleTemplate, { title });
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: seo.organization.name,
    legalName: seo.organization.legalName,
    url: seo.siteUrl,
    logo: seo.organization.logo ? `${seo.siteUrl}${seo.organization.logo}` : undefined,
    email: site.contact.email,
    telephone: site.contact.phoneHref.replace(/^tel:/, ''),
    address: { '@type': 'PostalAddress', addressLocality: seo.organization.locality, addressCountry: seo.organization.country },
    sameAs: seo.organization.sameAs,
  };
  const meta = [
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:image', content: `${seo.siteUrl}${image ?? seo.image}` },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: site.lang === 'nl' ? 'nl_NL' : site.lang },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'theme-color', content: seo.themeColor },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
  return (
    <Helmet
      title={fullTitle}
      htmlAttributes={{ lang: site.lang }}
      meta={meta}
      link={[{ rel: 'canonical', href: url }]}
      script={[{ type: 'application/ld+json', innerHTML: safeJson(organization) }]}
    />
  );
}
