import { test as base, expect } from '@playwright/test';
import { SPLASH_SEEN_KEY } from '../../core/islands/attributes.ts';

export { expect };

export interface VisitOptions {
  /**
   * true: every page of the test's browser context opens as the first page of a visit: the splash, the page's
   * fade-in, and islands that wait for both. false (the default): as a later page of the visit, which the site
   * shows at once. Tests of the splash, or of timing that counts from the start of a visit, ask for true.
   */
  firstVisit: boolean;
}

export const test = base.extend<VisitOptions>({
  firstVisit: [false, { option: true }],
  // the site's own note of a visit that has seen the splash (src/islands/inline/splash.ts), left before any of the
  // page's scripts run on each new document, so the page takes the site's real path for a later page of a visit
  context: async ({ context, firstVisit }, provide) => {
    if (!firstVisit)
      await context.addInitScript((key) => {
        try {
          sessionStorage.setItem(key, '1');
        } catch {
          // a document without storage (about:blank, an opaque origin): nothing to note
        }
      }, SPLASH_SEEN_KEY);
    await provide(context);
  },
});
