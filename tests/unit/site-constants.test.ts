import { expect, it } from 'vitest';
import { realSite } from '../test-model.ts';

// The spec fixes these numbers; they live in the site's config, so a config edit could change them unnoticed.
it('the site config carries the spec timings: splash 100/1000/300 ms, page fade 0.3 s, landing redirect 1.5 s', () => {
  const { site } = realSite();
  expect(site.splash).toEqual({ enabled: true, fadeInDelayMs: 100, durationMs: 1000, fadeOutMs: 300, pageFadeInMs: 300 });
  expect(site.landing.redirectDelayMs).toBe(1500);
  expect(site.landing.redirectTo).toBe('/');
  expect(site.landing.linkText).toBe('klik hier');
  expect(site.landing.cities).toEqual(['Amersfoort', 'Amsterdam', 'Hilversum', 'Utrecht', 'Soest']);
  expect(site.footer.copyright).toContain('2025');
  expect(site.lang).toBe('nl');
  expect(site.seo.organization.country).toBe('NL');
});
