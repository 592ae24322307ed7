import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, findNodeAtLocation, modify, parseTree, type JSONPath } from 'jsonc-parser';
import * as prettier from 'prettier';
import { paths } from '../../core/paths.ts';
import { slugify } from '../../core/site/resolve.ts';

/**
 * The recipes of docs/recipes.md as a test follows them: their snippets, read from the docs, pasted into a site's
 * files, and a copy of the whole project to follow them in. scripts/recipes.test.ts checks each recipe on a copy;
 * scripts/recipes-followed.test.ts follows all of them in a copy, as staff do in content/, and runs there the tests
 * that read the site.
 */

// the edits reach into the site's files freely: a loose type on purpose
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export const RECIPES = 'docs/recipes.md';

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

/** The project's files as a checkout or an archive has them (no git needed) in `into`, with its installed packages linked. */
export function copyProject(into: string) {
  const skip = ignored();
  for (const entry of readdirSync(paths.root)) {
    if (skip(entry)) continue;
    cpSync(join(paths.root, entry), join(into, entry), { recursive: true, filter: (source) => !skip(source.split(/[\\/]/).pop()!) });
  }
  symlinkSync(join(paths.root, 'node_modules'), join(into, 'node_modules'), 'dir');
}

/** The environment of a command run in a copy of the project: none of this process's site, build or npm settings. */
export function copyEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1', BUILD_QUIET: '1' };
  for (const name of Object.keys(env))
    if (/^npm_|^(SITE_ROOT|SITE_OUT|SITE_PREVIOUS_OUT|BUILD_INCREMENTAL|DIST_DIR|DATA_DIR|PORT|VITEST.*)$/i.test(name)) delete env[name];
  return { ...env, ...extra };
}

