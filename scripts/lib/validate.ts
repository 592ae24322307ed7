import { join } from 'node:path';
import { parseJsonSource, locate, type JsonSource } from './source-map.ts';
import { loadSchemaSet, type Reference, type SchemaSet } from './schemas.ts';
import { messageFor } from './messages.ts';
import { siteFiles, type SiteFiles } from './site-files.ts';
import { suggestion } from './did-you-mean.ts';
import { expandLanding, slugify } from '../../src/config/resolve.ts';
import type { LoadedSite } from '../../src/config/model.ts';
import type { SiteConfig } from '../../src/config/schema-types.ts';

export interface Problem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

export interface ValidationResult {
  problems: Problem[];
  /** every file read, to watch in the dev server */
  files: string[];
  /** the parsed site, present only when there are no problems */
  site?: LoadedSite;
  stats: { pages: number; collections: number; forms: number; routes: number; landingPages: number };
}

export interface ValidateOptions {
  /** site roots, earliest wins (a fixture overlay before its base) */
  roots: string[];
  schemaDir: string;
  /** reuse compiled schemas between runs (dev server, tests) */
  schemas?: SchemaSet;
}

const SCHEMA_FOR: [RegExp, string][] = [
  [/^site\.config\.json$/, 'site.schema.json'],
  [/^content\/pages\/[^/]+\.json$/, 'page.schema.json'],
  [/^content\/collections\/[^/]+\.json$/, 'collection.schema.json'],
  [/^content\/forms\/[^/]+\.json$/, 'form.schema.json'],
];

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

/** The $schema value that lets an editor find the schema from this file. */
function expectedSchemaRef(file: string, schemaPath: string): string {
  const depth = file.split('/').length - 1;
  return `${depth === 0 ? './' : '../'.repeat(depth)}schemas/${schemaPath}`;
}

