import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/test-support/browser.ts';
import { siteRepo } from '../../scripts/test-support/site-repo.ts';
import { liveBuilder } from '../../studio-host/live-builder.ts';
import { paths } from '../../core/paths.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';
import { hydrateForm, openPage } from './helpers.ts';
import { field as formField, form, png, status, submitButton } from './forms-support/mocks.ts';
import { acceptInvitation, virtualAuthenticator } from './backoffice-support.ts';
import { field as studioField } from './studio-support.ts';
import {
  answering,
  caddyfileForTest,
  freePorts,
  HOSTS,
  instanceEnv,
  origin,
  snippet,
  startCaddy,
  startProcess,
  type Layout,
  type Started,
} from './deploy-support.ts';

/**
 * docs/deploying.md followed on this machine: Caddy in front of the three host names with TLS from its own CA, two
 * instances (the site and back office, `node dist-server/main.js`, and the studio, `npm run studio`, each) on one
 * throwaway PostgreSQL with a data folder and a live build each, the settings read from the page's snippets. A visitor,
 * a sales person and an editor walk through it over https in Chromium, which resolves *.helder.test to the loopback.
 * Which instance answers is decided by stopping the other one's server: Caddy then sends every request to the one
 * that runs (the recipe's lb_try_duration), as it does while an instance restarts for an update.
 */
test.describe.configure({ mode: 'serial' });

const SUCCESS = 'Bedankt voor uw aanvraag! We nemen binnen 48 uur contact met u op.';
const stamp = Date.now().toString(36);
const visitor = { name: 'Vera Bezoeker', email: `vera-${stamp}@example.nl`, company: 'Bakkerij Vera' };
const heading = `Live op beide servers ${stamp}`;

let work = '';
let layout: Layout;
let database: TestPostgres | undefined;
let caddy: (Started & { spki: string[]; root: string }) | undefined;
let browser: Browser | undefined;
const env: Record<string, string>[] = [];
const servers: (Started | undefined)[] = [undefined, undefined];
const studios: (Started | undefined)[] = [undefined, undefined];
const dataDirs = () => env.map((e) => e.DATA_DIR!);

/** helder-site.service of instance i: `node dist-server/main.js` with its settings, once its site and back office answer. */
async function startSite(i: 0 | 1) {
  const server = startProcess(process.execPath, ['dist-server/main.js'], env[i]!);
  servers[i] = server;
  await answering(`http://127.0.0.1:${layout.instances[i].site}/healthz`, server);
  await answering(`http://127.0.0.1:${layout.instances[i].admin}/api/me`, server);
}

async function stopSite(i: 0 | 1) {
  await servers[i]?.stop();
  servers[i] = undefined;
}

/** helder-studio.service of instance i: `npm run studio` with the same settings. */
async function startStudio(i: 0 | 1) {
  const studio = startProcess('npm', ['run', 'studio'], env[i]!);
  studios[i] = studio;
  await answering(`http://127.0.0.1:${layout.instances[i].studio}/__studio/enter`, studio);
}

