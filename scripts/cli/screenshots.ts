import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { launchChromium, serveBuild } from '../test-support/browser.ts';

/**
 * Full-page screenshots of every page at desktop and phone width, from the build,
 * into screenshots/ (git-ignored). Usage: npm run screenshots [-- /route ...]
 */
const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/web-development', '/marketing', '/portfolio', '/contact', '/offerte', '/demo', '/algemene-voorwaarden', '/seo-amersfoort'];
const widths = [1280, 390];
const out = join(paths.root, 'screenshots');
mkdirSync(out, { recursive: true });

const server = await serveBuild(4394);
const browser = await launchChromium();
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width > 600 ? 800 : 844 }, reducedMotion: 'reduce' });
    for (const route of routes) {
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1600);
      // lazy images below the fold: scroll through once so they load
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(400);
      const name = `${route === '/' ? 'home' : route.slice(1)}-${width}.png`;
      await page.screenshot({ path: join(out, name), fullPage: true });
      console.log(`screenshots/${name}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.stop();
}
