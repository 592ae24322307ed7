import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardLanding, locatedWarnings } from './guard.ts';
import { siteFiles } from '../validate/site-files.ts';
import { validateSite } from '../validate/validate.ts';
import { paths } from '../paths.ts';
import { CONTENT_LANDING_FIXTURE as FIXTURE } from './testing/copied-city.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The fixture with some of its files changed (an overlay before it, as the validator reads fixture overlays). */
function changed(edits: Record<string, (json: Json) => void>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'wordless-'));
  dirs.push(dir);
  for (const [file, edit] of Object.entries(edits)) {
    const json = JSON.parse(readFileSync(join(FIXTURE, file), 'utf8')) as Json;
    edit(json);
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${JSON.stringify(json, null, 2)}\n`);
  }
  return [dir, FIXTURE];
}

function warningsOf(roots: string[]) {
  const result = validateSite({ roots, schemaDir: paths.schemas });
  expect(result.problems).toEqual([]);
  return locatedWarnings(guardLanding(result.site!), result.site!, siteFiles(roots).read);
}

describe('a landing text that says nothing', () => {
  it('is no warning in the fixture, whose texts all say something', () => {
    expect(warningsOf([FIXTURE])).toEqual([]);
  });

  it("is a warning at its own line: a template's description, a redirecting service's, a town's override and a hub's", () => {
    const roots = changed({
      'content/pages/landing-seo.json': (page) => (page.description = '...'),
      'site.config.json': (site) => {
        site.landing.services[2].description = '…';
        site.landing.hubs.cityDescription = '...';
      },
      'content/collections/cities.json': (cities) => (cities.items[0].overrides = [{ service: 'seo', description: '...' }]),
    });
    const found = warningsOf(roots).map(({ file, line, pointer, message }) => ({ file, line, pointer, message }));
    const seo = readFileSync(join(roots[0]!, 'content/pages/landing-seo.json'), 'utf8').split('\n');
    expect(found).toContainEqual({
      file: 'content/pages/landing-seo.json',
      line: seo.findIndex((l) => l.includes('"description"')) + 1,
      pointer: '/description',
      message: 'the description of the "SEO" template says nothing ("..."): write a sentence or two; search results and the town\'s overview show it',
    });
    expect(found.map((w) => `${w.file} ${w.pointer}`)).toEqual(
      expect.arrayContaining([
        'site.config.json /landing/services/2/description',
        'site.config.json /landing/hubs/cityDescription',
        'content/collections/cities.json /items/0/overrides/0/description',
      ]),
    );
  });

  it('on a site in a language without words of its own, names the words it shows in English', () => {
    const roots = changed({ 'site.config.json': (site) => (site.lang = 'de') });
    const [warning] = warningsOf(roots);
    expect(warning).toMatchObject({ file: 'site.config.json', pointer: '/landing' });
    expect(warning!.message).toMatch(/no words of its own in the site's language "de", so these are shown in English: breadcrumb, otherCities, .*office/);
    // the fixture's hubs write their own titles: not named
    expect(warning!.message).not.toMatch(/serviceTitle|cityDescription/);
  });
});
