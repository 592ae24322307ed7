import { join } from 'node:path';
import { validateSite, formatProblems } from '../core/validate/validate.ts';
import { paths } from '../core/paths.ts';
import { resolveSite } from '../core/site/resolve.ts';
import type { LoadedSite, SiteModel } from '../core/site/model.ts';

function load(root: string): LoadedSite {
  const result = validateSite({ roots: [root], schemaDir: paths.schemas });
  if (!result.site) throw new Error(formatProblems(result.problems));
  return result.site;
}

/** The resolved model of the small fixture site, for component tests. */
export function fixtureModel(): SiteModel {
  return resolveSite(fixtureSite());
}

let base: LoadedSite | undefined;
/** The base fixture site's validated files (its forms, collections, pages): engine tests never read the agency's own content. */
export function fixtureSite(): LoadedSite {
  return (base ??= load(join(paths.root, 'tests/fixtures/base')));
}
