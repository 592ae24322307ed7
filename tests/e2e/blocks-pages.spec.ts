import { test, expect } from './fixtures.ts';
import { openPage } from './helpers.ts';
import { openWithClock } from './blocks-support.ts';

const PAGES = ['/', '/web-development', '/marketing', '/portfolio', '/demo', '/algemene-voorwaarden'];

// axe on each of these pages, lazy blocks scrolled in: routes.spec.ts ('every route'), at both widths

/** The pages' buttons: [page, accessible name, target]. The first match in the main content is clicked. */
const BUTTONS: [string, string, string][] = [
  ['/', 'Ontvang Een Gratis Website Ontwerp', '/demo'],
  ['/', 'Lees meer', '/web-development'],
  ['/', 'Direct starten', '/demo'],
  ['/', 'Vraag een offerte aan', '/offerte'],
  ['/', 'Kom in contact', '/contact'],
  ['/', 'Bekijk alle projecten', '/portfolio'],
  ['/', 'Webshop laten maken in Amersfoort', '/webshop-amersfoort'],
  ['/', 'Web-applicatie laten maken in Amersfoort', '/web-applicatie-amersfoort'],
  ['/', 'SEO in Amersfoort', '/seo-amersfoort'],
  ['/web-development', 'Direct starten', '/offerte'],
  ['/web-development', 'Gratis demo', '/demo'],
  ['/web-development', 'Lanceer je project', '/offerte'],
  ['/web-development', 'Kom in contact', '/contact'],
  ['/web-development', 'Webshop laten maken', '/webshop-amersfoort'],
  ['/marketing', 'Start met groeien', '/offerte'],
  ['/marketing', 'Kom in contact', '/contact'],
  ['/portfolio', 'Direct starten', '/demo'],
  ['/portfolio', 'Vraag een offerte aan', '/offerte'],
  ['/algemene-voorwaarden', 'Kom in contact', '/contact'],
];

test.describe('buttons reach their targets', () => {
  // one test per page: each button is clickable where it is (Playwright's checks before a click: visible, still,
  // not covered) and links to its target (a plain link: the browser goes where its href says); the last one is
  // clicked, and the page it opens is the target
  for (const from of new Set(BUTTONS.map(([page]) => page))) {
    test(`${from}: each button reaches its target`, async ({ page }) => {
      const buttons = BUTTONS.filter(([page]) => page === from);
      // time stands still once the page is open: a landing page forwards to / after 1.5 s, sooner than a busy
      // machine may read its address
      await openWithClock(page, from);
      // link cards add a description to the name, so match on how the name starts
      const button = (name: string) =>
        page
          .locator('main')
          .getByRole('link', { name: new RegExp(`^${name}`) })
          .first();
      for (const [, name, to] of buttons) {
        await button(name).click({ trial: true });
        const href = await button(name).getAttribute('href');
        expect.soft(new URL(href ?? '', page.url()).pathname, `'${name}' on ${from}`).toBe(to);
      }
      const [, name, to] = buttons.at(-1)!;
      await button(name).click();
      await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
    });
  }

  test('home feature rows: "Lees meer" to both services and every "Direct starten" to /demo', async ({ page }) => {
    await openPage(page, '/');
    const hrefs = async (name: string) =>
      page
        .locator('main')
        .getByRole('link', { name, exact: true })
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(await hrefs('Lees meer')).toEqual(['/web-development', '/marketing']);
    expect(await hrefs('Direct starten')).toEqual(['/demo', '/demo', '/demo']);
  });

  test("/marketing: every service card's 'Start met groeien' goes to /offerte", async ({ page }) => {
    await openPage(page, '/marketing');
    const cards = page.locator('#diensten li:has(h3)');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) await expect(card.getByRole('link', { name: 'Start met groeien' })).toHaveAttribute('href', '/offerte');
    await cards.last().getByRole('link', { name: 'Start met groeien' }).click();
    await expect(page).toHaveURL(/\/offerte$/);
  });

  test('every internal link on the composed pages answers with a page', { tag: '@desktop-only' }, async ({ page, request }) => {
    const targets = new Set<string>();
    for (const path of PAGES) {
      await page.goto(path);
      for (const href of await page.locator('main a[href^="/"]').evaluateAll((els) => els.map((e) => e.getAttribute('href')!))) targets.add(href);
    }
    for (const href of targets) expect((await request.get(href)).status(), href).toBe(200);
  });
});

test.describe('/portfolio', () => {
  test('shows the six client projects, each opening the live site in a new tab', async ({ page, context }) => {
    await context.route(/^https:\/\/www\./, (route) => route.fulfill({ contentType: 'text/html', body: '<title>client</title>' }));
    await openPage(page, '/portfolio');
    const cards = page.locator('main li').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
      'Voltkracht',
      'Buiten de Bilt',
      'Flex Autoservice',
      'Schoonmaakbedrijf Eemland',
      'Stay Beautiful Salon',
      'Garage Fix-It',
    ]);
    const links = page.locator('main').getByRole('link', { name: /^Bekijk website/ });
    await expect(links).toHaveCount(6);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\/www\.[a-z-]+\.nl$/);
    }
    const [tab] = await Promise.all([context.waitForEvent('page'), links.first().click()]);
    await expect(tab).toHaveURL('https://www.voltkracht.nl/');
    expect(page.url()).toMatch(/\/portfolio$/);
  });
});

test.describe('/algemene-voorwaarden', () => {
  test('carries the date and the fixed terms (deposit, payment, prices without btw)', async ({ page }) => {
    await openPage(page, '/algemene-voorwaarden');
    const main = page.locator('main');
    await expect(main).toContainText('Laatst bijgewerkt: 1 maart 2024');
    await expect(main).toContainText('aanbetaling van 50%');
    await expect(main).toContainText('De resterende 50% wordt gefactureerd na oplevering');
    await expect(main).toContainText('exclusief btw');
    await expect(main).toContainText('Is er geen looptijd afgesproken, dan geldt een looptijd van één jaar');
    await expect(main).toContainText('Beide partijen houden alle vertrouwelijke informatie');
  });
});

test.describe('/marketing', () => {
  test('shows four services and the measurable results', async ({ page }) => {
    await openPage(page, '/marketing');
    const main = page.locator('main');
    for (const title of ['SEO Optimalisatie', 'Google Ads', 'Meta Advertising', 'Social Media Marketing'])
      await expect(main.getByRole('heading', { level: 3, name: title })).toBeVisible();
    for (const claim of ['+127%', '+85%', '+64%', '+93%', '5 sterren', '100%', '48u']) await expect(main.locator('#resultaten')).toContainText(claim);
  });
});
