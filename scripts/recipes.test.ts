import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { slugify } from '../core/site/resolve.ts';
import { fileFor } from './lib/page-document.ts';

/**
 * Every recipe of docs/recipes.md, applied to a copy of the whole project: a new city, a new landing service, a new
 * page, an FAQ item, a form field and the chat switched off are JSON edits and nothing else. Validation and the build
 * must stay green on the edited copy, and the new routes and texts must be in the built pages.
 *
 * The recipes' names come from docs/recipes.md, made unique where the site already has them: staff who followed a
 * recipe in content/ (added "Den Haag") must never turn this test red. Every JSON snippet of a recipe, pasted as
 * written at its place, must keep the file valid and Prettier's layout, since `npm test` checks both.
 */

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const copy = mkdtempSync(join(tmpdir(), 'recipes-'));
const out = join(copy, 'dist');
const readJson = (file: string): Json => JSON.parse(readFileSync(join(copy, file), 'utf8')) as Json;
const writeJson = (file: string, value: unknown) => writeFileSync(join(copy, file), `${JSON.stringify(value, null, 2)}\n`);
const edit = (file: string, change: (json: Json) => void) => {
  const json = readJson(file);
  change(json);
  writeJson(file, json);
};

/** .gitignore's names and `*.ext` patterns, and git's own folder: what a clone, or a source archive, leaves out. */
function ignored(): (name: string) => boolean {
  const lines = readFileSync(join(paths.root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\/|\/$/g, ''))
    .filter((line) => line && !line.startsWith('#'));
  const names = new Set(['.git', ...lines.filter((line) => !line.includes('*'))]);
  const endings = lines.filter((line) => /^\*\.[\w.]+$/.test(line)).map((line) => line.slice(1));
  return (name) => names.has(name) || endings.some((ending) => name.endsWith(ending));
}

/** The project's files as a checkout or an archive has them (no git needed), with its installed packages linked. */
function copyProject(into = copy) {
  const skip = ignored();
  for (const entry of readdirSync(paths.root)) {
    if (skip(entry)) continue;
    cpSync(join(paths.root, entry), join(into, entry), { recursive: true, filter: (source) => !skip(source.split(/[\\/]/).pop()!) });
  }
  symlinkSync(join(paths.root, 'node_modules'), join(into, 'node_modules'), 'dir');
}

const RECIPES = 'docs/recipes.md';

/**
 * The JSON code blocks of one section of docs/recipes.md (its heading's text, "Add a city", at any level), as written
 * (a block inside a list item without its indent), up to the next heading.
 */
