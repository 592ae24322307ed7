import { expect, test, type Frame, type Page } from '@playwright/test';
import { expectAccessible, studioSite } from './studio-support.ts';

/** laptops, and a large screen */
const SIZES = [
  [1280, 800],
  [1440, 900],
  [1920, 1080],
] as const;
/** the texts that must show whole: labels, block titles and buttons of every part of the studio */
const TEXTS = [
  '.top button',
  '.top h1',
  '.files h2',
  '.files button',
  '.editor label',
  '.editor legend',
  '.editor h2',
  '.editor button',
  '.block-type',
  '.block-text',
  '.preview button',
  '.frame figcaption',
].join(', ');

/** The page and each column scroll only up and down. */
async function sidewaysScrolls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('.studio, .top, .files, .editor, .side, .preview, .preview-frames')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `${el.className || el.tagName}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
}

/**
 * The texts cut off: wider than their box (scrollWidth > clientWidth), or, for one laid out inline, sticking out of
 * the box that holds it. Only those shown.
 */
async function cutOff(page: Page): Promise<string[]> {
  return page.locator(TEXTS).evaluateAll((els) =>
    els
      .filter((el) => {
        const box = el as HTMLElement;
        if (box.getClientRects().length === 0) return false;
        if (getComputedStyle(box).display !== 'inline') return box.scrollWidth > box.clientWidth + 1;
        const rect = box.getBoundingClientRect();
        const holder = box.parentElement!.getBoundingClientRect();
        return rect.left < holder.left - 1 || rect.right > holder.right + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: "${(el.textContent ?? '').trim().slice(0, 40)}"`),
  );
}

/** The page shown in a preview frame (a new one after each reload). */
async function previewPage(page: Page, device: 'Desktop' | 'Phone'): Promise<Frame> {
  const handle = await page.locator(`iframe[data-device="${device.toLowerCase()}"]`).elementHandle();
  return (await handle!.contentFrame())!;
}

/** Where the outlined block's top edge is in the studio's window, and what of the window the frame's box shows. */
async function outlinedBlock(page: Page, device: 'Desktop' | 'Phone') {
  const iframe = page.locator(`iframe[data-device="${device.toLowerCase()}"]`);
  const shown = await iframe.evaluate((el) => {
    const frame = el.getBoundingClientRect();
    const box = el.parentElement!.getBoundingClientRect();
    return {
      left: frame.left,
      top: frame.top,
      scale: frame.width / (el as HTMLIFrameElement).offsetWidth,
      boxTop: box.top,
      boxBottom: box.bottom,
      window: innerHeight,
    };
  });
  const block = await (
    await previewPage(page, device)
  )
    .evaluate(() => {
      const el = [...document.querySelectorAll('main > *')].find((child) => (child as HTMLElement).style.outlineStyle === 'solid');
      return el ? { top: el.getBoundingClientRect().top, text: (el.textContent ?? '').trim().slice(0, 20) } : undefined;
    })
    // the preview reloading meanwhile (a saved edit): no block outlined yet, and a poll asks again
    .catch(() => undefined);
  return { ...shown, block, top: block ? shown.top + block.top * shown.scale : NaN };
}

/** Each block's first words, in the order the preview shows them. */
const ORDER = `[...document.querySelector('main').children]
  .filter((el) => el.tagName !== 'SCRIPT' && el.tagName !== 'TEMPLATE')
  .map((el) => (el.textContent ?? '').replace(/\\s+/g, ' ').trim().slice(0, 30))`;

/**
 * Marks the page a preview shows now, and notes in the studio's window each order of blocks that page shows from
 * now on, with the mark: an order noted with it was shown in that same page, without a reload. The page is on an
 * origin of its own (sandboxed): it posts each order to the studio's window, which keeps them (noteOrders).
 */
