import { expect, test, type Locator } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAccessible, field, studioSite } from './studio-support.ts';

type PageFile = { title: string; blocks: { type: string; headline?: string; variant?: string }[] };

/**
 * Publish, Discard and History in `npm run dev`, on a copy of the Dutch fixture site in a git repository of its own
 * that pushes to a bare repository beside it (STUDIO_PUSH_REMOTE, STUDIO_PUSH_BRANCH). The tests run in order:
 * each starts from what the one before published.
 */
test.describe('studio publishing', { tag: '@desktop-only' }, () => {
  test.describe.configure({ mode: 'serial' });
  const port = 4540 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const context = studioSite({ fixture: 'base', prefix: 'studio-publish-', port, remote: true });
  const git = (...args: string[]) => context.git(...args).trim();
  const home = () => JSON.parse(context.file('content/pages/home.json')) as PageFile;
  const { studio } = context;
  const site = () => context.site;
  const remote = () => context.remote;

  test('change the hero heading and publish: the summary says old → new, and the commit has the name and only that file', async ({ page }) => {
    const before = home().blocks[0]!.headline!;
    let clicks = 0;
    let keys = 0;
    const click = async (target: Locator) => {
      clicks++;
      await target.click();
    };
    const type = async (target: Locator, text: string) => {
      keys += text.length;
      await target.pressSequentially(text);
    };
    await page.goto(studio);
    // the home page is open and its hero selected when the studio opens
    const headline = field(page, '/blocks/0/headline');
    await click(headline);
    await page.keyboard.press('Control+A');
    keys++;
    await type(headline, 'Een nieuwe kop');
    await click(page.getByRole('button', { name: 'Publiceren', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Publiceren: dit gaat live' });
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Een nieuwe kop' }).last()).toContainText(
      `Blok 1 (Openingsblok) › Kop: ${before} → Een nieuwe kop`,
    );
    await expectAccessible(page);
    // the name field has the focus: the person types at once
    await expect(dialog.getByLabel('Uw naam')).toBeFocused();
    await type(dialog.getByLabel('Uw naam'), 'Anna de Vries');
    await click(dialog.getByRole('button', { name: 'Nu publiceren' }));
    await expect(dialog.getByText('Gepubliceerd: dit is nu de laatste versie.')).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText('Ook verstuurd naar origin (main).')).toBeVisible();
    console.log(`change the hero heading and publish: ${clicks} clicks, ${keys} keystrokes (the name typed once, remembered after)`);
    expect(git('log', '-1', '--format=%an|%s')).toBe('Anna de Vries|Inhoud bijgewerkt: Home (Kop)');
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/pages/home.json');
    expect(git('status', '--porcelain')).toBe('');
    expect(home().blocks[0]!.headline).toBe('Een nieuwe kop');
    expect(execFileSync('git', ['-C', remote(), 'rev-parse', 'main'], { encoding: 'utf8' }).trim()).toBe(git('rev-parse', 'HEAD'));
    // nothing new to publish now; the name is remembered
    await click(dialog.getByRole('button', { name: 'Sluiten' }));
    await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
    await expect(dialog.getByText('Er is niets nieuws om te publiceren')).toBeVisible();
  });

  test('publish is refused while the site has a problem, and a push the remote refuses keeps the commit', async ({ page }) => {
    await page.goto(studio);
    await expect(field(page, '/blocks/0/headline')).toBeVisible();
    // an editor beside the studio saves an invalid variant: the studio reloads it and lists the problem
    const text = readFileSync(join(site(), 'content/pages/home.json'), 'utf8');
    writeFileSync(join(site(), 'content/pages/home.json'), text.replace('"variant": "home"', '"variant": "groot"'));
    await expect(page.getByRole('heading', { name: /^(Problems|Problemen)\b/ })).toContainText('1');
    await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publiceren: dit gaat live' });
    await expect(dialog.getByRole('alert')).toHaveText(/nog 1 probleem.*Los het eerst op/);
    await expect(dialog.getByRole('button', { name: 'Nu publiceren' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    // fixed; meanwhile someone else pushed to the remote first
    writeFileSync(join(site(), 'content/pages/home.json'), text.replace('"headline": "Een nieuwe kop"', '"headline": "Nog een kop"'));
    const other = mkdtempSync(join(tmpdir(), 'studio-other-'));
    execFileSync('git', ['clone', '-q', remote(), other]);
    writeFileSync(join(other, 'README.md'), 'theirs\n');
    execFileSync('git', ['-C', other, 'add', 'README.md']);
    execFileSync('git', ['-C', other, '-c', 'user.email=o@test', '-c', 'user.name=Other', 'commit', '-qm', 'theirs']);
    execFileSync('git', ['-C', other, 'push', '-q', 'origin', 'main']);
    rmSync(other, { recursive: true, force: true });
    await expect(page.getByRole('heading', { name: /^(Problems|Problemen)\b/ })).toContainText('0', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
    await expect(dialog).toContainText('Een nieuwe kop → Nog een kop');
    await dialog.getByLabel('Uw naam').fill('Anna de Vries');
    await dialog.getByRole('button', { name: 'Nu publiceren' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Uw versie is hier bewaard, maar kon niet naar origin worden verstuurd', { timeout: 15_000 });
    await expect(dialog.getByRole('button', { name: 'Opnieuw versturen' })).toBeVisible();
    // saved here, not live: the dialog does not say "published"
    await expect(dialog.getByText('Gepubliceerd')).toHaveCount(0);
    await expectAccessible(page);
    expect(git('log', '-1', '--format=%an|%s')).toBe('Anna de Vries|Inhoud bijgewerkt: Home (Kop)');
    expect(git('status', '--porcelain')).toBe('');
  });

  test('discard lists what will be lost, and returns every file to the last published version', async ({ page }) => {
    const published = readFileSync(join(site(), 'content/pages/home.json'), 'utf8');
    await page.goto(studio);
    await field(page, '/blocks/0/headline').fill('Weg ermee');
    await expect.poll(() => home().blocks[0]!.headline).toBe('Weg ermee');
    mkdirSync(join(site(), 'content/pages'), { recursive: true });
    writeFileSync(join(site(), 'content/pages/extra.json'), JSON.stringify({ title: 'Extra', description: 'Extra', blocks: [] }, null, 2));
    writeFileSync(join(site(), 'public/images/nieuw.webp'), 'not really an image');
    await page.getByRole('button', { name: 'Wijzigingen weggooien' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wijzigingen weggooien' });
    await expect(dialog).toContainText('Nog een kop → Weg ermee');
    await expect(dialog).toContainText('Extra: nieuwe pagina');
    await expect(dialog).toContainText('nieuw.webp: nieuwe afbeelding');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Weggooien' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'De wijzigingen zijn weggegooid' })).toBeVisible({ timeout: 15_000 });
    expect(git('status', '--porcelain')).toBe('');
    expect(readFileSync(join(site(), 'content/pages/home.json'), 'utf8')).toBe(published);
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Nog een kop');
  });

  test('history lists the versions, and restoring one is a new commit with its content', async ({ page }) => {
    const first = git('rev-list', '--max-parents=0', 'HEAD');
    const original = git('show', `${first}:content/pages/home.json`);
    const count = Number(git('rev-list', '--count', 'HEAD'));
    await page.goto(studio);
    // an unpublished change: restoring is refused until it is published or discarded
    await field(page, '/blocks/0/headline').fill('Nog niet gepubliceerd');
    await expect.poll(() => home().blocks[0]!.headline).toBe('Nog niet gepubliceerd');
    await page.getByRole('button', { name: 'Geschiedenis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Geschiedenis: gepubliceerde versies' });
    const versions = dialog.getByRole('listitem');
    await expect(versions).toHaveCount(count);
    await expect(versions.first()).toContainText('Inhoud bijgewerkt: Home (Kop)');
    await expect(versions.first()).toContainText('door Anna de Vries · huidige versie');
    const oldest = versions.filter({ hasText: 'Developer' });
    await oldest.getByRole('button', { name: 'Deze versie terugzetten' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Er zijn wijzigingen die nog niet gepubliceerd zijn');
    await expectAccessible(page);
    // the way out it offers: Discard, which lists what is lost
    await dialog.getByRole('button', { name: 'Eerst de wijzigingen weggooien…' }).click();
    const discard = page.getByRole('dialog', { name: 'Wijzigingen weggooien' });
    await expect(discard).toContainText('Nog niet gepubliceerd');
    await discard.getByRole('button', { name: 'Weggooien' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'weggegooid' })).toBeVisible({ timeout: 15_000 });
    // now it restores, as a new commit: the task "undo a published change from History", counted
    let clicks = 0;
    const click = async (target: Locator) => {
      clicks++;
      await target.click();
    };
    await click(page.getByRole('button', { name: 'Geschiedenis' }));
    await click(oldest.getByRole('button', { name: 'Deze versie terugzetten' }));
    await expect(oldest).toContainText('Dat wordt een nieuwe versie');
    // a new browser, so the name is asked once more (a person who published before finds it filled in)
    await oldest.getByLabel('Uw naam').pressSequentially('Anna de Vries');
    await click(oldest.getByRole('button', { name: 'Ja, terugzetten' }));
    console.log(`undo a published change from History: ${clicks} clicks (and the name, when not remembered)`);
    // restored here; it goes where Publish goes, and the remote still has someone else's commit (the test before): said in place
    await expect(oldest.getByRole('alert')).toContainText('Uw versie is hier bewaard, maar kon niet naar origin worden verstuurd', { timeout: 15_000 });
    await expect(oldest.getByRole('button', { name: 'Opnieuw versturen' })).toBeVisible();
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(count + 1);
    expect(git('log', '-1', '--format=%an|%s')).toMatch(/^Anna de Vries\|Versie van .+ teruggezet \(site\)$/);
    expect(readFileSync(join(site(), 'content/pages/home.json'), 'utf8')).toBe(`${original}\n`);
    expect(git('status', '--porcelain')).toBe('');
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Welkom');
  });
});

/**
 * Publish sends only what it showed, on a site of its own that pushes to a bare repository: a version with problems
 * is not restored, a developer's unpushed commit of another file is not sent along, and a linked file is neither
 * shown nor committed. The tests run in order on the same site.
 */
test.describe('studio publishing sends only what it showed', { tag: '@desktop-only' }, () => {
  // each test waits on git and on the dev server more than once: on a busy machine that is more than half a minute
  test.describe.configure({ mode: 'serial', timeout: 60_000 });
  const port = 4550 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const context = studioSite({ fixture: 'base', prefix: 'studio-publish-only-', port, remote: true });
  const git = (...args: string[]) => context.git(...args).trim();
  const home = () => JSON.parse(context.file('content/pages/home.json')) as PageFile;
  const { studio } = context;
  const site = () => context.site;
  const remote = () => context.remote;
  const developer = (...args: string[]) => git('-c', 'user.email=dev@test', '-c', 'user.name=Developer', ...args);
  const remoteHead = () => execFileSync('git', ['-C', remote(), 'rev-parse', 'main'], { encoding: 'utf8' }).trim();

  test('a version with problems is not restored: History says so in plain words, and nothing changes', async ({ page }) => {
    // a developer committed a version that does not validate (a variant the hero does not have), then fixed it
    const path = join(site(), 'content/pages/home.json');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace('"variant": "home"', '"variant": "groot"'));
    developer('commit', '-qam', 'Kapotte variant');
    writeFileSync(path, text);
    developer('commit', '-qam', 'Variant hersteld');
    const head = git('rev-parse', 'HEAD');
    await page.goto(studio);
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Welkom');
    await page.getByRole('button', { name: 'Geschiedenis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Geschiedenis: gepubliceerde versies' });
    const broken = dialog.getByRole('listitem').filter({ hasText: 'Kapotte variant' });
    await broken.getByRole('button', { name: 'Deze versie terugzetten' }).click();
    await broken.getByLabel('Uw naam').fill('Anna de Vries');
    await broken.getByRole('button', { name: 'Ja, terugzetten' }).click();
    const alert = broken.getByRole('alert');
    await expect(alert).toContainText('Deze versie kan niet worden teruggezet: er zit 1 probleem in', { timeout: 15_000 });
    await expect(alert).toContainText('Er is niets veranderd.');
    // the problem itself in the staff's words, by its page, not the validator's English
    const problem = alert.getByRole('listitem');
    await expect(problem).toHaveCount(1);
    await expect(problem).toContainText(/^home: /);
    await expect(problem).not.toContainText(/must|\/blocks/);
    await expectAccessible(page);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe('');
    expect(readFileSync(path, 'utf8')).toBe(text);
    await expect(field(page, '/blocks/0/headline')).toHaveValue('Welkom');
  });

  test("a developer's unpushed commit of another file stops the push: said in plain words, and sent once the developer pushed it", async ({ page }) => {
    // someone else pushed a commit of another file; a developer merges it here (git pull), as the studio asks then
    const other = mkdtempSync(join(tmpdir(), 'studio-other-'));
    execFileSync('git', ['clone', '-q', remote(), other]);
    writeFileSync(join(other, 'README.md'), 'theirs\n');
    execFileSync('git', ['-C', other, 'add', 'README.md']);
    execFileSync('git', ['-C', other, '-c', 'user.email=o@test', '-c', 'user.name=Other', 'commit', '-qm', 'theirs']);
    execFileSync('git', ['-C', other, 'push', '-q', 'origin', 'main']);
    rmSync(other, { recursive: true, force: true });
    developer('pull', '-q', '--no-rebase', '--no-edit', 'origin', 'main');
    // and commits notes of their own beside the site, not pushed
    writeFileSync(join(site(), 'notities.txt'), 'het wachtwoord van de testserver\n');
    git('add', 'notities.txt');
    developer('commit', '-qm', 'Notities');
    const before = remoteHead();
    await page.goto(studio);
    await field(page, '/blocks/0/headline').fill('Kop na de notities');
    await expect.poll(() => home().blocks[0]!.headline).toBe('Kop na de notities');
    await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publiceren: dit gaat live' });
    await expect(dialog).toContainText('Kop na de notities');
    await expect(dialog).not.toContainText('notities.txt');
    await dialog.getByLabel('Uw naam').fill('Anna de Vries');
    await dialog.getByRole('button', { name: 'Nu publiceren' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Uw versie is hier bewaard, maar niet naar origin verstuurd: er zitten wijzigingen van een ontwikkelaar tussen die geen inhoud van de site zijn',
      { timeout: 15_000 },
    );
    await expect(dialog.getByText('Gepubliceerd')).toHaveCount(0);
    await expectAccessible(page);
    // saved here, nothing sent
    expect(remoteHead()).toBe(before);
    expect(git('log', '-1', '--format=%an')).toBe('Anna de Vries');
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/pages/home.json');
    // the developer sends their commit; "send again" then sends the site's
    git('push', '-q', 'origin', 'HEAD~1:main');
    await dialog.getByRole('button', { name: 'Opnieuw versturen' }).click();
    await expect(dialog.getByText('Ook verstuurd naar origin (main).')).toBeVisible({ timeout: 15_000 });
    expect(remoteHead()).toBe(git('rev-parse', 'HEAD'));
  });

  test('a file linked to one outside the site is not read or published: the Publish list says it does not go along', async ({ page }) => {
    const outside = mkdtempSync(join(tmpdir(), 'studio-outside-'));
    try {
      const secret = {
        $schema: '../../schemas/page.schema.json',
        title: 'Geheime pagina',
        description: 'Niet voor de site.',
        blocks: [{ type: 'hero', variant: 'page', headline: 'Geheim' }],
      };
      writeFileSync(join(outside, 'geheim.json'), `${JSON.stringify(secret, null, 2)}\n`);
      symlinkSync(join(outside, 'geheim.json'), join(site(), 'content/pages/gekoppeld.json'));
      await page.goto(studio);
      await field(page, '/blocks/0/headline').fill('Kop naast een koppeling');
      await expect.poll(() => home().blocks[0]!.headline).toBe('Kop naast een koppeling');
      await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publiceren: dit gaat live' });
      await expect(dialog).toContainText('Kop naast een koppeling');
      await expect(dialog.getByRole('list', { name: 'Gaat niet mee' })).toHaveText(
        'gekoppeld: gaat niet mee. Dit bestand verwijst naar een bestand buiten de site (een snelkoppeling); de studio publiceert dat niet. Vraag een ontwikkelaar om het op te lossen.',
      );
      await expect(dialog).not.toContainText('Geheime pagina');
      await expectAccessible(page);
      await dialog.getByLabel('Uw naam').fill('Anna de Vries');
      await dialog.getByRole('button', { name: 'Nu publiceren' }).click();
      await expect(dialog.getByText('Ook verstuurd naar origin (main).')).toBeVisible({ timeout: 15_000 });
      expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/pages/home.json');
      expect(git('ls-files', '--', 'content/pages/gekoppeld.json')).toBe('');
      expect(git('show', 'HEAD:content/pages/home.json')).not.toContain('Geheime pagina');
    } finally {
      rmSync(join(site(), 'content/pages/gekoppeld.json'), { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

/** The English fixture speaks English, and a site that is not in git says publishing needs git. */
test.describe('studio publishing in English, without git', { tag: '@desktop-only' }, () => {
  const port = 4545 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  studioSite({ fixture: 'en', prefix: 'studio-publish-en-', port, git: false });

  test('the buttons and dialogs are in English, and say that publishing needs git', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/__studio`);
    await expect(page.getByRole('button', { name: 'Discard changes' })).toBeVisible();
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History: published versions' });
    await expect(history).toContainText('Publishing works with git, and this site is not in a git folder.');
    await history.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish: this goes live' });
    await expect(dialog).toContainText('Ask a developer to put the site in git.');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(page);
  });
});
