import type { FormConfig } from '../core/forms/form-types.ts';
import type { SiteConfig } from '../core/site/schema-types.ts';
import { formatProblems, validateSite } from '../core/validate/validate.ts';
import { paths } from '../core/paths.ts';

/** What the server needs of the site: its forms (to check submissions) and where mail and photos go. */
export interface ServerSite {
  forms: Record<string, FormConfig>;
  integrations: SiteConfig['integrations'];
  siteUrl: string;
}

/** Reads and validates the site the same way the build does; an invalid config stops the server with the validator's messages. */
export function loadServerSite(root = paths.root): ServerSite {
  const result = validateSite({ roots: [root], schemaDir: paths.schemas });
  if (!result.site) throw new Error(`the site config is invalid:\n${formatProblems(result.problems)}`);
  const { site, forms } = result.site;
  return {
    // the validator checked every form file against form.schema.json
    forms: forms as unknown as Record<string, FormConfig>,
    integrations: site.integrations,
    siteUrl: site.seo.siteUrl,
  };
}