/** `npm run staff -- add` on instance 2 with its settings, as the first start does: the invitation link it prints. */
function invite(email: string, role: 'sales' | 'editor'): string {
  const run = spawnSync('npm', ['run', '-s', 'staff', '--', 'add', email, '--role', role], {
    cwd: paths.root,
    env: { ...process.env, ...env[1] },
    encoding: 'utf8',
  });
  const link = new RegExp(`${origin(layout, 'admin')}/uitnodiging/\\S+`).exec(run.stdout)?.[0];
  if (run.status !== 0 || !link) throw new Error(`npm run staff failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return link;
}

/** One SQL query on the shared database. */
async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(database!.url);
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

test.describe('the deployment recipe of docs/deploying.md @desktop-only', () => {
  test.beforeAll(async () => {
    // PostgreSQL, two first builds, two servers, two studios and Caddy: room for a busy machine
    test.setTimeout(300_000);
    work = mkdtempSync(join(tmpdir(), 'deploy-'));
    const ports = await freePorts(8);
    layout = {
      httpPort: ports[0]!,
      httpsPort: ports[1]!,
      instances: [
        { site: ports[2]!, admin: ports[3]!, studio: ports[4]! },
        { site: ports[5]!, admin: ports[6]!, studio: ports[7]! },
      ],
    };
    database = await startPostgres();
    // the site's repository as the agency has it: the agency fixture committed on main, with a bare remote the studios clone
    const { remote } = siteRepo(work, 'agency');
    for (const i of [0, 1] as const) {
      const folders = { data: join(work, `data-${i + 1}`), live: join(work, `live-${i + 1}`) };
      env.push(instanceEnv(layout, i, folders, database.url, remote));
      // the instance's first build, as `npm run build` at the release makes it (each instance builds its own)
      await liveBuilder({ siteRoot: join(work, 'site'), live: folders.live })();
    }
    // the first start: the database is made by one instance, then the rest
    await startSite(0);
    await Promise.all([startSite(1), startStudio(0), startStudio(1)]);
    caddy = await startCaddy(caddyfileForTest(snippet('Caddyfile'), layout, join(work, 'caddy-storage')), work, layout);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.helder.test 127.0.0.1', `--ignore-certificate-errors-spki-list=${caddy.spki.join(',')}`],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
    await caddy?.stop();
    await Promise.all([...servers, ...studios].map((started) => started?.stop()));
    await database?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  let sales: { context: BrowserContext; page: Page } | undefined;
  let leadId = '';
  let photoId = '';

  test('a visitor sends the demo form with a photo over https on the site’s name; it lands on instance 1', async () => {
    test.setTimeout(120_000);
    await stopSite(1);
    const context = await browser!.newContext({ baseURL: origin(layout, 'site') });
    const page = await context.newPage();
    await openPage(page, '/demo');
    expect(page.url()).toBe(`${origin(layout, 'site')}/demo`);
    const photoField = page.waitForResponse((r) => /\/assets\/image-field-[\w-]+\.js$/.test(r.url()));
    await hydrateForm(page);
    await photoField;
    const shown = Date.now();
    await formField(page, 'Naam').fill(visitor.name);
    await formField(page, 'E-mailadres').fill(visitor.email);
    await formField(page, 'Bedrijfsnaam').fill(visitor.company);
    await form(page)
      .locator('input[type="file"]')
      .setInputFiles([png('pand.png')]);
    await expect(form(page).getByRole('img', { name: /^Voorbeeld van / })).toHaveCount(1);
    // more than the form's minimum fill time, as a person takes: a quicker lead is stored as spam
    await page.waitForTimeout(Math.max(0, shown + 3200 - Date.now()));
    await submitButton(page).click();
    await expect(status(page)).toHaveText(SUCCESS, { timeout: 20_000 });
    await context.close();

    const [lead] = await query<{ id: string; ip: string; photos_json: string; spam: number }>('select id, ip, photos_json, spam from leads where email = $1', [
      visitor.email,
    ]);
    expect(lead).toMatchObject({ spam: 0 });
    leadId = lead!.id;
    const photos = JSON.parse(lead!.photos_json) as string[];
    // the photo's link is on the site's own name (PUBLIC_URL), not an instance's address
    expect(photos).toEqual([expect.stringMatching(new RegExp(`^${origin(layout, 'site')}/uploads/[\\w-]+\\.png$`))]);
    photoId = /\/uploads\/([\w-]+)\.png$/.exec(photos[0]!)![1]!;
    // instance 1 took it: instance 2 was stopped the whole time
    expect(servers[1]).toBeUndefined();
  });

  test('a sales person invited with npm run staff signs in with a passkey on the back office’s name through instance 2, and sees the lead’s photo', async () => {
    test.setTimeout(120_000);
    const link = invite(`sales-${stamp}@example.nl`, 'sales');
    await startSite(1);
    await stopSite(0);
    const context = await browser!.newContext();
    const page = await context.newPage();
    sales = { context, page };
    await virtualAuthenticator(page);
    await acceptInvitation(page, link, { passkey: 'Laptop' });
    await page.getByRole('button', { name: 'Afmelden' }).first().click();
    await expect(page).toHaveURL(/\/aanmelden/);
    // the passkey alone: WebAuthn works because the page is a secure context on a host name
    await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Leads', level: 1 })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin(layout, 'admin'));
    await page.getByRole('link', { name: visitor.name }).first().click();
    await expect(page.getByRole('heading', { name: visitor.name })).toBeVisible();
    const photo = page.locator('main img').first();
    await photo.scrollIntoViewIfNeeded();
    // instance 2 shows the photo instance 1 took, from its own data folder or the database: it loaded
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  });

  test('the person is erased through instance 2: nothing of them is left in the database or in either data folder', async () => {
    test.setTimeout(120_000);
    const { page } = sales!;
    await page.getByRole('button', { name: 'Wissen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Alles van deze persoon wissen?' });
    await expect(confirm).toContainText(visitor.email);
    await confirm.getByRole('button', { name: 'Ja, alles wissen' }).click();
    await expect(page.getByRole('heading', { name: 'Gewist' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Alles van deze persoon is gewist' })).toContainText('1 lead, 1 foto’s');
    await sales!.context.close();
    // the whole database, as a dump of its rows: no trace of the person or their photo; their lead's id is left only
    // where the log of what staff did keeps ids (the audit log, the erasures), never a name or an address
    const dump = execFileSync(join(pgBin(), 'pg_dump'), ['--data-only', database!.url], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    for (const trace of [visitor.email, visitor.name, visitor.company, photoId]) expect(dump, trace).not.toContain(trace);
    const tablesWithLead = dump
      .split(/^COPY /m)
      .filter((table) => table.includes(leadId))
      .map((table) => table.split(' ')[0]);
    expect(tablesWithLead).toEqual(['public.erasures', 'public.staff_audit']);
    // nor in either instance's data folder (the erased list holds keyed hashes, which name nobody)
    for (const dir of dataDirs())
      for (const trace of [visitor.email, visitor.name, leadId, photoId]) expect(filesHolding(dir, trace), `${dir}: ${trace}`).toEqual([]);
  });

  test('an editor publishes a heading in the studio on the studio’s name; the page is live on both instances', async () => {
    test.setTimeout(240_000);
    await startSite(0);
    const link = invite(`editor-${stamp}@example.nl`, 'editor');
    const context = await browser!.newContext();
    const page = await context.newPage();
    // the invitation's end is a sign-in: an editor goes straight into the studio
    await acceptInvitation(page, link, { password: 'de Eem stroomt naar het IJsselmeer' });
    await expect(page).toHaveURL(`${origin(layout, 'studio')}/__studio`, { timeout: 30_000 });
    await studioField(page, '/blocks/0/headline').fill(heading, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Publiceren', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Nu publiceren' }).click();
    await expect(dialog.getByText('Gepubliceerd: dit is nu de laatste versie.')).toBeVisible({ timeout: 90_000 });
    await context.close();
    // live on each instance's own port, and through Caddy
    for (const { site } of layout.instances)
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${site}/`)).text(), { timeout: 120_000, intervals: [500] }).toContain(heading);
    const visit = await browser!.newPage();
    await visit.goto(`${origin(layout, 'site')}/`);
    await expect(visit.locator('main h1').first()).toHaveText(heading);
    await visit.close();
    // the System screen's records: the publish by the editor, the build each instance made live, and the four
    // processes' heartbeats (two sites, two studios) in the shared database
    const [publish] = await query<{ detail_json: string }>("select detail_json from system_events where kind = 'publish' order by at desc limit 1");
    expect(JSON.parse(publish!.detail_json)).toMatchObject({ by: `editor-${stamp}@example.nl`, seconds: expect.any(Number) });
    const liveIds = env.map((e) => basename(realpathSync(e.SITE_OUT!)));
    const recordedIds = async () =>
      (await query<{ detail_json: string }>("select detail_json from system_events where kind = 'build'")).map(
        (row) => (JSON.parse(row.detail_json) as { id: string }).id,
      );
    await expect
      .poll(
        async () => {
          const recorded = await recordedIds();
          return liveIds.filter((id) => !recorded.includes(id));
        },
        { timeout: 30_000 },
      )
      .toEqual([]);
    const running = await query<{ kind: string }>('select kind from server_instances where stopped_at is null order by kind');
    expect(running.map((row) => row.kind)).toEqual(['site', 'site', 'studio', 'studio']);
  });

  test('the rate limits and the stored address see the visitor, not Caddy; /metrics is not served through Caddy', async () => {
    test.setTimeout(120_000);
    const ca = readFileSync(caddy!.root);
    // another visitor: a client on another loopback address, which forges X-Forwarded-For
    const other = (path: string, init: { method?: string; body?: string; forged?: string } = {}) =>
      throughCaddy(layout, ca, path, { ...init, from: '127.0.0.9' });
    const submissionId = randomUUID();
    const sent = await other('/api/forms/contact', {
      method: 'POST',
      forged: '203.0.113.7',
      body: JSON.stringify({
        submissionId,
        values: { name: 'Otto Ander', email: `otto-${stamp}@example.nl`, phone: '', message: 'Via een ander adres' },
        hp: '',
      }),
    });
    expect(sent.status).toBe(201);
    const [stored] = await query<{ ip: string }>('select ip from leads where submission_id = $1', [submissionId]);
    // the address Caddy received it from, not Caddy's own (127.0.0.1) nor what the client wrote
    expect(stored!.ip).toBe('127.0.0.9');
    // its fill-time tokens run out on both instances, each request with another forged address
    let refused = 0;
    for (let n = 1; n <= 200 && refused < 4; n++) if ((await other('/api/forms/contact/token', { forged: `198.51.100.${n}` })).status === 429) refused++;
    expect(refused).toBe(4);
    // while the browser's visitor still gets theirs
    const page = await browser!.newPage();
    await page.goto(`${origin(layout, 'site')}/`);
    expect(await page.evaluate(async () => (await fetch('/api/forms/contact/token')).status)).toBe(200);
    await page.close();
    // the figures answer on the back office's port of an instance, and not through Caddy
    expect((await fetch(`http://127.0.0.1:${layout.instances[0].admin}/metrics`)).status).toBe(200);
    for (const path of ['/metrics', '/METRICS', '/%6Detrics', '//metrics'])
      expect((await throughCaddy(layout, ca, path, { host: HOSTS.admin, from: '127.0.0.1' })).status, path).toBe(404);
  });
});

/** A request through Caddy from a given loopback address, as a visitor elsewhere would send it, Caddy's CA trusted. */
function throughCaddy(
  layout: Layout,
  ca: Buffer,
  path: string,
  { method = 'GET', body, forged, from, host = HOSTS.site }: { method?: string; body?: string; forged?: string; from: string; host?: string },
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { Host: `${host}:${layout.httpsPort}` };
  if (forged) headers['X-Forwarded-For'] = forged;
  if (body) Object.assign(headers, { 'Content-Type': 'application/json', Origin: `https://${host}:${layout.httpsPort}` });
  return new Promise((resolve, reject) => {
    const request = httpsRequest({ host: '127.0.0.1', port: layout.httpsPort, servername: host, localAddress: from, ca, path, method, headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Debian's newest PostgreSQL client tools. */
function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const newest = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]!;
  return join(root, newest, 'bin');
}

/** The files under `dir` whose bytes hold `text`. */
function filesHolding(dir: string, text: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = join(dir, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile() && readFileSync(file).includes(text)) found.push(file);
  }
  return found;
}
