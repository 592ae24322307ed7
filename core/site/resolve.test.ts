import { describe, expect, it } from 'vitest';
import { expandLanding, findLanding, landingPath, citiesOf, slugify, resolveSite, resolvePages } from './resolve.ts';
import type { LandingConfig } from './schema-types.ts';
import { validateSite } from '../validate/validate.ts';
import { paths } from '../paths.ts';
import { join } from 'node:path';

/** The English fixture site: three routes, three cities, two landing services, no chat. */
const en = validateSite({ roots: [join(paths.root, 'tests/fixtures/en')], schemaDir: paths.schemas }).site!;

const landing: LandingConfig = {
  cities: ['Amersfoort', 'Den Haag', "'s-Hertogenbosch", 'Étten-Leur'],
  services: [
    { slug: 'webdesign', name: 'Webdesign', title: 'Webdesign {city}', description: '{service} voor ondernemers in {city}' },
    { slug: 'website-ontwikkeling', name: 'Website ontwikkeling', title: 'Website ontwikkeling {city}', description: 'Bouw in {city}' },
  ],
  redirectTo: '/',
  redirectDelayMs: 1500,
  heading: '{service} in {city}',
  message: 'Je wordt doorgestuurd.',
  linkText: 'klik hier',
};

describe('slugify', () => {
  it.each([
    ['Den Haag', 'den-haag'],
    ['Zoetermeer', 'zoetermeer'],
    ["'s-Hertogenbosch", 's-hertogenbosch'],
    ['Étten-Leur', 'etten-leur'],
    ['  Bergen op Zoom ', 'bergen-op-zoom'],
    ['Ütrecht!!', 'utrecht'],
  ])('%s -> %s', (name, slug) => expect(slugify(name)).toBe(slug));
});

describe('landingPath', () => {
  it('is the service slug, a hyphen and the city slug, and findLanding reads it back', () => {
    expect(landingPath('seo', 'den-haag')).toBe('/seo-den-haag');
    expect(findLanding(landing, citiesOf(landing), landingPath(landing.services[0]!.slug, slugify(landing.cities[0]!)))?.city).toBe(landing.cities[0]);
  });
});

describe('landing matrix', () => {
  it('expands every city x service with its own title and description', () => {
    const pages = expandLanding(landing);
    expect(pages).toHaveLength(8);
    expect(pages.map((p) => p.path)).toContain('/webdesign-den-haag');
    expect(pages.map((p) => p.path)).toContain('/website-ontwikkeling-etten-leur');
    const dh = pages.find((p) => p.path === '/webdesign-den-haag')!;
    expect(dh.title).toBe('Webdesign Den Haag');
    expect(dh.description).toBe('Webdesign voor ondernemers in Den Haag');
    expect(dh.heading).toBe('Webdesign in Den Haag');
  });

  it('finds a landing page from its path without expanding the matrix, even with hyphens in both parts', () => {
    const cities = citiesOf(landing);
    expect(findLanding(landing, cities, '/website-ontwikkeling-s-hertogenbosch')?.city).toBe("'s-Hertogenbosch");
    expect(findLanding(landing, cities, '/webdesign-den-haag/')?.serviceName).toBe('Webdesign');
    expect(findLanding(landing, cities, '/webdesign-rotterdam')).toBeUndefined();
    expect(findLanding(landing, cities, '/seo-amersfoort')).toBeUndefined();
  });

  it('adding a city is one string: one more page per landing service', () => {
    const site = resolveSite(en);
    const { landing: enLanding } = site.site;
    const before = expandLanding(enLanding).length;
    const more = expandLanding({ ...enLanding, cities: [...enLanding.cities, 'Zoetermeer'] });
    expect(more.length - before).toBe(enLanding.services.length);
    expect(more.filter((p) => p.citySlug === 'zoetermeer').map((p) => p.path)).toEqual(['/web-design-zoetermeer', '/seo-zoetermeer']);
  });

  it('resolves routes to page ids and drops file references', () => {
    const model = resolveSite(en);
    expect(model.routes.map((r) => [r.path, r.pageId])).toEqual([
      ['/', 'home'],
      ['/demo', 'demo'],
      ['/contact', 'contact'],
    ]);
    expect('routes' in model.site).toBe(false);
    expect(model.cities.map((c) => c.slug)).toEqual(['bristol', 'bath', 'milton-keynes']);
  });

  it('gives each page exactly the collections and forms its blocks reference', () => {
    const pages = resolvePages(en);
    expect(pages.home!.page.blocks[0]!.type).toBe('hero');
    const referenced = (id: string) => JSON.stringify(pages[id]!.page.blocks);
    for (const [id, data] of Object.entries(pages)) {
      for (const c of Object.keys(data.collections)) expect(referenced(id), `${id} uses ${c}`).toContain(`"${c}"`);
      for (const f of Object.keys(data.forms)) expect(referenced(id), `${id} uses form ${f}`).toContain(`"form":"${f}"`);
    }
    expect(Object.keys(pages.contact!.forms)).toEqual(['contact']);
    expect(Object.keys(pages.demo!.forms)).toEqual(['demo']);
    expect(Object.keys(pages.home!.forms)).toEqual([]);
    expect(Object.keys(pages.home!.collections).sort()).toEqual(['faq', 'portfolio-showcase', 'testimonials']);
    expect(Object.keys(pages.contact!.collections)).toEqual([]);
  });
});
