import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOCK_PLACEHOLDERS, contentLanding, contentLandingDescription, fillDeep, landingValues, placeholdersIn } from './landing.ts';
import { expandHubs, expandLanding, findHub, resolvePages, resolveSite } from './resolve.ts';
import { landingLinks, hubContent } from './landing-links.ts';
import { validateSite } from '../validate/validate.ts';
import { paths } from '../paths.ts';
import type { City } from './model.ts';

/** The content landing fixture: two content services (web design, SEO) and one redirecting one, in three cities. */
const loaded = validateSite({ roots: [join(paths.root, 'tests/fixtures/content-landing')], schemaDir: paths.schemas }).site!;
const model = resolveSite(loaded);
const pages = resolvePages(loaded);
const city = (name: string) => model.cities.find((c) => c.name === name)!;
const service = (slug: string) => model.site.landing.services.find((s) => s.slug === slug)!;
const page = (slug: string, name: string) => contentLanding(pages[service(slug).page!]!, city(name), service(slug));
const visibleText = (value: unknown) => JSON.stringify(value);

describe('content landing pages', () => {
  it('fill every landing placeholder from the city data, and the same template reads differently per city', () => {
    const bath = page('web-design', 'Bath');
    const mk = page('web-design', 'Milton Keynes');
    expect(bath.title).toBe('Web design Bath - Websites for small businesses');
    expect(mk.description).toContain('small businesses in Buckinghamshire');
    expect(visibleText(bath.blocks)).toContain('Guesthouses on the London Road');
    expect(visibleText(mk.blocks)).toContain('logistics, engineering and professional services');
    expect(visibleText(mk.blocks)).toContain('Bletchley, Newport Pagnell, Wolverton, Stony Stratford, Olney');
    for (const p of [bath, mk]) expect(placeholdersIn(p.blocks).filter((f) => !BLOCK_PLACEHOLDERS.has(f.name))).toEqual([]);
  });

  it("apply a city's override to its own service only: a replaced block and another text", () => {
    const bathDesign = page('web-design', 'Bath');
    expect(bathDesign.blocks[3]).toMatchObject({ type: 'text', heading: 'Websites for tourism and hospitality in Bath' });
    expect(visibleText(bathDesign.blocks)).toContain('every Tuesday and Thursday');
    expect(page('web-design', 'Bristol').blocks[3]).toMatchObject({ type: 'values' });
    expect(visibleText(page('seo', 'Bath').blocks)).not.toContain('every Tuesday and Thursday');
  });

  it("give an overview's card the page's own description, with a city's override of it", () => {
    for (const slug of ['web-design', 'seo'])
      for (const { name } of model.cities) {
        const description = contentLandingDescription(pages[service(slug).page!]!, city(name), service(slug));
        expect(description).toBe(page(slug, name).description);
        expect(description).toContain(name);
      }
  });

  it("put the city's own questions first in the page's FAQ, and only on that city's pages", () => {
    const faq = (p: ReturnType<typeof page>, id: string) => (p.collections[id] as { items: { question: string }[] }).items.map((i) => i.question);
    expect(faq(page('web-design', 'Bristol'), 'faq').slice(0, 2)).toEqual(['Can we meet in person in Bristol?', 'Do you know the Bristol market?']);
    expect(faq(page('seo', 'Bath'), 'faq-seo')[0]).toBe('Can you help a guesthouse in Bath take direct bookings?');
    expect(faq(page('web-design', 'Bath'), 'faq')).not.toContain('Can we meet in person in Bristol?');
    expect((loaded.collections.faq as { items: unknown[] }).items).toHaveLength(faq(page('web-design', 'Milton Keynes'), 'faq').length - 1);
  });

  it('leave a value the city lacks absent, never an empty string', () => {
    const bare: City = { name: 'Nowhere', slug: 'nowhere' };
    expect(landingValues(bare, service('seo'))).toEqual({ city: 'Nowhere', service: 'SEO' });
  });

  it('keep the placeholders a block fills itself, as the block schemas name them', () => {
    const dir = join(paths.schemas, 'blocks');
    const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
    const named = new Set(walk(dir).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)));
    expect([...BLOCK_PLACEHOLDERS].sort()).toEqual([...named].sort());
  });
});

describe('the data of a template page', () => {
  it("carries the collections its own blocks and the city data's override blocks show, not the others", () => {
    const template = service('web-design').page!;
    expect(Object.keys(pages[template]!.collections).sort()).toEqual(['faq']);
    // an override block of a city that shows a collection (say, testimonials from that town) brings it along
    const withTestimonials = { ...loaded, references: { ...loaded.references, 'collections/cities': { collections: ['testimonials'], forms: [] } } };
    expect(Object.keys(resolvePages(withTestimonials)[template]!.collections).sort()).toEqual(['faq', 'testimonials']);
    // the files its pages come from, for the sitemap's lastmod: known from the files, before any page is loaded
    expect(model.landingSources).toEqual({
      'landing-web-design': ['content/pages/landing-web-design.json', 'content/collections/cities.json', 'content/collections/faq.json'],
      'landing-seo': ['content/pages/landing-seo.json', 'content/collections/cities.json', 'content/collections/faq-seo.json'],
    });
    expect(resolveSite(withTestimonials).landingSources!['landing-seo']).toContain('content/collections/testimonials.json');
  });
});

