import { test, expect } from './fixtures.ts';
import { expectHydrated, waitForSplash } from './helpers.ts';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { get, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { copySite, startDevServer, type DevServer } from '../../scripts/test-support/dev-server.ts';

// one dev server run is enough: desktop project only (playwright.config.ts)
test.describe('dev server', { tag: '@desktop-only' }, () => {
  // in order in one worker, not split among the workers: one dev server for them all
  test.describe.configure({ mode: 'default' });
  let site: string;
  let server: DevServer;
  const port = 4390 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

  test.beforeAll(async () => {
    // the agency's site as these tests know it, never the site's own files (staff change those)
    site = copySite('dev-site-', join(process.cwd(), 'tests/fixtures/agency'));
    server = await startDevServer(site, port, 20_000);
  });

  const dev = (path: string) => `http://127.0.0.1:${port}${path}`;
  /** The marketing page's heading as its file has it now. */
  const marketingHeading = () =>
    (JSON.parse(readFileSync(join(site, 'content/pages/marketing.json'), 'utf8')) as { blocks: { headline: string }[] }).blocks[0]!.headline;
  /** Each island of a page with its directive, in order. */
  const islands = (html: string) => [...html.matchAll(/data-island="([^"]+)" data-hydrate="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`);

  test.afterAll(async () => {
    // gone before the next run of this group in the same worker starts its server on the same port
    await server?.stop();
    if (site) rmSync(site, { recursive: true, force: true });
  });

  test('serves each page as the build writes it: prerendered HTML, the same islands and inline scripts, no client-side app', async ({ request }) => {
    for (const path of ['/', '/contact', '/webdesign-amersfoort']) {
      const built = await (await request.get(path)).text();
      const answer = await request.get(dev(path));
      expect(answer.status()).toBe(200);
      const html = await answer.text();
      expect(islands(html), path).toEqual(islands(built));
      expect(islands(html).length, path).toBeGreaterThan(0);
      // the bootstrap loads Vite's islands entry instead of the hashed chunk; the page itself is already HTML
      expect(html).toContain('<script data-src="/src/entry-islands.tsx" data-after="');
      expect(html).toMatch(/<div id="root"><div class="[^"]*"/);
      expect(html).not.toContain('entry-client');
      expect(html).toContain('<script type="speculationrules">');
      expect(html.match(/<title>[^<]*<\/title>/)?.[0]).toBe(built.match(/<title>[^<]*<\/title>/)?.[0]);
    }
    // an unknown path gets the build's 404 page, which sends the visitor home
    const missing = await request.get(dev('/bestaat-niet'));
    expect(missing.status()).toBe(404);
    expect(islands(await missing.text())).toEqual([]);
    expect(await missing.text()).toContain('data-to="/"');
    // the pages' stylesheets (CSS modules that compose from another file among them) were compiled without a warning
    expect(server.output()).not.toMatch(/PostCSS plugin did not pass the `from` option/);
  });

  test("the studio's request for a page as rendered gets the page's blocks as a preview shows them, without Vite's client", async ({ request }) => {
    const main = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0];
    for (const path of ['/', '/webdesign-amersfoort']) {
      const whole = await (await request.get(dev(path))).text();
      const rendered = await request.get(dev(path), { headers: { 'X-Studio-Rendered-Only': '1' } });
      expect(rendered.status()).toBe(200);
      const html = await rendered.text();
      expect(whole).toContain('/@vite/client');
      expect(html).not.toContain('/@vite/client');
      expect(main(html), path).toBeDefined();
      expect(main(html), path).toBe(main(whole));
    }
  });

  test("an island hydrates from Vite's sources, styled as in the build", async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(dev('/contact'));
    await waitForSplash(page);
    // the stylesheets are linked: the header is sticky, as the built page's
    await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
    // the chat wakes when the visitor points at it
    await page.getByRole('button', { name: /^Chat openen/ }).hover();
    await expectHydrated(page, 'chat');
    await page.getByRole('button', { name: /^Chat openen/ }).click();
    await expect(page.getByRole('dialog', { name: /^Chat met / })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an edit of a content file shows on the open page', async ({ page }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    const heading = marketingHeading();
    await page.goto(dev('/marketing'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    try {
      writeFileSync(file, original.replace(JSON.stringify(heading), '"Een nieuwe kop uit de editor"'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Een nieuwe kop uit de editor', { timeout: 5000 });
    } finally {
      writeFileSync(file, original);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 5000 });
  });

  test('a page asked for as soon as the watcher reports a save shows the saved text (as the studio asks for it)', async ({ request }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    const heading = marketingHeading();
    // the studio's stream of changed files: the same watcher's events that the dev server reads the files on
    const heard: string[] = [];
    const events = await new Promise<IncomingMessage>((resolve, reject) =>
      get(dev('/__studio/api/events'), { headers: { Accept: 'text/event-stream' } }, resolve).on('error', reject),
    );
    events.setEncoding('utf8');
    events.on('data', (chunk: string) => heard.push(...[...chunk.matchAll(/"path":"([^"]+)"/g)].map((m) => m[1]!)));
    try {
      for (let n = 1; n <= 5; n++) {
        const count = heard.length;
        writeFileSync(file, original.replace(JSON.stringify(heading), JSON.stringify(`Kop ${n}, net opgeslagen`)));
        await expect.poll(() => heard.slice(count), { timeout: 10_000, intervals: [2] }).toContain('content/pages/marketing.json');
        // at once, before the dev server has read the file (it reads it a moment after the watcher's last event)
        expect(await (await request.get(dev('/marketing'))).text(), `save ${n}`).toContain(`Kop ${n}, net opgeslagen`);
      }
    } finally {
      events.destroy();
      writeFileSync(file, original);
    }
    await expect.poll(async () => (await request.get(dev('/marketing'))).text(), { timeout: 10_000 }).toContain(heading);
  });

  test('a page asked for right after a save, before the watcher has said a word, shows the saved text', async ({ request }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    const heading = marketingHeading();
    try {
      for (let n = 1; n <= 5; n++) {
        writeFileSync(file, original.replace(JSON.stringify(heading), JSON.stringify(`Meteen gevraagd ${n}`)));
        expect(await (await request.get(dev('/marketing'))).text(), `save ${n}`).toContain(`Meteen gevraagd ${n}`);
      }
      // a broken save, asked for at once, is the problems page in a developer's tab
      writeFileSync(file, original.replace('"type": "hero"', '"type": "hreo"'));
      const broken = await request.get(dev('/marketing'));
      expect(broken.status()).toBe(500);
      expect(await broken.text()).toContain('unknown block type &quot;hreo&quot;');
    } finally {
      writeFileSync(file, original);
    }
    expect(await (await request.get(dev('/marketing'))).text()).toContain(heading);
  });

  test('a save made while the page was loading, before its Vite client connected to hear the reload, still reloads it', async ({ page }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    const heading = marketingHeading();
    // another tab stays connected, so Vite sends the reload at once to the pages connected then (with none, it keeps it)
    const other = await page.context().newPage();
    const connected = other.waitForEvent('console', (message) => message.text().includes('[vite] connected'));
    await other.goto(dev('/'));
    await connected;
    // Vite's client is held back: the page is there, but not connected
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    await page.route('**/@vite/client', async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.goto(dev('/marketing'), { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      writeFileSync(file, original.replace(JSON.stringify(heading), '"Opgeslagen tijdens het laden"'));
      // the dev server has taken the save in and sent its reload, to no page: this one still shows the old text
      await expect.poll(async () => (await page.request.get(dev('/marketing'))).text()).toContain('Opgeslagen tijdens het laden');
      await sleep(500);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Opgeslagen tijdens het laden', { timeout: 10_000 });
    } finally {
      release();
      writeFileSync(file, original);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 10_000 });
    await other.close();
  });

  test("an edit shows on every page that reads it, whichever file it is in: a page's own, a collection's, the config's", async ({ request }) => {
    const html = async (path: string) => (await request.get(dev(path))).text();
    const edited = (path: string, change: (text: string) => string) => {
      const file = join(site, path);
      const original = readFileSync(file, 'utf8');
      writeFileSync(file, change(original));
      return () => writeFileSync(file, original);
    };
    const about = (JSON.parse(readFileSync(join(site, 'site.config.json'), 'utf8')) as { footer: { about: string } }).footer.about;
    const quote = (JSON.parse(readFileSync(join(site, 'content/collections/testimonials.json'), 'utf8')) as { items: { content: string }[] }).items[0]!.content;
    for (const path of ['/', '/contact', '/marketing']) expect((await request.get(dev(path))).status()).toBe(200);
    // the page's own file: that page changes, the others render as they did
    const restorePage = edited('content/pages/marketing.json', (text) =>
      text.replace(JSON.stringify(marketingHeading()), '"Kop van de marketingpagina, nieuw"'),
    );
    try {
      await expect.poll(() => html('/marketing'), { timeout: 10_000 }).toContain('Kop van de marketingpagina, nieuw');
      expect(await html('/')).not.toContain('Kop van de marketingpagina, nieuw');
      expect(await html('/contact')).toContain(about);
    } finally {
      restorePage();
    }
    // a collection the home page shows
    const restoreCollection = edited('content/collections/testimonials.json', (text) =>
      text.replace(JSON.stringify(quote), '"Een nieuwe reactie van een klant"'),
    );
    try {
      await expect.poll(() => html('/'), { timeout: 10_000 }).toContain('Een nieuwe reactie van een klant');
    } finally {
      restoreCollection();
    }
    await expect.poll(() => html('/'), { timeout: 10_000 }).toContain(quote);
    // the config: the footer of every page
    const restoreConfig = edited('site.config.json', (text) => text.replace(JSON.stringify(about), '"Een nieuwe tekst over ons in de footer"'));
    try {
      for (const path of ['/', '/contact', '/marketing'])
        await expect.poll(() => html(path), { timeout: 10_000, message: path }).toContain('Een nieuwe tekst over ons in de footer');
    } finally {
      restoreConfig();
    }
    for (const path of ['/', '/contact']) await expect.poll(() => html(path), { timeout: 10_000, message: path }).toContain(about);
  });

  test('serves the widths each srcset names, rendered from the file in public/ as the build renders them', async ({ request }) => {
    const html = await (await request.get(dev('/'))).text();
    const candidates = [...html.matchAll(/srcSet="([^"]+)"/g)].flatMap((m) => m[1]!.split(', ').map((c) => c.split(' ')));
    const widths = candidates.filter(([url, w]) => /-\d+w\.webp$/.test(url!) && w?.endsWith('w'));
    expect(widths.length).toBeGreaterThan(0);
    for (const [url, w] of widths) {
      const answer = await request.get(dev(url!));
      expect(answer.status(), url).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/webp');
      expect((await sharp(await answer.body()).metadata()).width, url).toBe(Number(w!.slice(0, -1)));
    }
    // no width the build would not make: none at or above the file's own (a 120 px avatar), none outside the list,
    // none of a file that is not there
    expect((await sharp(readFileSync(join(site, 'public/images/avatar-ahmed.webp'))).metadata()).width).toBeLessThan(400);
    expect((await request.get(dev('/images/avatar-ahmed-400w.webp'))).status()).toBe(404);
    expect((await request.get(dev('/images/hero-desktop-401w.webp'))).status()).toBe(404);
    expect((await request.get(dev('/images/favicon-400w.webp'))).status()).toBe(404);
    // no dot segments: this path (its slashes encoded, so no URL parser resolves the dots) leaves public/ once
    // decoded and comes back to a real file, which the guard refuses all the same
    const status = await new Promise<number>((done, fail) =>
      get({ host: '127.0.0.1', port, path: '/images/..%2F..%2Fpublic%2Fimages%2Fhero-desktop-400w.webp' }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      }).on('error', fail),
    );
    expect(status).toBe(404);
  });

  test('a page loaded while the config is invalid shows the problem with its file and line', async ({ page }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, original.replace('"type": "hero"', '"type": "hreo"'));
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('unknown block type "hreo"');
      const answer = await page.goto(dev('/marketing'));
      expect(answer?.status()).toBe(500);
      await expect(page.locator('[data-dev-error]')).toContainText(/content\/pages\/marketing\.json:\d+:\d+/);
      await expect(page.locator('vite-error-overlay').locator('.message')).toContainText('unknown block type "hreo" - did you mean "hero"?');
    } finally {
      writeFileSync(file, original);
    }
    // the fix reloads the page
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(marketingHeading(), { timeout: 15_000 });
    expect(server.running()).toBe(true);
  });

  test("an editor's save that empties the file, then writes it a moment later, ends on the saved text", async ({ page }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    const heading = marketingHeading();
    await page.goto(dev('/marketing'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    try {
      // as VS Code saves: truncate, then write; Vite's watcher may report only the first of two changes this close
      for (const gap of [40, 60, 80]) {
        writeFileSync(file, '');
        await sleep(gap);
        writeFileSync(file, original.replace(JSON.stringify(heading), `"Kop na ${gap} ms"`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Kop na ${gap} ms`, { timeout: 5000 });
      }
    } finally {
      writeFileSync(file, original);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 5000 });
  });

  test('shows config errors in the overlay and the terminal, keeps running, and clears them when fixed', async ({ page }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    await page.goto(`http://127.0.0.1:${port}/marketing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(marketingHeading());

    writeFileSync(file, original.replace('"type": "hero"', '"type": "hreo"'));
    const overlay = page.locator('vite-error-overlay');
    await expect(overlay).toBeAttached({ timeout: 15_000 });
    await expect(overlay.locator('.message')).toContainText('content/pages/marketing.json:');
    await expect(overlay.locator('.message')).toContainText('unknown block type "hreo" - did you mean "hero"?');
    await expect.poll(() => server.output()).toMatch(/content\/pages\/marketing\.json:\d+:\d+ {2}\/blocks\/0\/type {2}unknown block type "hreo"/);

    writeFileSync(file, original);
    await expect(overlay).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(marketingHeading());
    expect(server.running()).toBe(true);
  });
  test("while the files are invalid, the studio's preview gets the last valid page, a developer's tab the problems", async ({ request }) => {
    const file = join(site, 'content/pages/marketing.json');
    const original = readFileSync(file, 'utf8');
    const framed = { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' };
    const fetched = { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'same-origin', Referer: dev('/__studio') };
    // the page rendered once while the site is valid: that render is what the preview keeps
    expect((await request.get(dev('/marketing'))).status()).toBe(200);
    try {
      writeFileSync(file, original.replace('"type": "hero"', '"type": "heroo"'));
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('unknown block type "heroo"');
      // the studio's frame, and the render the studio fetches, are the page as it last was valid
      for (const headers of [framed, fetched]) {
        const answer = await request.get(dev('/marketing'), { headers });
        expect(answer.status()).toBe(200);
        const html = await answer.text();
        expect(html).toContain('<h1');
        expect(html).not.toContain('data-dev-error');
        expect(html).not.toContain('heroo');
      }
      // a page of the site the studio's frame moves on to is rendered from the last valid site too
      expect((await request.get(dev('/contact'), { headers: framed })).status()).toBe(200);
      // a developer's tab gets the problems, with the file and line
      const tab = await request.get(dev('/marketing'));
      expect(tab.status()).toBe(500);
      expect(await tab.text()).toMatch(/content\/pages\/marketing\.json:\d+:\d+/);
    } finally {
      const reloads = server.output().split('site config valid').length;
      writeFileSync(file, original);
      // the watcher has taken the fixed file (a request alone validates it sooner), so the next test starts settled
      await expect.poll(() => server.output().split('site config valid').length, { timeout: 10_000 }).toBeGreaterThan(reloads);
    }
    await expect.poll(async () => (await request.get(dev('/marketing'))).status(), { timeout: 10_000 }).toBe(200);
  });
});
