import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';

/**
 * Every recipe of the README's "How the config works", applied to a copy of the whole project: a new
 * city, a new landing service, a new page, an FAQ item, a form field and the chat switched off are JSON
 * edits and nothing else. Validation, the engine's unit tests and the build must stay green on the
 * edited copy, and the new routes and texts must be in the built pages. An engine test that pinned the
 * agency's own data would fail here.
 */

const copy = mkdtempSync(join(tmpdir(), 'recipes-'));
const out = join(copy, 'dist');

type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const readJson = (file: string): Json => JSON.parse(readFileSync(join(copy, file), 'utf8')) as Json;
const writeJson = (file: string, value: unknown) => writeFileSync(join(copy, file), `${JSON.stringify(value, null, 2)}\n`);
const edit = (file: string, change: (json: Json) => void) => {
  const json = readJson(file);
  change(json);
  writeJson(file, json);
};

/** The project's own files (tracked and new, never ignored ones such as dist/ or node_modules/), copied. */
function copyProject() {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: paths.root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(join(paths.root, f)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(paths.root, file), join(copy, file));
  }
  symlinkSync(join(paths.root, 'node_modules'), join(copy, 'node_modules'), 'dir');
}

function applyRecipes() {
  edit('site.config.json', (site) => {
    // Add a city
    site.landing.cities.push('Den Haag');
    // Add a landing service
    site.landing.services.push({
      slug: 'logo-ontwerp',
      name: 'Logo ontwerp',
      title: 'Logo ontwerp {city} - Een logo dat blijft hangen',
      description: 'Een logo laten maken in {city}? Wij ontwerpen een logo dat past bij je bedrijf.',
    });
    // Add a page: its route and a menu link
    site.routes.push({ path: '/prijzen', page: 'prijzen' });
    site.navigation.links.push({ label: 'Prijzen', to: '/prijzen' });
    // Change the chat: off on every page
    site.chat.enabled = false;
  });
  writeJson('content/pages/prijzen.json', {
    $schema: '../../schemas/page.schema.json',
    title: 'Prijzen',
    description: 'Wat een website of campagne kost, zonder kleine lettertjes.',
    blocks: [
      { type: 'hero', headline: 'Heldere prijzen', intro: 'Een vaste prijs per website, vooraf afgesproken.' },
      { type: 'cta', heading: 'Vraag een offerte aan', buttons: [{ label: 'Offerte', to: '/offerte' }] },
    ],
  });
  // Add an FAQ item
  edit('content/collections/faq.json', (faq) => {
    const items = (Array.isArray(faq) ? faq : faq.items) as Json[];
    items.push({ question: 'Kan ik mijn website zelf aanpassen?', answer: 'Ja, je krijgt een eenvoudige beheeromgeving.' });
  });
  // Add a field to a form, and its line in the mail
  edit('content/forms/contact.json', (form) => {
    form.fields.splice(2, 0, { type: 'text', name: 'website', label: 'Huidige website', placeholder: 'https://...', maxLength: 200, width: 'half' });
    form.mail.lines.push({ label: 'Website', field: 'website', empty: 'Niet opgegeven' });
  });
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, ...env, CI: '1' } });
const page = (route: string) => readFileSync(join(out, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');

describe('the README recipes on a copy of the project', () => {
  beforeAll(() => {
    copyProject();
    applyRecipes();
  }, 60_000);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('validates', () => {
    const result = run(process.execPath, ['--import', 'tsx', 'scripts/validate-config.ts']);
    expect(result.stdout + result.stderr).not.toMatch(/problem/);
    expect(result.status).toBe(0);
  }, 60_000);

  it("keeps the engine's unit tests green", () => {
    const result = run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'src', 'core']);
    expect(result.status, result.stdout.slice(-3000) + result.stderr.slice(-2000)).toBe(0);
    expect(stripVTControlCharacters(result.stdout)).toMatch(/Tests +\d+ passed/);
  }, 300_000);

  describe('builds', () => {
    beforeAll(() => {
      const result = run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { SITE_OUT: out, BUILD_QUIET: '1' });
      expect(result.status, result.stdout + result.stderr).toBe(0);
    }, 300_000);

    it('with a landing page per service for the new city, and the new service in every city', () => {
      expect(page('/webdesign-den-haag')).toContain('Den Haag');
      expect(page('/seo-den-haag')).toContain('SEO');
      for (const city of ['amersfoort', 'den-haag']) expect(page(`/logo-ontwerp-${city}`)).toContain('Logo ontwerp');
    });

    it('with the new page, linked from the menu of every page', () => {
      expect(page('/prijzen')).toContain('Heldere prijzen');
      expect(page('/')).toContain('href="/prijzen"');
    });

    it('with the new FAQ question and the new form field', () => {
      expect(page('/')).toContain('Kan ik mijn website zelf aanpassen?');
      expect(page('/contact')).toContain('Huidige website');
    });

    it('without the chat on any page', () => {
      for (const route of ['/', '/contact', '/prijzen', '/webdesign-den-haag']) expect(page(route)).not.toContain('data-island="chat"');
    });
  });
});
