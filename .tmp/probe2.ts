import { launchChromium } from '../scripts/lib/browser.ts';
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
page.on('console', (m) => console.log(`${m.type()}: ${m.text()}`));
await page.goto('http://127.0.0.1:4400/');
await page.waitForTimeout(1600);
for (const sel of ['[data-island="testimonial-carousel"]', '[data-island="portfolio-mockup"]']) {
  await page.locator(sel + ' > *').first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  console.log(sel, await page.evaluate((s) => { const e = document.querySelector(s)!; return [window.scrollY, e.getAttribute('data-hydrating'), e.getAttribute('data-hydrated'), e.firstElementChild?.tagName, e.firstElementChild?.getBoundingClientRect().top]; }, sel));
}
await browser.close();
