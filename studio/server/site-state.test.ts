import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { CONTENT_LANDING_FIXTURE, siteWithCopiedCity } from '../../core/seo/testing/copied-city.ts';
import { studioSite } from './site-state.ts';

const schemaDir = join(paths.root, 'schemas');
const copied = siteWithCopiedCity();
afterAll(() => rmSync(copied, { recursive: true, force: true }));

describe('the studio site: routes and the landing guard', () => {
  it('offers the hub pages among the routes a link can go to, beside the pages and the landing matrix', () => {
    const routes = studioSite({ siteRoot: CONTENT_LANDING_FIXTURE, schemaDir, siteApi: () => undefined }).routes();
    expect(routes).toContain('/web-design-bath');
    expect(routes).toContain('/areas/bath');
    expect(routes).toContain('/services/web-design');
  });

  it('has no warnings for the fixture, and names both near-duplicate pages at the copied city’s entry', () => {
    expect(studioSite({ siteRoot: CONTENT_LANDING_FIXTURE, schemaDir, siteApi: () => undefined }).warnings()).toEqual([]);
    const site = studioSite({ siteRoot: copied, schemaDir, siteApi: () => undefined });
    expect(site.problems()).toEqual([]);
    const warnings = site.warnings();
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((w) => w.file === 'content/collections/cities.json' && /^\/items\/\d+$/.test(w.pointer))).toBe(true);
    expect(warnings.map((w) => w.message).join('\n')).toMatch(/\/web-design-bath shares \d+% of its phrases with \/web-design-bristol/);
  });
});
