import { use } from 'react';
import type { LandingPage } from '../../core/site/model.ts';
import { contentLanding } from '../../core/site/landing.ts';
import { cityBySlug } from '../../core/site/resolve.ts';
import { landingCrumbs, landingLinks, landingName } from '../../core/site/landing-links.ts';
import { breadcrumbList, officeIn, serviceInCity } from '../../core/seo/structured-data.ts';
import { landingWords } from '../../core/site/landing-words.ts';
import { fill } from '../../core/text/fill.ts';
import { loadPage } from '../site/page-store.ts';
import { PageDataProvider, useSite } from '../site/site-context.tsx';
import { Head } from '../renderer/head.tsx';
import { BlockList } from '../renderer/block-list.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { MatrixLinks } from './matrix-links.tsx';
import { OfficeAddress } from './office-address.tsx';

/**
 * A content landing page: the service's template page filled in for one city, with its breadcrumb, its links to the
 * rest of the matrix, the office's address where the site has one in that city, and its structured data. An
 * ordinary, indexable page: no redirect.
 */
export function ContentLandingView({ landing }: { landing: LandingPage & { pageId: string } }) {
  const model = useSite();
  const { site, cities } = model;
  const city = cityBySlug(cities, landing.citySlug)!;
  const data = use(loadPage(landing.pageId));
  const content = contentLanding(data, city, landing.service);
  const crumbs = landingCrumbs(site, landing.service, city);
  const words = landingWords(site);
  const office = officeIn(site, city.name, city.data);
  const structuredData = [
    serviceInCity(site, {
      name: landingName(site.landing, landing.service, city),
      serviceType: landing.service.name,
      description: content.description,
      path: landing.path,
      city: city.name,
      data: city.data,
    }),
    breadcrumbList(site, crumbs),
  ];
  return (
    <PageDataProvider data={{ collections: content.collections, forms: data.forms }}>
      <Head title={content.title} description={content.description} path={landing.path} structuredData={structuredData} />
      <Breadcrumbs label={words.breadcrumb} crumbs={crumbs} />
      <BlockList blocks={content.blocks} />
      {office && <OfficeAddress heading={fill(words.office, content.values)} office={office} />}
      <MatrixLinks links={landingLinks(site.landing, cities, landing.service, city)} labels={words} values={content.values} />
    </PageDataProvider>
  );
}
