import { expect, test, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { copySite, startDevServer, type DevServer } from '../../scripts/test-support/dev-server.ts';
import { counted, type Counted } from './counted.ts';

/**
 * The five tasks of the people who run the site, done as they would do them in the studio, one after the other in
 * one browser (the name they publish under is typed once, as on their own computer), on a copy of the Dutch
 * fixture site in git with a bare repository as the place it goes live. Each task counts its clicks and keys, and
 * must stay within the counts it takes today; the end state is checked in the files, the commits and the remote.
 */
test.describe('the staff tasks in the studio, counted', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  let site: string;
  let remote: string;
  let server: DevServer;
  let page: Page;
  const port = 4680 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const git = (...args: string[]) => execFileSync('git', ['-C', site, ...args], { encoding: 'utf8' }).trim();
  const file = (path: string) => readFileSync(join(site, path), 'utf8');
  const json = <T>(path: string) => JSON.parse(file(path)) as T;
  const live = () => execFileSync('git', ['-C', remote, 'rev-parse', 'main'], { encoding: 'utf8' }).trim();
  const counts: string[] = [];

  /** Publish, as the person does it: the button, the summary read, the name when the studio does not know it yet, "Nu publiceren". */
  async function publish(task: Counted, expected: string | RegExp) {
    await task.click(page.getByRole('button', { name: 'Publiceren', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Publiceren: dit gaat live' });
    await expect(dialog).toContainText(expected);
    const name = dialog.getByLabel('Uw naam');
    if ((await name.inputValue()) === '') await task.type('Anna de Vries');
    await task.click(dialog.getByRole('button', { name: 'Nu publiceren' }));
    await expect(dialog.getByText('Gepubliceerd: dit is nu de laatste versie.')).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    expect(git('status', '--porcelain')).toBe('');
    expect(live()).toBe(git('rev-parse', 'HEAD'));
  }

  function report(name: string, task: Counted) {
    counts.push(`${name}: ${task.count.clicks} clicks, ${task.count.keys} keys`);
  }

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    site = copySite('studio-tasks-', join(process.cwd(), 'tests/fixtures/base'));
    remote = mkdtempSync(join(tmpdir(), 'studio-tasks-remote-'));
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('-c', 'user.email=dev@test', '-c', 'user.name=Developer', 'commit', '-qm', 'site');
    git('remote', 'add', 'origin', remote);
    git('push', '-q', 'origin', 'main');
    const env = { ...process.env, STUDIO_PUSH_REMOTE: 'origin', STUDIO_PUSH_BRANCH: 'main', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
    server = await startDevServer(site, port, 30_000, { env });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}/__studio`);
  });

  test.afterAll(async () => {
    console.log(`studio tasks:\n  ${counts.join('\n  ')}`);
    await page?.close();
    await server?.stop();
    for (const made of [site, remote]) if (made) rmSync(made, { recursive: true, force: true });
  });

  test('change the hero heading and publish', async () => {
    const task = counted(page);
    // the home page opens with its first block (the hero) chosen
    await task.click(page.getByRole('textbox', { name: 'Kop', exact: true }));
    await task.press('Control+A');
    await task.type('Sneller online');
    await publish(task, 'Welkom → Sneller online');
    report('change the hero heading and publish', task);
    expect(json<{ blocks: { headline?: string }[] }>('content/pages/home.json').blocks[0]!.headline).toBe('Sneller online');
    expect(task.count.clicks).toBeLessThanOrEqual(4);
  });

  test('add an FAQ question and publish', async () => {
    const task = counted(page);
    await task.click(page.getByRole('navigation', { name: 'Pagina’s en instellingen' }).getByRole('button', { name: 'Veelgestelde vragen' }));
    await task.click(page.getByRole('button', { name: /^Vraag toevoegen|^Toevoegen aan vragen/ }));
    // the new question is prefilled and valid, and its first text has the keyboard, selected: typing replaces it
    await expect(page.locator('[data-pointer="/items/3/question"]')).toBeFocused();
    await task.type('Hoe snel staat mijn site online?');
    await task.press('Tab');
    await task.press('Control+A');
    await task.type('Meestal binnen twee weken.');
    await publish(task, 'Hoe snel staat mijn site online?');
    report('add an FAQ question and publish', task);
    const faq = json<{ items: { question: string; answer: string }[] }>('content/collections/faq.json');
    expect(faq.items.at(-1)).toEqual({ question: 'Hoe snel staat mijn site online?', answer: 'Meestal binnen twee weken.' });
    expect(task.count.clicks).toBeLessThanOrEqual(4);
  });

  test('add a city and publish', async () => {
    const task = counted(page);
    await task.click(page.getByRole('textbox', { name: 'Nieuwe stad' }));
    await task.type('Utrecht');
    await task.press('Enter');
    await expect(page.getByRole('button', { name: '/webdesign-utrecht' })).toBeVisible({ timeout: 15_000 });
    await publish(task, 'Utrecht');
    report('add a city and publish', task);
    expect(json<{ landing: { cities: string[] } }>('site.config.json').landing.cities).toContain('Utrecht');
    expect(task.count.clicks).toBeLessThanOrEqual(3);
  });

  test('replace the hero image with an uploaded one, with alt text, and publish', async () => {
    const task = counted(page);
    await task.click(page.getByRole('button', { name: 'Media' }));
    const chooser = page.waitForEvent('filechooser');
    await task.click(page.getByRole('dialog').getByRole('button', { name: 'Andere afbeelding op Home' }));
    const picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    // picking the file in the system's chooser: one more click
    task.count.clicks++;
    await (await chooser).setFiles({ name: 'Team op kantoor.png', mimeType: 'image/png', buffer: picture });
    // the new picture's alt text has the keyboard
    const uploaded = page.getByRole('dialog').getByRole('listitem', { name: 'team-op-kantoor.webp', exact: true });
    await expect(uploaded.getByLabel('Alt-tekst')).toBeFocused({ timeout: 20_000 });
    await task.type('Het team aan het werk');
    await task.click(page.getByRole('dialog').getByRole('button', { name: 'Sluiten' }).first());
    await publish(task, 'team-op-kantoor.webp');
    report('replace the hero image with an uploaded one, with alt text, and publish', task);
    const hero = json<{ blocks: { image?: { src: string; alt: string } }[] }>('content/pages/home.json').blocks[0]!;
    expect(hero.image).toMatchObject({ src: '/images/team-op-kantoor.webp', alt: 'Het team aan het werk' });
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(['content/pages/home.json', 'public/images/team-op-kantoor.webp']);
    expect(task.count.clicks).toBeLessThanOrEqual(6);
  });

  test('undo a published change from History', async () => {
    const task = counted(page);
    const before = git('rev-parse', 'HEAD~1');
    await task.click(page.getByRole('button', { name: 'Geschiedenis' }));
    const versions = page.getByRole('dialog', { name: 'Geschiedenis: gepubliceerde versies' }).getByRole('listitem');
    // the version before the last: the hero still had its old picture
    await task.click(versions.nth(1).getByRole('button', { name: 'Deze versie terugzetten' }));
    await task.click(versions.nth(1).getByRole('button', { name: 'Ja, terugzetten' }));
    await expect(page.getByRole('status').filter({ hasText: 'is teruggezet, als nieuwe versie' })).toBeVisible({ timeout: 20_000 });
    report('undo a published change from History', task);
    expect(file('content/pages/home.json')).toBe(`${git('show', `${before}:content/pages/home.json`)}\n`);
    expect(live()).toBe(git('rev-parse', 'HEAD'));
    expect(task.count.clicks).toBeLessThanOrEqual(3);
  });
});
