import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe with the WCAG 2.1 A and AA rules, run in the page itself (axe's legacy mode). The default mode runs axe in
 * parts, frame by frame, and then opens a blank page to put the parts together: a second of a new page for every
 * scan, for cross-origin frames that none of our pages has (the site has no frames; the studio leaves out its
 * previews, which are the site's own pages). The rules and what they find are the same.
 */
export function wcagAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
}

/** The violations of a scan, one line each: rule, help and where, for a failure that says what to fix. */
export async function axeViolations(builder: AxeBuilder): Promise<string[]> {
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
