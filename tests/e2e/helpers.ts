import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Collects console errors and React hydration warnings; call the returned check at the end of a test. */
export function watchConsole(page: Page): () => void {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' || /hydrat/i.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return () => expect(problems, 'console errors or hydration warnings').toEqual([]);
}

/** Waits until the first-load splash has gone and the page is interactive. */
export async function waitForSplash(page: Page): Promise<void> {
  await expect(page.getByTestId('splash')).toHaveCount(0, { timeout: 5000 });
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.page')!).opacity === '1');
}

export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForSplash(page);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // the first-load fade-in is a CSS animation in real time (a paused test clock does not stop it):
  // contrast measured on a half-transparent page is meaningless, so wait until it is fully opaque
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.page')!).opacity === '1');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
