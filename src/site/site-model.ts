import raw from 'virtual:site-model';
import type { SiteModel } from '../../core/site/model.ts';

/** The validated, resolved site, produced at build time by scripts/site-bundles/site-plugin.ts. */
export const siteModel = raw as SiteModel;
