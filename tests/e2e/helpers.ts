import { expect, type Page } from '@playwright/test';
import { axeViolations, wcagAxe } from './axe.ts';

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

/**
 * Waits until the first-load splash has gone (CSS hides it; on later pages of a visit it never shows) and the
 * page is fully faded in, then brings every island that hydrates by itself (load, idle, visible) to life:
 * each is scrolled into view until it is hydrated, and the page goes back to the top. Islands that wait for
 * an interaction (the chat) stay HTML.
 */
export async function waitForSplash(page: Page): Promise<void> {
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5000 });
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.page')!).opacity === '1');
  await hydrateIslands(page);
}

/** Scrolls each self-hydrating island into view and waits until it is interactive. */
export async function hydrateIslands(page: Page): Promise<void> {
  const islands = page.locator('[data-hydrate="visible"], [data-hydrate="load"], [data-hydrate="idle"]');
  const count = await islands.count();
  if (count === 0) return;
  for (let i = 0; i < count; i++) {
    const island = islands.nth(i);
    await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: 'center', behavior: 'instant' }));
    await expect(island).toHaveAttribute('data-hydrated', 'true');
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

/** Brings lazy images and lazy blocks in, as a visitor scrolling to the end does, and goes back to the top. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 700) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
    window.scrollTo(0, 0);
  });
}

/** Brings the page's form to life as a visitor does, by pointing at it, and waits until it is hydrated. */
export async function hydrateForm(page: Page): Promise<void> {
  const island = page.locator('[data-island="form"]').first();
  await island.locator('form').hover();
  await expect(island).toHaveAttribute('data-hydrated', 'true');
}

/** Waits until the island of this name (a block type, or "chat") is hydrated. */
export async function expectHydrated(page: Page, name: string): Promise<void> {
  await expect(page.locator(`[data-island="${name}"]`).first()).toHaveAttribute('data-hydrated', 'true');
}

export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForSplash(page);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // the first-load fade-in is a CSS animation in real time (a paused test clock does not stop it):
  // contrast measured on a half-transparent page is meaningless, so wait until it is fully opaque
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.page')!).opacity === '1');
  // likewise any finite animation still running, such as an FAQ answer fading in after its click
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  expect(await axeViolations(wcagAxe(page))).toEqual([]);
}

/** Role, name and expanded state from Chromium's own accessibility tree, which is what assistive technology reads. */
export async function axNode(page: Page, selector: string): Promise<{ role?: string; name?: string; expanded?: unknown }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    if (!node) throw new Error(`no accessibility node for ${selector}`);
    const props = Object.fromEntries((node.properties ?? []).map((p) => [p.name, p.value.value]));
    return { role: node.role?.value, name: node.name?.value, expanded: props.expanded };
  } finally {
    await cdp.detach();
  }
}
