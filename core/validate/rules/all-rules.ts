import type { Rule } from './rule.ts';
import { uniqueSlugs } from './unique-slugs.ts';
import { uniqueRoutes } from './unique-routes.ts';
import { onePhoneNumber } from './one-phone-number.ts';
import { linksResolve } from './links-resolve.ts';
import { assetsExist } from './assets-exist.ts';
import { referencesExist } from './references-exist.ts';
import { landingContent } from './landing-content.ts';
import { reservedRoutes } from './reserved-routes.ts';

/** Run in this order; the report is sorted by position afterwards, so the order only breaks ties. */
export const allRules: readonly Rule[] = [
  uniqueSlugs,
  uniqueRoutes,
  reservedRoutes,
  onePhoneNumber,
  linksResolve,
  assetsExist,
  referencesExist,
  landingContent,
];
