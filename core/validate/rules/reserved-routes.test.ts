import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../paths.ts';
import { memoryFiles } from '../memory-files.ts';
import { loadSchemaSet } from '../schemas.ts';
import { siteFiles } from '../site-files.ts';
import { validateSite } from '../validate.ts';
import { reservedRoutes } from './reserved-routes.ts';

type Config = {
  routes: { path: string; page: string }[];
  landing: { cities: string[]; hubs: { servicePath: string; cityPath: string } };
};

const schemas = loadSchemaSet(paths.schemas);
const site = join(paths.root, 'tests/fixtures/content-landing');
const config = () => JSON.parse(readFileSync(join(site, 'site.config.json'), 'utf8')) as Config;

/** The rule alone on the content landing fixture with its config changed (the other rules would also ask for a new city's data). */
function problems(change: (c: Config) => void) {
  const changed = config();
  change(changed);
  const files = memoryFiles(new Map([['site.config.json', JSON.stringify(changed, null, 2)]]), siteFiles([site]));
  return validateSite({ roots: [site], files, schemaDir: paths.schemas, schemas, rules: [reservedRoutes] }).problems.map(({ pointer, message }) => ({
    pointer,
    message,
  }));
}

describe('reserved-routes', () => {
  it('finds no problem in the fixture as it is', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it("refuses a city whose overview lands on a reserved address, at the city, and names the overviews' path as the fix", () => {
    expect(
      problems((c) => {
        c.landing.hubs.cityPath = '/{slug}';
        c.landing.cities.push('Healthz');
      }),
    ).toEqual([
      {
        pointer: '/landing/cities/3',
        message: `the city overview of "Healthz" would be at "/healthz", which is reserved for the server's health check; change the city overviews' path`,
      },
    ]);
  });

  it("refuses an overview written as a folder's page, which the server would show for the folder's own address", () => {
    expect(problems((c) => c.landing.cities.push('Index'))).toEqual([
      {
        pointer: '/landing/cities/3',
        message: `the city overview of "Index" would be at "/areas/index", which is reserved for a folder's page, which the build writes as index.html; change the city overviews' path`,
      },
    ]);
  });

  it('refuses a page route at a reserved address, and leaves one that only looks like it', () => {
    expect(problems((c) => c.routes.push({ path: '/api', page: 'demo' }, { path: '/studio', page: 'demo' }))).toEqual([
      { pointer: '/routes/3/path', message: `route "/api" is reserved for the server's forms and mail; choose another path` },
    ]);
  });
});
