import { launchChromium } from '../scripts/lib/browser.ts';
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto('http://127.0.0.1:4400/algemene-voorwaarden');
await page.waitForTimeout(3000);
console.log(await page.evaluate(() => { const s = document.querySelector('[data-testid=splash]')!; const cs = getComputedStyle(s); return [cs.visibility, cs.opacity, cs.animationName, cs.animationDelay, cs.animationDuration, s.getAttribute('style'), getComputedStyle(document.querySelector('.page')!).opacity]; }));
await browser.close();
