import { Helmet } from 'react-helmet-async';
import { useSite } from '../site/site-context.tsx';
import { fill } from '../../core/text/fill.ts';
import { jsonLdText, organization, type JsonLd } from '../../core/seo/structured-data.ts';

interface HeadProps {
  title: string;
  description: string;
  path: string;
  image?: string;
  noindex?: boolean;
  /** the page's own schema.org data, after the organisation's (which every page carries) */
  structuredData?: JsonLd[];
}

/** The one head component of a page: site defaults merged with the page's own values. */
export function Head({ title, description, path, image, noindex, structuredData = [] }: HeadProps) {
  const { site } = useSite();
  const { seo } = site;
  const url = `${seo.siteUrl}${path}`;
  const fullTitle = fill(seo.titleTemplate, { title });
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
      script={[organization(site), ...structuredData].map((data) => ({ type: 'application/ld+json', innerHTML: jsonLdText(data) }))}
    />
  );
}
