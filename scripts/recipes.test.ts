import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { slugify } from '../core/site/resolve.ts';
import { fileFor } from './lib/page-document.ts';
import {
  cityOf,
  contentLandingFiles,
  contentLandingSnippets,
  copyProject as copyProjectInto,
  formatted,
  fresh,
  laidOut,
  pasteAfterLast,
  pasteOverLine,
  snippets,
  type Json,
} from './test-support/recipes.ts';

/**
 * Every recipe of docs/recipes.md, applied to a copy of the whole project: a new city, a new landing service, a new
 * page, an FAQ item, a form field and the chat switched off are JSON edits and nothing else. Validation and the build
 * must stay green on the edited copy, and the new routes and texts must be in the built pages.
 *
 * This test reads the site's own files, which staff change at any time, so it holds for whatever content is there:
 * the recipes' names come from docs/recipes.md, made unique where the site already has them (staff who followed a
 * recipe in content/ added "Den Haag"), and every JSON snippet of a recipe, pasted at its place and laid out as the
 * docs say (`npm run format`), must keep the file valid, with the snippet's data in it. scripts/recipes-followed.test.ts
 * follows every recipe in a copy and runs this test there.
 */

const copy = mkdtempSync(join(tmpdir(), 'recipes-'));
const out = join(copy, 'dist');
const readJson = (file: string): Json => JSON.parse(readFileSync(join(copy, file), 'utf8')) as Json;
const writeJson = (file: string, value: unknown) => writeFileSync(join(copy, file), `${JSON.stringify(value, null, 2)}\n`);
const edit = (file: string, change: (json: Json) => void) => {
  const json = readJson(file);
  change(json);
  writeJson(file, json);
};

const copyProject = (into = copy) => copyProjectInto(into);

/** The names the recipes use: docs/recipes.md's own, or new ones where the site already has them. */
function recipeNames() {
  const site = readJson('site.config.json');
  const [citySnippet, townSnippet] = snippets('Add a city');
  const [service] = snippets('Add a landing service').map((s) => JSON.parse(s) as Json);
  const [field, line] = snippets('Add a field to a form').map((s) => JSON.parse(s) as Json);
  const cities = (site.landing.cities as string[]).map(slugify);
  const city = fresh(cityOf(citySnippet!), (name) => cities.includes(slugify(name)));
  const serviceSlug = fresh(service!.slug as string, (slug) => site.landing.services.some((s: Json) => s.slug === slug), '-');
  const page = fresh('prijzen', (id) => existsSync(join(copy, 'content/pages', `${id}.json`)) || site.routes.some((r: Json) => r.path === `/${id}`), '-');
  const formId = readdirSync(join(copy, 'content/forms'))
    .sort()[0]!
    .replace(/\.json$/, '');
  const fieldName = fresh(field!.name as string, (name) => readJson(`content/forms/${formId}.json`).fields.some((f: Json) => f.name === name), '');
  const faq = readdirSync(join(copy, 'content/collections')).find((file) => readJson(`content/collections/${file}`).kind === 'faq')!;
  return {
    city,
    /** the town's entry in the site's town data, where it has content landing services */
    town: { ...(JSON.parse(townSnippet!) as Json), city },
    service: { ...service!, slug: serviceSlug } as Json,
    page,
    formId,
    field: { ...field!, name: fieldName } as Json,
    line: { ...line!, field: fieldName } as Json,
    faq: faq.replace(/\.json$/, ''),
    question: `Kan ik mijn website zelf aanpassen (${Date.now()})?`,
  };
}

type Names = ReturnType<typeof recipeNames>;

function applyRecipes(names: Names) {
  // Add a city: its entry in the town data too, where the site has content landing services
  const cityData = readJson('site.config.json').landing.cityData as string | undefined;
  if (cityData) edit(`content/collections/${cityData}.json`, (towns) => towns.items.push(names.town));
  edit('site.config.json', (site) => {
    site.landing.cities.push(names.city);
    site.landing.services.push(names.service);
    // Add a page: its route and a menu link
    site.routes.push({ path: `/${names.page}`, page: names.page });
    site.navigation.links.push({ label: 'Prijzen', to: `/${names.page}` });
    // Change the chat: off on every page
    if (site.chat) site.chat.enabled = false;
  });
  writeJson(`content/pages/${names.page}.json`, {
    $schema: '../../schemas/page.schema.json',
    title: 'Prijzen',
    description: 'Wat een website of campagne kost, zonder kleine lettertjes.',
    blocks: [
      { type: 'hero', headline: 'Heldere prijzen', intro: 'Een vaste prijs per website, vooraf afgesproken.' },
      { type: 'faq', header: { heading: 'Vragen over prijzen' }, collection: names.faq },
      { type: 'form', form: names.formId },
    ],
  });
  // Add an FAQ item
  edit(`content/collections/${names.faq}.json`, (faq) => {
    faq.items.push({ question: names.question, answer: 'Ja, je krijgt een eenvoudige beheeromgeving.' });
  });
  // Add a field to a form, and its line in the mail
  edit(`content/forms/${names.formId}.json`, (form) => {
    form.fields.splice(1, 0, names.field);
    form.mail.lines.push(names.line);
  });
}