function snippets(heading: string): string[] {
  const recipes = readFileSync(join(paths.root, RECIPES), 'utf8');
  const title = new RegExp(`^#{1,6} ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(recipes);
  expect(title, `${RECIPES} has a section "${heading}"`).not.toBeNull();
  const start = title!.index + title![0].length;
  const end = recipes.indexOf('\n#', start);
  const section = recipes.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^( *)```json\n([\s\S]*?)\n\1```/gm)].map(([, indent, text]) =>
    text!
      .split('\n')
      .map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line))
      .join('\n'),
  );
}

/** `base`, or `base` with the lowest number that makes it new (`Den Haag 2`). */
function fresh(base: string, taken: (name: string) => boolean, join = ' '): string {
  let name = base;
  for (let n = 2; taken(name); n += 1) name = `${base}${join}${n}`;
  return name;
}

const cityOf = (snippet: string) => (JSON.parse(`{${snippet.replace(/,\s*$/, '')}}`) as { cities: string[] }).cities.at(-1)!;

/** The names the recipes use: docs/recipes.md's own, or new ones where the site already has them. */
function recipeNames() {
  const site = readJson('site.config.json');
  const [citySnippet] = snippets('Add a city');
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

/** `file` with `snippet` pasted as written after the last item of the array at `path`, indented like that item. */
function pasteAfterLast(text: string, path: (string | number)[], snippet: string): string {
  const last = findNodeAtLocation(parseTree(text)!, path)!.children!.at(-1)!;
  const indent = ' '.repeat(last.offset - text.lastIndexOf('\n', last.offset) - 1);
  const end = last.offset + last.length;
  return `${text.slice(0, end)},\n${indent}${snippet.replaceAll('\n', `\n${indent}`)}${text.slice(end)}`;
}

/** `file` with the line that starts with `key` replaced by `snippet`, as written, at that line's indentation. */
function pasteOverLine(text: string, key: string, snippet: string): string {
  const start = text.indexOf(key);
  return `${text.slice(0, start)}${snippet}${text.slice(text.indexOf('\n', start))}`;
}

async function keepsLint(file: string, text: string) {
  expect(() => JSON.parse(text), `${file} with the snippet`).not.toThrow();
  const options = await prettier.resolveConfig(join(paths.root, file));
  expect(await prettier.check(text, { ...options, filepath: file }), `${file} with the snippet is laid out as Prettier would`).toBe(true);
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

  it('has snippets that, pasted as written, keep the files valid and laid out as Prettier would', async () => {
    const config = readFileSync(join(paths.root, 'site.config.json'), 'utf8');
    const [city] = snippets('Add a city');
    await keepsLint('site.config.json', pasteOverLine(config, '"cities"', city!));
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

const CONTENT_LANDING = 'Add a content landing service (a real page per city)';

/** The content landing recipe's snippets, step by step. */
function contentLandingSnippets() {
  const [template, service, cities, cityData, hubs, labels] = snippets(CONTENT_LANDING);
  return { template: template!, service: service!, cities: cities!, cityData: cityData!, hubs: hubs!, labels: labels! };
}

/** `text` with `snippet` pasted as written over the item of the array at `path` with this `slug` (after the last when none has it). */
function pasteOverItem(text: string, path: (string | number)[], slug: string, snippet: string): string {
  const item = findNodeAtLocation(parseTree(text)!, path)!.children!.find((child) => findNodeAtLocation(child, ['slug'])?.value === slug);
  if (!item) return pasteAfterLast(text, path, snippet);
  const indent = ' '.repeat(item.offset - text.lastIndexOf('\n', item.offset) - 1);
  return `${text.slice(0, item.offset)}${snippet.replaceAll('\n', `\n${indent}`)}${text.slice(item.offset + item.length)}`;
}

/**
 * The content landing recipe's files, its snippets pasted as written: the template, the service in place of the
 * site's "seo", the town data, and `cityData`, `hubs` and `labels` after the landing config's last member. A town the
 * site has beyond the recipe's five (staff who followed "Add a city" in content/) gets the recipe's last town's data
 * under its own name, and a town the site no longer has is left out, so following a recipe never turns this red.
 */
function contentLandingFiles(config: string): Record<string, string> {
  const s = contentLandingSnippets();
  const towns = (JSON.parse(config) as Json).landing.cities as string[];
  const data = JSON.parse(s.cities) as Json;
  const written = (data.items as Json[]).map((item) => item.city as string);
  let cities = `${s.cities}\n`;
  if (towns.join('\n') !== written.join('\n')) {
    const last = { ...(data.items as Json[]).at(-1)!, faq: undefined, overrides: undefined };
    data.items = towns.map((town) => (data.items as Json[]).find((item) => item.city === town) ?? { ...last, city: town });
    cities = `${JSON.stringify(data, null, 2)}\n`;
  }
  let site = pasteOverItem(config, ['landing', 'services'], 'seo', s.service);
  for (const member of [s.cityData, s.hubs, s.labels]) site = pasteAfterLast(site, ['landing'], member);
  return { 'content/pages/landing-seo.json': `${s.template}\n`, 'content/collections/cities.json': cities, 'site.config.json': site };
}

describe('the content landing recipe of docs/recipes.md on a copy of the project', () => {
  const site = mkdtempSync(join(tmpdir(), 'recipe-content-landing-'));
  const built = join(site, 'dist');
  const html = (route: string) => readFileSync(join(built, fileFor(route)), 'utf8');
  /** The words the engine wrote in English on a Dutch site before it spoke the site's language. */
  const ENGLISH = /"Breadcrumb"|other towns|More from us|All towns|All our services|town by town/;
  let files: Record<string, string>;
  beforeAll(() => {
    copyProject(site);
    files = contentLandingFiles(readFileSync(join(site, 'site.config.json'), 'utf8'));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(site, file), text);
  }, 60_000);
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it("has a snippet for every step, the template and the town data included, naming this site's own towns and service", () => {
    const s = contentLandingSnippets();
    const config = JSON.parse(readFileSync(join(paths.root, 'site.config.json'), 'utf8')) as Json;
    expect((JSON.parse(s.template) as Json).blocks.length).toBeGreaterThan(0);
    expect(JSON.parse(`{${s.cityData}}`)).toEqual({ cityData: 'cities' });
    expect(Object.keys(JSON.parse(`{${s.hubs}}`) as Json)).toEqual(['hubs']);
    expect(Object.keys(JSON.parse(`{${s.labels}}`) as Json)).toEqual(['labels']);
    const service = JSON.parse(s.service) as Json;
    expect(config.landing.services.map((x: Json) => x.slug)).toContain(service.slug);
    for (const item of (JSON.parse(s.cities) as Json).items as Json[]) expect(config.landing.cities).toContain(item.city);
  });

  it('pastes as written into files laid out as Prettier would', async () => {
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
      const page = html('/seo-amersfoort');
      expect(page).not.toContain('http-equiv="refresh"');
      expect(page).toContain('Gevonden worden door klanten in Amersfoort');
      expect(page).toContain('aria-label="Kruimelpad"');
      // the recipe's own label, and the language's for the rest
      expect(page).toContain('SEO in de regio');
      expect(page).toContain('Alle plaatsen voor SEO');
      expect(page).not.toMatch(ENGLISH);
    });

    it("with hubs in Dutch, a town's hub listing every landing page of the town", () => {
      const town = html('/regio/amersfoort');
      expect(town).toContain('Websites en online marketing in Amersfoort');
      const config = JSON.parse(files['site.config.json']!) as Json;
      for (const service of config.landing.services as Json[]) expect(town).toContain(`href="/${service.slug}-amersfoort"`);
      expect(html('/diensten/seo')).toContain('SEO per plaats');
      for (const page of [town, html('/diensten/seo')]) expect(page).not.toMatch(ENGLISH);
    });
  });
});
