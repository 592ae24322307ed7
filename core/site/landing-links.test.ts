import { describe, expect, it } from 'vitest';
import type { LandingConfig, LandingService } from './schema-types.ts';
import type { City } from './model.ts';
import { landingLinks, MAX_CITY_LINKS } from './landing-links.ts';

const service = { slug: 'seo', name: 'SEO', kind: 'content', page: 'landing-seo' } as LandingService;
const landing = { services: [service], heading: '{service} in {city}' } as unknown as LandingConfig;
const towns = (count: number): City[] => Array.from({ length: count }, (_, i) => ({ name: `Town ${i}`, slug: `town-${i}` }));

describe('the other towns a content landing page links', () => {
  it('names the nearby places first, in the order the town lists them, then the rest in the list order', () => {
    const cities = towns(30);
    const city: City = { ...cities[3]!, data: { nearby: ['Town 20', 'Town 7', 'Nowhere', 'Town 3', 'Town 20'] } as City['data'] };
    cities[3] = city;
    const links = landingLinks(landing, cities, service, city).otherCities;
    expect(links.map((l) => l.path)).toEqual(['/seo-town-20', '/seo-town-7', ...[0, 1, 2, 4, 5, 6, 8, 9, 10, 11].map((i) => `/seo-town-${i}`)]);
    expect(links).toHaveLength(MAX_CITY_LINKS);
    expect(links[0]!.name).toBe('SEO in Town 20');
  });

  it('links every other town of a small matrix, and never the page itself', () => {
    const cities = towns(4);
    expect(landingLinks(landing, cities, service, cities[1]!).otherCities.map((l) => l.name)).toEqual(['SEO in Town 0', 'SEO in Town 2', 'SEO in Town 3']);
  });
});