/** `npm run <script>` in a copy of the project: its exit status and what it printed. */
export function npmRun(project: string, script: string, args: string[] = [], timeout = 600_000) {
  const run = spawnSync('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: project,
    env: copyEnv(),
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}${run.error ? `\n${run.error.message}` : ''}` };
}

/**
 * The JSON code blocks of one section of docs/recipes.md (its heading's text, "Add a city", at any level), as written
 * (a block inside a list item without its indent), up to the next heading.
 */
export function snippets(heading: string): string[] {
  const recipes = readFileSync(join(paths.root, RECIPES), 'utf8');
  const title = new RegExp(`^#{1,6} ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(recipes);
  if (!title) throw new Error(`${RECIPES} has no section "${heading}"`);
  const start = title.index + title[0].length;
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
export function fresh(base: string, taken: (name: string) => boolean, join = ' '): string {
  let name = base;
  for (let n = 2; taken(name); n += 1) name = `${base}${join}${n}`;
  return name;
}

/** The city of the "Add a city" snippet: the last of its list. */
export const cityOf = (snippet: string) => (JSON.parse(`{${snippet.replace(/,\s*$/, '')}}`) as { cities: string[] }).cities.at(-1)!;

/** `text` with `snippet` pasted as written after the last item of the array (or member of the object) at `path`, indented like it. */
export function pasteAfterLast(text: string, path: JSONPath, snippet: string): string {
  const last = findNodeAtLocation(parseTree(text)!, path)!.children!.at(-1)!;
  const indent = ' '.repeat(last.offset - text.lastIndexOf('\n', last.offset) - 1);
  const end = last.offset + last.length;
  return `${text.slice(0, end)},\n${indent}${snippet.replaceAll('\n', `\n${indent}`)}${text.slice(end)}`;
}

/** `text` with the line that starts with `key` replaced by `snippet`, as written, at that line's indentation. */
export function pasteOverLine(text: string, key: string, snippet: string): string {
  const start = text.indexOf(key);
  return `${text.slice(0, start)}${snippet}${text.slice(text.indexOf('\n', start))}`;
}

/** `text` with `snippet` pasted as written over the item of the array at `path` with this `slug` (after the last when none has it). */
export function pasteOverItem(text: string, path: JSONPath, slug: string, snippet: string): string {
  const item = findNodeAtLocation(parseTree(text)!, path)!.children!.find((child) => findNodeAtLocation(child, ['slug'])?.value === slug);
  if (!item) return pasteAfterLast(text, path, snippet);
  const indent = ' '.repeat(item.offset - text.lastIndexOf('\n', item.offset) - 1);
  return `${text.slice(0, item.offset)}${snippet.replaceAll('\n', `\n${indent}`)}${text.slice(item.offset + item.length)}`;
}

/**
 * `text` with a member snippet (`"cityData": "cities"`) pasted as written into the object at `path`: over the member of
 * that name where the object has one already (a site that followed the recipe before), else after its last member.
 */
export function pasteMember(text: string, path: JSONPath, snippet: string): string {
  const key = Object.keys(JSON.parse(`{${snippet}}`) as Json)[0]!;
  const member = findNodeAtLocation(parseTree(text)!, [...path, key])?.parent;
  if (!member) return pasteAfterLast(text, path, snippet);
  const indent = ' '.repeat(member.offset - text.lastIndexOf('\n', member.offset) - 1);
  return `${text.slice(0, member.offset)}${snippet.replaceAll('\n', `\n${indent}`)}${text.slice(member.offset + member.length)}`;
}

/** A file of the project laid out as `npm run format` lays it out (Prettier with the project's settings). */
export async function formatted(file: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(join(paths.root, file));
  return prettier.format(text, { ...options, filepath: file });
}

/** Whether a file of the project is laid out as Prettier would, as `npm run lint` checks. */
export async function laidOut(file: string, text: string): Promise<boolean> {
  const options = await prettier.resolveConfig(join(paths.root, file));
  return prettier.check(text, { ...options, filepath: file });
}

export const CONTENT_LANDING = 'Add a content landing service (a real page per city)';

/** The content landing recipe's snippets, step by step. */
export function contentLandingSnippets() {
  const [template, service, cities, cityData, hubs, labels] = snippets(CONTENT_LANDING);
  return { template: template!, service: service!, cities: cities!, cityData: cityData!, hubs: hubs!, labels: labels! };
}

/**
 * The content landing recipe's files, its snippets pasted as written into this site's config: the template, the
 * service over the site's "seo", the town data, and `cityData`, `hubs` and `labels` in the landing config (over the
 * members of those names where it has them). The town data has an entry for every town the site has, as step 3 says:
 * the recipe's own for its towns, and for a town it does not name (staff added "Zeist") the recipe's last town's
 * texts under that town's name, as staff would start from; a town the site no longer has is left out. Written as
 * the snippet when that is all of it, else as `npm run format` lays it out: following a recipe never turns a test red.
 */
export async function contentLandingFiles(config: string): Promise<Record<string, string>> {
  const s = contentLandingSnippets();
  const towns = (JSON.parse(config) as Json).landing.cities as string[];
  const data = JSON.parse(s.cities) as Json;
  const written = (data.items as Json[]).map((item) => item.city as string);
  let cities = `${s.cities}\n`;
  if (towns.join('\n') !== written.join('\n')) {
    const last = { ...(data.items as Json[]).at(-1)!, faq: undefined, overrides: undefined };
    data.items = towns.map((town) => (data.items as Json[]).find((item) => item.city === town) ?? { ...last, city: town });
    cities = await formatted('content/collections/cities.json', JSON.stringify(data));
  }
  let site = pasteOverItem(config, ['landing', 'services'], 'seo', s.service);
  for (const member of [s.cityData, s.hubs, s.labels]) site = pasteMember(site, ['landing'], member);
  return { 'content/pages/landing-seo.json': `${s.template}\n`, 'content/collections/cities.json': cities, 'site.config.json': site };
}

/** A hand edit of a JSON file: `value` set at `path` (an array insertion at index -1 appends), the rest of the file as it was. */
function handEdit(text: string, path: JSONPath, value: unknown, append = false): string {
  return applyEdits(text, modify(text, path, value, { isArrayInsertion: append, formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }));
}

/** What following every recipe added: the names it used, made new where the site had them already. */
export interface Followed {
  cities: string[];
  service: string;
  page: string;
  question: string;
  form: string;
  field: string;
}

/**
 * Every recipe of docs/recipes.md that is an edit of JSON, followed one after the other in the site of `project` as
 * staff follow them in content/, by hand: two cities (Zeist, and the recipe's Den Haag), the recipe's landing
 * service, the content landing service for every town the site then has, a page with its route and menu link, an
 * FAQ item, a form field and its mail line, and the chat switched off. Names the site has already are made new.
 * The files are left as a hand edit leaves them: `npm run format` lays them out, as the docs say.
 */
export async function followRecipes(project: string): Promise<Followed> {
  const path = (file: string) => join(project, file);
  const read = (file: string) => readFileSync(path(file), 'utf8');
  const write = (file: string, text: string) => writeFileSync(path(file), text);
  const change = (file: string, edit: (text: string) => string) => write(file, edit(read(file)));
  const config = () => JSON.parse(read('site.config.json')) as Json;

  // Add a city: one string more in landing.cities, twice, and the town's entry in the town data where the site has it
  const [citySnippet, townSnippet] = snippets('Add a city');
  const cities: string[] = [];
  for (const wanted of ['Zeist', cityOf(citySnippet!)]) {
    const taken = (config().landing.cities as string[]).map(slugify);
    const city = fresh(wanted, (name) => taken.includes(slugify(name)));
    change('site.config.json', (text) => handEdit(text, ['landing', 'cities', -1], city, true));
    const cityData = config().landing.cityData as string | undefined;
    if (cityData) change(`content/collections/${cityData}.json`, (text) => handEdit(text, ['items', -1], { ...JSON.parse(townSnippet!), city }, true));
    cities.push(city);
  }

  // Add a landing service: one object more at the end of landing.services
  const service = JSON.parse(snippets('Add a landing service')[0]!) as Json;
  service.slug = fresh(service.slug as string, (slug) => config().landing.services.some((s: Json) => s.slug === slug), '-');
  change('site.config.json', (text) => handEdit(text, ['landing', 'services', -1], service, true));

  // Add a content landing service: its files as its steps write them, for every town the site has now
  for (const [file, text] of Object.entries(await contentLandingFiles(read('site.config.json')))) write(file, text);

  // Add a page: a copy of another page with its own title, description and blocks; its route; a menu link
  const site = config();
  const page = fresh('prijzen', (id) => existsSync(path(`content/pages/${id}.json`)) || site.routes.some((r: Json) => r.path === `/${id}`), '-');
  const faqFile = readdirSync(path('content/collections'))
    .sort()
    .find((file) => (JSON.parse(read(`content/collections/${file}`)) as Json).kind === 'faq');
  const form = readdirSync(path('content/forms'))
    .sort()[0]!
    .replace(/\.json$/, '');
  const model = JSON.parse(read(`content/pages/${site.routes[0].page}.json`)) as Json;
  const prices = {
    $schema: model.$schema,
    title: 'Prijzen',
    description: 'Wat een website of campagne kost, zonder kleine lettertjes.',
    blocks: [
      { type: 'hero', headline: 'Heldere prijzen', intro: 'Een vaste prijs per website, vooraf afgesproken.' },
      ...(faqFile ? [{ type: 'faq', header: { heading: 'Vragen over prijzen' }, collection: faqFile.replace(/\.json$/, '') }] : []),
      { type: 'form', form },
    ],
  };
  write(`content/pages/${page}.json`, `${JSON.stringify(prices, null, 2)}\n`);
  change('site.config.json', (text) => handEdit(text, ['routes', -1], { path: `/${page}`, page }, true));
  change('site.config.json', (text) => handEdit(text, ['navigation', 'links', -1], { label: 'Prijzen', to: `/${page}` }, true));

  // Add an FAQ item: at the end of the FAQ collection's items
  const question = 'Kan ik mijn website zelf aanpassen?';
  if (faqFile)
    change(`content/collections/${faqFile}`, (text) =>
      handEdit(text, ['items', -1], { question, answer: 'Ja, je krijgt een eenvoudige beheeromgeving.' }, true),
    );

  // Add a field to a form: the field, and its line in the mail
  const [fieldSnippet, lineSnippet] = snippets('Add a field to a form').map((s) => JSON.parse(s) as Json);
  const formFile = `content/forms/${form}.json`;
  const field = fresh(fieldSnippet!.name as string, (name) => (JSON.parse(read(formFile)) as Json).fields.some((f: Json) => f.name === name), '');
  change(formFile, (text) => handEdit(text, ['fields', -1], { ...fieldSnippet, name: field }, true));
  change(formFile, (text) => handEdit(text, ['mail', 'lines', -1], { ...lineSnippet, field }, true));

  // Change the chat: "enabled": false
  if (config().chat) change('site.config.json', (text) => handEdit(text, ['chat', 'enabled'], false));

  return { cities, service: service.slug as string, page, question, form, field };
}