export function validateSite(options: ValidateOptions): ValidationResult {
  const fs: SiteFiles = siteFiles(options.roots);
  const schemas = options.schemas ?? loadSchemaSet(options.schemaDir);
  const problems: Problem[] = [];
  const sources = new Map<string, JsonSource>();
  const refs: { file: string; ref: Reference }[] = [];

  const report = (source: JsonSource, pointer: string, message: string, key?: string) =>
    problems.push({ file: source.file, ...locate(source, pointer, key), pointer, message });

  const files = ['site.config.json', ...fs.list('content/pages'), ...fs.list('content/collections'), ...fs.list('content/forms')];
  for (const file of files) {
    const text = fs.read(file);
    if (text === undefined) {
      problems.push({ file, line: 1, column: 1, pointer: '', message: 'file not found' });
      continue;
    }
    const source = parseJsonSource(file, text);
    sources.set(file, source);
    // only the first parse error: the ones after it are usually echoes of the same mistake
    const parseError = source.parseErrors[0];
    if (parseError) problems.push({ file, ...parseError, pointer: '', message: parseError.message });
    if (source.data === undefined) continue;
    const schemaPath = SCHEMA_FOR.find(([re]) => re.test(file))?.[1];
    let validate: ReturnType<SchemaSet['validator']>;
    try {
      validate = schemaPath ? schemas.validator(schemaPath) : undefined;
    } catch (e) {
      // a broken schema is the engine's problem, but say which one and why instead of a stack trace
      problems.push({ file: `schemas/${schemaPath}`, line: 1, column: 1, pointer: '', message: `schema cannot be compiled: ${(e as Error).message}` });
      continue;
    }
    if (!schemaPath || !validate) continue;
    schemas.references.length = 0;
    if (!validate(source.data)) {
      const seen = new Set<string>();
      const errors = validate.errors ?? [];
      const unionTagMissing = new Set(errors.filter((e) => e.keyword === 'discriminator').map((e) => `${e.instancePath} ${String(e.params.tag)}`));
      for (const err of errors) {
        // a failing branch of a discriminated union also reports the union itself
        if (err.keyword === 'oneOf' && err.params && 'passingSchemas' in err.params) continue;
        // the union's own "required: type" says what the discriminator error says better
        if (err.keyword === 'required' && unionTagMissing.has(`${err.instancePath} ${String(err.params.missingProperty)}`)) continue;
        const m = messageFor(err, schemas);
        const id = `${m.pointer} ${m.message}`;
        if (seen.has(id)) continue;
        seen.add(id);
        report(source, m.pointer, m.message, m.key);
      }
    }
    // a value that already failed its schema is not checked again against the site (one message per mistake)
    const failed = new Set(problems.filter((p) => p.file === file).map((p) => p.pointer));
    refs.push(...schemas.references.filter((ref) => !failed.has(ref.pointer)).map((ref) => ({ file, ref: { ...ref } })));
    const declared = (source.data as Record<string, unknown>)?.$schema;
    const expected = expectedSchemaRef(file, schemaPath);
    if (typeof declared === 'string' && declared !== expected) {
      report(source, '/$schema', `"$schema" should be "${expected}" so editors find the schema, found ${JSON.stringify(declared)}`);
    }
  }

  const siteSource = sources.get('site.config.json');
  const site = siteSource?.data as SiteConfig | undefined;
  const stats = {
    pages: fs.list('content/pages').length,
    collections: fs.list('content/collections').length,
    forms: fs.list('content/forms').length,
    routes: 0,
    landingPages: 0,
  };

  // Cross-file checks need a site config that parsed and has the shape the schema promises.
  if (site && siteSource && Array.isArray(site.routes) && site.landing && Array.isArray(site.landing.cities) && Array.isArray(site.landing.services)) {
    const routePaths = new Map<string, string>();
    const addRoute = (path: string, origin: string, source: JsonSource, pointer: string) => {
      const previous = routePaths.get(path);
      if (previous) report(source, pointer, `route "${path}" is defined twice: ${origin} and ${previous}`);
      else routePaths.set(path, origin);
    };

    // Landing pages first, so a page route that collides with one is reported at the page route.
    const cities: { name: string; slug: string }[] = [];
    const citySlugs = new Map<string, string>();
    site.landing.cities.forEach((city, i) => {
      if (typeof city !== 'string') return;
      const slug = slugify(city);
      const other = citySlugs.get(slug);
      if (slug === '') report(siteSource, `/landing/cities/${i}`, `city "${city}" gives an empty URL slug`);
      else if (other !== undefined)
        report(siteSource, `/landing/cities/${i}`, `city "${city}" has the same URL slug "${slug}" as "${other}"; remove one of them`);
      else {
        citySlugs.set(slug, city);
        cities.push({ name: city, slug });
      }
    });
    const serviceSlugs = new Set<string>();
    const services = site.landing.services.filter((s, i) => {
      if (typeof s?.slug !== 'string') return false;
      if (serviceSlugs.has(s.slug)) {
        report(siteSource, `/landing/services/${i}/slug`, `service slug "${s.slug}" is used twice`);
        return false;
      }
      serviceSlugs.add(s.slug);
      return true;
    });
    const landing = expandLanding({ ...site.landing, services }, cities);
    for (const page of landing) {
      addRoute(page.path, `landing page of "${page.city}" x "${page.serviceName}"`, siteSource, `/landing/cities/${site.landing.cities.indexOf(page.city)}`);
    }
    site.routes.forEach((r, i) => typeof r?.path === 'string' && addRoute(r.path, `route ${i}`, siteSource, `/routes/${i}/path`));
    stats.routes = routePaths.size;
    stats.landingPages = landing.length;
    // With a malformed route path every link to it would also fail: fix the routes first.
    const routesValid = !problems.some((p) => p.file === 'site.config.json' && /^\/routes\//.test(p.pointer) && !p.message.startsWith('route "'));

    // The site has one phone number (spec): the tel: link, WhatsApp and the chat must all use it.
    const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : undefined);
    const phone = digits(site.contact?.phoneHref);
    if (phone) {
      const others: [string, unknown][] = [
        ['/contact/whatsapp', site.contact?.whatsapp],
        ['/chat/phoneNumber', (site.chat as { phoneNumber?: unknown } | undefined)?.phoneNumber],
      ];
      for (const [pointer, value] of others) {
        const d = digits(value);
        if (d && d !== phone)
          report(
            siteSource,
            pointer,
            `"${String(value)}" is not the contact phone number (${site.contact.phoneHref}); the site uses one number for calls, WhatsApp and the chat`,
          );
      }
    }

    for (const { file, ref } of refs) {
      const source = sources.get(file)!;
      if (ref.kind === 'link' && ref.value.startsWith('/')) {
        if (!routesValid) continue;
        const path = ref.value.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
        if (!routePaths.has(path)) report(source, ref.pointer, `link to "${ref.value}" does not match any route${suggestion(path, routePaths.keys())}`);
      } else if (ref.kind === 'asset') {
        if (!fs.exists(join('public', ref.value))) report(source, ref.pointer, `image "${ref.value}" not found: add public${ref.value} or fix the path`);
      } else if (ref.kind === 'ref') {
        const [what, kind] = ref.target.split(':') as [string, string | undefined];
        const dir = what === 'page' ? 'content/pages' : what === 'form' ? 'content/forms' : 'content/collections';
        const target = `${dir}/${ref.value}.json`;
        if (!fs.exists(target)) {
          const known = fs.list(dir).map(baseName);
          report(
            source,
            ref.pointer,
            `${what} "${ref.value}" not found in ${dir}/${suggestion(ref.value, known) || (known.length ? `; known: ${known.join(', ')}` : '')}`,
          );
        } else if (kind) {
          const actual = (sources.get(target)?.data as { kind?: unknown } | undefined)?.kind;
          if (actual !== undefined && actual !== kind)
            report(source, ref.pointer, `collection "${ref.value}" holds ${String(actual)} items, but this block needs ${kind}`);
        }
      }
    }
  }

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const result: ValidationResult = { problems, files: files.map((f) => fs.absolute(f)), stats };
  if (problems.length === 0 && site) {
    const dataOf = (dir: string) => Object.fromEntries(fs.list(dir).map((f) => [baseName(f), sources.get(f)?.data]));
    const references: LoadedSite['references'] = {};
    for (const file of fs.list('content/pages')) {
      const own = refs.filter((r) => r.file === file && r.ref.kind === 'ref').map((r) => r.ref);
      references[baseName(file)] = {
        collections: [...new Set(own.filter((r) => r.target.startsWith('collection')).map((r) => r.value))],
        forms: [...new Set(own.filter((r) => r.target === 'form').map((r) => r.value))],
      };
    }
    result.site = {
      site,
      pages: dataOf('content/pages'),
      collections: dataOf('content/collections'),
      forms: dataOf('content/forms'),
      references,
    } as LoadedSite;
  }
  return result;
}

export function formatProblems(problems: Problem[]): string {
  const lines = problems.map((p) => `${p.file}:${p.line}:${p.column}  ${p.pointer || '/'}  ${p.message}`);
  const files = new Set(problems.map((p) => p.file)).size;
  lines.push('', `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`);
  return lines.join('\n');
}
