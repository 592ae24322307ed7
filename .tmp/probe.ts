import { launchChromium } from '../scripts/lib/browser.ts';
const base = 'http://127.0.0.1:4400';
const browser = await launchChromium();
for (const path of process.argv.slice(2)) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.replace('/assets/', '')); });
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  const before = [...scripts];
  await page.mouse.wheel(0, 20000);
  await page.waitForTimeout(1500);
  const afterScroll = [...scripts];
  await page.mouse.move(10, 10);
  await page.getByRole('button', { name: /^Chat openen/ }).click();
  await page.waitForTimeout(2500);
  const open = await page.getByRole('dialog').isVisible().catch(() => false);
  const hydrated = await page.$$eval('[data-island]', (els) => els.map((e) => `${e.getAttribute('data-island')}:${e.getAttribute('data-hydrated')}`));
  console.log(path, '\n  before:', before.join(' '), '\n  scroll:', afterScroll.slice(before.length).join(' '), '\n  all:', scripts.slice(afterScroll.length).join(' '), '\n  chat open:', open, hydrated.join(' '), '\n  logs:', logs.join('\n   '));
  await page.close();
}
await browser.close();