/**
 * `text`, a file of the site with a recipe's snippet pasted in, is valid JSON, and once laid out as the docs say
 * (`npm run format`) it is the same data, laid out as `npm run lint` wants: the file as a whole, whatever the site's
 * own content around the snippet. Gives the laid out file.
 */
async function keepsLint(file: string, text: string): Promise<string> {
  expect(() => JSON.parse(text), `${file} with the snippet`).not.toThrow();
  const laidOutText = await formatted(file, text);
  expect(JSON.parse(laidOutText), `${file} with the snippet, after npm run format`).toEqual(JSON.parse(text));
  expect(await laidOut(file, laidOutText), `${file} with the snippet, after npm run format, is laid out as Prettier would`).toBe(true);
  return laidOutText;
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = copy) =>
  spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env, CI: '1' } });
const page = (route: string) => readFileSync(join(out, fileFor(route)), 'utf8');

describe('the recipes of docs/recipes.md on a copy of the project', () => {
  let names: Names;
  beforeAll(() => {
    copyProject();
    names = recipeNames();
    applyRecipes(names);
  }, 60_000);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('copies the project without git, as from a source archive', () => {
    expect(existsSync(join(copy, '.git'))).toBe(false);
    expect(existsSync(join(copy, 'package.json'))).toBe(true);
  });

  it('has snippets that, pasted in their place and laid out as the docs say, keep the files valid', async () => {
    const config = readFileSync(join(paths.root, 'site.config.json'), 'utf8');
    const [city, town] = snippets('Add a city');
    await keepsLint('site.config.json', pasteOverLine(config, '"cities"', city!));
    await keepsLint('content/collections/cities.json', pasteAfterLast(`${contentLandingSnippets().cities}\n`, ['items'], town!));
    const [service] = snippets('Add a landing service');
    await keepsLint('site.config.json', pasteAfterLast(config, ['landing', 'services'], service!));
    const formFile = `content/forms/${names.formId}.json`;
    const form = readFileSync(join(paths.root, formFile), 'utf8');
    const [field, line] = snippets('Add a field to a form');
    await keepsLint(formFile, pasteAfterLast(form, ['fields'], field!));
    await keepsLint(formFile, pasteAfterLast(form, ['mail', 'lines'], line!));
  });

  it('validates', () => {
    const result = run(process.execPath, ['--import', 'tsx', 'scripts/cli/validate-config.ts']);
    expect(result.stdout + result.stderr).not.toMatch(/problem/);
    expect(result.status).toBe(0);
  }, 60_000);

  describe('builds', () => {
    beforeAll(() => {
      const result = run(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts'], { SITE_OUT: out, BUILD_QUIET: '1' });
      expect(result.status, result.stdout + result.stderr).toBe(0);
    }, 300_000);

    it('with a landing page per service for the new city, and the new service in every city', () => {
      const site = readJson('site.config.json');
      const city = slugify(names.city);
      for (const service of site.landing.services as Json[]) expect(existsSync(join(out, fileFor(`/${service.slug}-${city}`)))).toBe(true);
      // the recipe's templates name the city
      for (const other of site.landing.cities as string[]) expect(page(`/${names.service.slug}-${slugify(other)}`)).toContain(other);
    });

    it('with the new page, linked from the menu of every page', () => {
      expect(page(`/${names.page}`)).toContain('Heldere prijzen');
      expect(page('/')).toContain(`href="/${names.page}"`);
    });

    it('with the new FAQ question and the new form field', () => {
      expect(page(`/${names.page}`)).toContain(names.question);
      expect(page(`/${names.page}`)).toContain(names.field.label as string);
    });

    it('without the chat on any page', () => {
      for (const route of ['/', `/${names.page}`, `/${names.service.slug}-${slugify(names.city)}`]) expect(page(route)).not.toContain('data-island="chat"');
    });
  });
});

describe('the content landing recipe of docs/recipes.md on a copy of the project', () => {
  const site = mkdtempSync(join(tmpdir(), 'recipe-content-landing-'));
  const built = join(site, 'dist');
  const html = (route: string) => readFileSync(join(built, fileFor(route)), 'utf8');
  /** The words the engine wrote in English on a Dutch site before it spoke the site's language. */
  const ENGLISH = /"Breadcrumb"|other towns|More from us|All towns|All our services|town by town/;
  let files: Record<string, string>;
  /** The site's first town, whichever it is. */
  let town = '';
  beforeAll(async () => {
    copyProject(site);
    files = await contentLandingFiles(readFileSync(join(site, 'site.config.json'), 'utf8'));
    const towns = (JSON.parse(files['site.config.json']!) as Json).landing.cities as string[];
    town = towns[0]!;
    for (const [file, text] of Object.entries(files)) writeFileSync(join(site, file), text);
  }, 60_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('has a snippet for every step, the template and the town data included', () => {
    const s = contentLandingSnippets();
    expect((JSON.parse(s.template) as Json).blocks.length).toBeGreaterThan(0);
    expect(JSON.parse(s.service)).toMatchObject({ kind: 'content', page: 'landing-seo' });
    const data = JSON.parse(s.cities) as Json;
    expect(data.kind).toBe('cities');
    for (const item of data.items as Json[]) expect(Object.keys(item)).toEqual(expect.arrayContaining(['city', 'region', 'intro', 'nearby']));
    expect(JSON.parse(`{${s.cityData}}`)).toEqual({ cityData: 'cities' });
    expect(Object.keys(JSON.parse(`{${s.hubs}}`) as Json)).toEqual(['hubs']);
    expect(Object.keys(JSON.parse(`{${s.labels}}`) as Json)).toEqual(['labels']);
  });

  it('has the files that are whole snippets (the template, the town data) laid out as Prettier would, to paste as written', async () => {
    const s = contentLandingSnippets();
    expect(await laidOut('content/pages/landing-seo.json', `${s.template}\n`)).toBe(true);
    expect(await laidOut('content/collections/cities.json', `${s.cities}\n`)).toBe(true);
  });

  it("pastes into the site's files, which stay valid and laid out as Prettier would once laid out as the docs say", async () => {
    for (const [file, text] of Object.entries(files)) await keepsLint(file, text);
  });

  it('validates, with no text that says nothing and no word left in English', () => {
    const result = run(process.execPath, ['--import', 'tsx', 'scripts/cli/validate-config.ts'], {}, site);
    expect(result.stdout + result.stderr).not.toMatch(/problem|says nothing|shown in English/);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('config valid');
  }, 60_000);

  describe('builds', () => {
    beforeAll(() => {
      const result = run(process.execPath, ['--import', 'tsx', 'scripts/build/build.ts'], { SITE_OUT: built, BUILD_QUIET: '1' }, site);
      expect(result.status, result.stdout + result.stderr).toBe(0);
    }, 300_000);

    it("with a real page per town that speaks Dutch around its content, in the site's words where the recipe gives them", () => {
      const page = html(`/seo-${slugify(town)}`);
      expect(page).not.toContain('http-equiv="refresh"');
      expect(page).toContain(`Gevonden worden door klanten in ${town}`);
      expect(page).toContain('aria-label="Kruimelpad"');
      // the recipe's own label, and the language's for the rest
      expect(page).toContain('SEO in de regio');
      expect(page).toContain('Alle plaatsen voor SEO');
      expect(page).not.toMatch(ENGLISH);
    });

    it("with hubs in Dutch, a town's hub listing every landing page of the town", () => {
      const hub = html(`/regio/${slugify(town)}`);
      expect(hub).toContain(`Websites en online marketing in ${town}`);
      const config = JSON.parse(files['site.config.json']!) as Json;
      for (const service of config.landing.services as Json[]) expect(hub).toContain(`href="/${service.slug}-${slugify(town)}"`);
      expect(html('/diensten/seo')).toContain('SEO per plaats');
      for (const page of [hub, html('/diensten/seo')]) expect(page).not.toMatch(ENGLISH);
    });
  });
});