const watch = (mark: string) => `{
  window.__mark = ${JSON.stringify(mark)};
  new MutationObserver(() => {
    parent.postMessage({ layoutOrder: { mark: window.__mark, order: ${ORDER} } }, '*');
  }).observe(document.querySelector('main'), { childList: true });
}`;

/** The studio's window keeps the orders its previews post (watch). */
const noteOrders = (page: Page) =>
  page.evaluate(() =>
    window.addEventListener('message', (event: MessageEvent<{ layoutOrder?: unknown }>) => {
      const w = window as unknown as { __orders?: unknown[] };
      if (event.data?.layoutOrder) w.__orders = [...(w.__orders ?? []), event.data.layoutOrder];
    }),
  );

/**
 * The studio's layout in `npm run dev` on a copy of the base fixture (a Dutch site) at laptop and large-screen
 * sizes, and its preview's structural edits: a move and a delete show in the open page at once, in order.
 */
test.describe('studio layout', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const site = studioSite({ fixture: 'base', prefix: 'studio-layout-', port: 4660 + Number(process.env.TEST_PARALLEL_INDEX ?? 0) });
  const studio = site.studio;

  test.afterEach(() => site.reset());

  for (const [width, height] of SIZES) {
    test(`at ${width} x ${height} the studio fits: no sideways scroll, the selected block in view, no text cut off, the phone's preview switched`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto(studio);
      const blocks = page.locator('.block-list > li');
      await expect(blocks.nth(4)).toBeVisible();
      await expect(page.frameLocator('iframe[data-device="desktop"]').locator('main h1')).toBeVisible({ timeout: 15_000 });
      expect.soft(await sidewaysScrolls(page)).toEqual([]);
      expect.soft(await cutOff(page)).toEqual([]);

      // a block low on the page selected, and its form edited: the preview shows it, inside the window
      await blocks.last().locator('.block-select').click();
      const field = page.locator('.block-form').getByRole('textbox').first();
      await field.focus();
      await expect(field).toBeInViewport();
      for (const device of ['Desktop', 'Phone'] as const) {
        if ((await page.locator(`iframe[data-device="${device.toLowerCase()}"]`).count()) === 0) continue;
        await expect.poll(async () => (await outlinedBlock(page, device)).block?.text).toContain('Vragen');
        const shown = await outlinedBlock(page, device);
        expect(shown.boxTop).toBeGreaterThanOrEqual(0);
        expect(shown.boxBottom).toBeLessThanOrEqual(shown.window);
        expect(shown.top, `${device}: the block's top in the frame's box`).toBeGreaterThanOrEqual(shown.boxTop - 1);
        expect(shown.top, `${device}: the block's top in the frame's box`).toBeLessThan(shown.boxBottom - 40);
      }
      expect.soft(await sidewaysScrolls(page)).toEqual([]);
      expect.soft(await cutOff(page)).toEqual([]);

      // the phone's preview: off and on from its button (in the site's language), remembered over a reload
      const toggle = page.getByRole('region', { name: 'Voorbeeld' }).getByRole('button', { name: 'Telefoon tonen' });
      const phone = page.locator('iframe[data-device="phone"]');
      const desktopWidth = () => page.locator('iframe[data-device="desktop"]').evaluate((el) => el.getBoundingClientRect().width);
      const wasShown = (await toggle.getAttribute('aria-pressed')) === 'true';
      await expect(phone).toHaveCount(wasShown ? 1 : 0);
      const before = await desktopWidth();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', String(!wasShown));
      await expect(phone).toHaveCount(wasShown ? 0 : 1);
      // without the phone the desktop has more room
      expect((await desktopWidth()) > before).toBe(wasShown);
      expect.soft(await sidewaysScrolls(page)).toEqual([]);
      expect.soft(await cutOff(page)).toEqual([]);
      await page.reload();
      await expect(toggle).toHaveAttribute('aria-pressed', String(!wasShown));
      await expect(phone).toHaveCount(wasShown ? 0 : 1);
      await toggle.click();
      await expect(phone).toHaveCount(wasShown ? 1 : 0);
      if (width < 1920) await expectAccessible(page);
    });
  }

  test('on a phone (390 px) the studio is one column: no sideways scroll, no text cut off, the files, the form, then the previews', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(studio);
    await expect(page.locator('.block-list > li').nth(4)).toBeVisible();
    await expect(page.frameLocator('iframe[data-device="desktop"]').locator('main h1')).toBeVisible({ timeout: 15_000 });
    expect.soft(await sidewaysScrolls(page)).toEqual([]);
    expect.soft(await cutOff(page)).toEqual([]);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const [files, editor, side] = [await box('.files'), await box('.editor'), await box('.side')];
    // one under the other, each as wide as the screen
    expect(editor.y).toBeGreaterThanOrEqual(files.y + files.height - 1);
    expect(side.y).toBeGreaterThanOrEqual(editor.y + editor.height - 1);
    for (const { width } of [files, editor, side]) expect(width).toBeGreaterThan(380);
    // the hero's heading is typed in on the phone, and the preview under the form shows it
    const heading = page.locator('.block-form').getByRole('textbox', { name: 'Kop', exact: true });
    await heading.fill('Vanaf de telefoon');
    await expect(page.frameLocator('iframe[data-device="desktop"]').locator('main h1')).toHaveText('Vanaf de telefoon', { timeout: 15_000 });
  });

  test('a move and a delete show in the open preview at once (no reload first), in the right order', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(studio);
    const blocks = page.locator('.block-list > li');
    await expect(blocks.nth(4)).toBeVisible();
    await expect(page.frameLocator('iframe[data-device="desktop"]').locator('main h1')).toBeVisible({ timeout: 15_000 });
    const base = (await (await previewPage(page, 'Desktop')).evaluate(ORDER)) as string[];
    expect(base).toHaveLength(5);
    const orders = () => page.evaluate(() => (window as unknown as { __orders?: { mark: string; order: string[] }[] }).__orders ?? []);
    await noteOrders(page);
    const shownNow = async () => (await (await previewPage(page, 'Desktop')).evaluate(ORDER).catch(() => [])) as string[];

    // the first block moved down: the open page shows the new order itself; the reload after it shows the same
    await (await previewPage(page, 'Desktop')).evaluate(watch('before the move'));
    await blocks.nth(0).locator('.block-actions button', { hasText: '↓' }).click();
    const moved = [base[1], base[0], ...base.slice(2)];
    await expect.poll(orders).toContainEqual({ mark: 'before the move', order: moved });
    await expect.poll(shownNow, { timeout: 10_000 }).toEqual(moved);
    // the moved block is still the selected one, outlined
    await expect.poll(async () => (await outlinedBlock(page, 'Desktop')).block?.text).toContain(base[0]!.slice(0, 10));

    // the third block deleted: the same, once the reload that confirms the move has come (a loaded machine can be late)
    const mark = async () =>
      (await previewPage(page, 'Desktop')).evaluate(() => (window as unknown as { __mark?: string }).__mark ?? 'reloaded').catch(() => 'reloading');
    await expect.poll(mark, { timeout: 10_000 }).toBe('reloaded');
    await expect.poll(async () => (await previewPage(page, 'Desktop')).evaluate(() => document.readyState)).toBe('complete');
    await (await previewPage(page, 'Desktop')).evaluate(watch('before the delete'));
    await blocks.nth(2).locator('.block-actions button', { hasText: '✕' }).click();
    const deleted = [base[1], base[0], ...base.slice(3)];
    await expect.poll(orders).toContainEqual({ mark: 'before the delete', order: deleted });
    await expect.poll(shownNow, { timeout: 10_000 }).toEqual(deleted);
    // and the preview stays on the file: a while later, after every reload, the same order
    await page.waitForTimeout(2000);
    expect(await shownNow()).toEqual(deleted);
  });
});
