import { join } from 'node:path';
import { validateSite, formatProblems } from '../scripts/lib/validate.ts';
import { paths } from '../scripts/lib/paths.ts';
import { resolveSite } from '../src/config/resolve.ts';
import type { SiteModel } from '../src/config/model.ts';

/** The resolved model of the small fixture site, for component tests. */
export function fixtureModel(): SiteModel {
  const result = validateSite({ roots: [join(paths.root, 'tests/fixtures/base')], schemaDir: paths.schemas });
  if (!result.site) throw new Error(formatProblems(result.problems));
  return resolveSite(result.site);
}
