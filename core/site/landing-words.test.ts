import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasWords, LANDING_WORDS, landingWords } from './landing-words.ts';
import { hubContent } from './landing-links.ts';
import { findHub, resolveSite } from './resolve.ts';
import { validateSite } from '../validate/validate.ts';
import { paths } from '../paths.ts';
import type { SiteModel } from './model.ts';

/** The content landing fixture (English, hubs with titles of its own, no labels), and the same site in other words. */
const loaded = validateSite({ roots: [join(paths.root, 'tests/fixtures/content-landing')], schemaDir: paths.schemas }).site!;
const model = resolveSite(loaded);
type Site = SiteModel['site'];
const withLanding = (lang: string, landing: Partial<Site['landing']>): Site => ({ ...model.site, lang, landing: { ...model.site.landing, ...landing } });
const { serviceTitle: _st, serviceDescription: _sd, cityTitle: _ct, cityDescription: _cd, ...hubAddresses } = model.site.landing.hubs!;
/** The fixture in Dutch with hubs that give only their addresses: every word is the language's. */
const dutch = withLanding('nl', { hubs: hubAddresses });

describe("the words a landing page's engine writes", () => {
  it('are Dutch on a Dutch site that writes none of its own: breadcrumb, matrix headings, links, office and hubs', () => {
    const words = landingWords(dutch);
    expect(words).toEqual(LANDING_WORDS.nl);
    expect(words.breadcrumb).toBe('Kruimelpad');
    expect(words.otherCities).toBe('{service} in andere plaatsen');
    const area = hubContent(dutch, model.cities, findHub(dutch.landing, model.cities, '/areas/bath')!)!;
    expect(area.title).toBe('Onze diensten in Bath');
    expect(area.description).toBe('Alles wat we doen voor ondernemers in Bath, elke dienst op een eigen pagina.');
    const service = hubContent(dutch, model.cities, findHub(dutch.landing, model.cities, '/services/seo')!)!;
    expect(service.title).toBe('SEO per plaats');
    expect(landingWords({ ...dutch, lang: 'nl-BE' }).breadcrumb).toBe('Kruimelpad');
  });

  it("are the config's own where it writes them, and the language's for the rest", () => {
    const words = landingWords(withLanding('nl', { labels: { breadcrumb: 'U bent hier', office: 'Langskomen in {city}' } }));
    expect(words.breadcrumb).toBe('U bent hier');
    expect(words.office).toBe('Langskomen in {city}');
    expect(words.allCities).toBe('Alle plaatsen voor {service}');
    // the fixture's own hub titles, on an English site
    expect(landingWords(model.site).serviceTitle).toBe('{service} for small businesses, town by town');
    expect(landingWords(model.site).breadcrumb).toBe('Breadcrumb');
  });

  it('never show a config text that says nothing ("..."): the language says it instead', () => {
    const words = landingWords(withLanding('nl', { hubs: { ...hubAddresses, cityDescription: '...' }, labels: { otherCities: '…' } }));
    expect(words.cityDescription).toBe(LANDING_WORDS.nl.cityDescription);
    expect(words.otherCities).toBe(LANDING_WORDS.nl.otherCities);
    expect([hasWords('...'), hasWords('…'), hasWords(' - '), hasWords('Één'), hasWords('24/7')]).toEqual([false, false, false, true, true]);
  });

  it('have the same keys and placeholders in every language', () => {
    const shape = (words: Record<string, string>) => Object.entries(words).map(([key, text]) => [key, text.match(/\{\w+\}/g)]);
    expect(shape(LANDING_WORDS.nl)).toEqual(shape(LANDING_WORDS.en));
  });
});