describe('the matrix of the content landing fixture', () => {
  it('has nine landing pages of two kinds and a hub per content service and per city', () => {
    const landing = expandLanding(model.site.landing, model.cities);
    expect(landing.filter((l) => l.kind === 'content').map((l) => l.path)).toHaveLength(6);
    expect(landing.filter((l) => l.kind === 'redirect').map((l) => l.path)).toEqual(['/hosting-bristol', '/hosting-bath', '/hosting-milton-keynes']);
    expect(expandHubs(model.site.landing, model.cities).map((h) => h.path)).toEqual([
      '/services/web-design',
      '/services/seo',
      '/areas/bristol',
      '/areas/bath',
      '/areas/milton-keynes',
    ]);
  });

  it("links each landing page to its siblings (nearby places first) and to both hubs; a town's hub lists every page of the town", () => {
    const links = landingLinks(model.site.landing, model.cities, service('web-design'), city('Bath'));
    expect(links.otherCities.map((l) => l.path)).toEqual(['/web-design-bristol', '/web-design-milton-keynes']);
    expect(links.otherServices.map((l) => l.path)).toEqual(['/seo-bath']);
    expect(links.serviceHub).toEqual({ name: 'Web design', path: '/services/web-design' });
    expect(links.cityHub).toEqual({ name: 'Bath', path: '/areas/bath' });
    const area = hubContent(model.site, model.cities, findHub(model.site.landing, model.cities, '/areas/bath/')!)!;
    // the redirecting service's page is a page of Bath too
    expect(area.links.map((l) => [l.path, l.kind])).toEqual([
      ['/web-design-bath', 'content'],
      ['/seo-bath', 'content'],
      ['/hosting-bath', 'redirect'],
    ]);
    expect(area.links.at(-1)!.name).toBe('Hosting in Bath');
    expect(area.title).toBe('Web design, SEO and hosting in Bath');
    // a service's hub: that service in every town, redirecting services have none
    const seo = hubContent(model.site, model.cities, findHub(model.site.landing, model.cities, '/services/seo')!)!;
    expect(seo.links.map((l) => l.path)).toEqual(['/seo-bristol', '/seo-bath', '/seo-milton-keynes']);
    expect(findHub(model.site.landing, model.cities, '/services/hosting')).toBeUndefined();
  });
});

describe('finding a page of the matrix by its address', () => {
  it('finds each hub, with or without a trailing slash, and none at an address that is no hub', () => {
    for (const hub of expandHubs(model.site.landing, model.cities)) {
      expect(findHub(model.site.landing, model.cities, hub.path)).toEqual(hub);
      expect(findHub(model.site.landing, model.cities, `${hub.path}/`)).toEqual(hub);
    }
    expect(findHub(model.site.landing, model.cities, '/areas/york')).toBeUndefined();
    expect(findHub(model.site.landing, model.cities, '/web-design-bath')).toBeUndefined();
  });

  it('answers from the landing config it is given: a changed hub path moves the hubs of the same cities', () => {
    const moved = { ...model.site.landing, hubs: { ...model.site.landing.hubs!, cityPath: '/plaatsen/{slug}' } };
    expect(findHub(model.site.landing, model.cities, '/areas/bath')?.slug).toBe('bath');
    expect(findHub(moved, model.cities, '/areas/bath')).toBeUndefined();
    expect(findHub(moved, model.cities, '/plaatsen/bath')).toEqual({ kind: 'city-hub', path: '/plaatsen/bath', slug: 'bath' });
  });
});

describe('fillDeep', () => {
  it('fills the known placeholders of every string, keeps the others, and leaves its input as it was', () => {
    const template = { title: 'Web design {city}', blocks: [{ items: ['{n} of {count}', 7, null, true], note: 'no placeholder' }] };
    const copy = structuredClone(template);
    expect(fillDeep(template, { city: 'Bath', count: '3' })).toEqual({
      title: 'Web design Bath',
      blocks: [{ items: ['{n} of 3', 7, null, true], note: 'no placeholder' }],
    });
    expect(template).toEqual(copy);
  });

  it('keeps a key named __proto__ as a key of the filled object, never as its prototype', () => {
    const filled = fillDeep(JSON.parse('{"__proto__": {"city": "{city}"}, "a": "{city}"}') as Record<string, unknown>, { city: 'Bath' });
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(Object.keys(filled)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(filled)).toBe('{"__proto__":{"city":"Bath"},"a":"Bath"}');
  });
});
