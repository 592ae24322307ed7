import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeWords } from './change-words.ts';
import { schemas } from '../fixture-site.testing.ts';
import { namesOf } from '../form/names.ts';
import { commitMessage, describeFile, placeOf, type FileChange, type PendingFile } from './publish-changes.ts';
import { publishTexts } from './publish-texts.ts';
import { studioTexts } from '../texts.ts';

const nl = publishTexts('nl');
const en = publishTexts('en-GB');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A fixture site's files as the studio holds them (path → text), and the words the studio says its changes in. */
function site(fixture: string, lang: string) {
  const root = join(process.cwd(), 'tests/fixtures', fixture);
  const files: Record<string, { text: string }> = {};
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const path = relative(root, join(root, entry)).split('\\').join('/');
    if (path === 'site.config.json' || (path.startsWith('content/') && path.endsWith('.json'))) files[path] = { text: readFileSync(join(root, path), 'utf8') };
  }
  const t = studioTexts(lang);
  const words = changeWords(t, lang, schemas, namesOf(t, files));
  const read = (path: string) => JSON.parse(files[path]!.text) as Record<string, unknown>;
  const change = (path: string, edit: (data: Record<string, unknown>) => void): FileChange => {
    const data = read(path);
    edit(data);
    return describeFile({ path, status: 'changed', before: files[path]!.text, after: json(data) }, words);
  };
  return { files, words, read, change };
}

const dutch = site('base', 'nl');
const english = site('en', 'en');
type Block = Record<string, unknown> & { image: Record<string, unknown> };
type Items = { question: string; answer: string }[];

describe('what goes live, in the words of the studio', () => {
  it('names the page at / "Home", a block by its number and name, a field by its label', () => {
    const home = dutch.change('content/pages/home.json', (page) => {
      (page.blocks as Block[])[0]!.headline = 'Hallo';
    });
    expect(home.name).toBe('Home');
    expect(home.fields.map((f) => [placeOf(f), f.before, f.after])).toEqual([['Blok 1 (Openingsblok) › Kop', 'Welkom', 'Hallo']]);
    // the English site's home page is named by its place, not by its title for search engines
    const english_home = english.change('content/pages/home.json', (page) => {
      (page.blocks as Block[])[0]!.headline = 'Hello';
    });
    expect(english.read('content/pages/home.json').title).not.toBe('Home');
    expect(english_home.name).toBe('Home');
    expect(placeOf(english_home.fields[0]!)).toBe('Block 1 (Opening section) › Main heading');
  });

  it('names a list by its kind and an item added or removed by its own text, not its number', () => {
    const added = dutch.change('content/collections/faq.json', (faq) => {
      (faq.items as Items).push({ question: 'Werken jullie ook in het weekend?', answer: 'Ja.' });
    });
    expect(added.name).toBe('Veelgestelde vragen');
    expect(added.fields.map((f) => [placeOf(f), f.kind])).toEqual([['Vraag: Werken jullie ook in het weekend?', 'added']]);
    // one removed from the middle is that one, not every item after it changed
    const removed = dutch.change('content/collections/faq.json', (faq) => {
      (faq.items as Items).splice(1, 1);
    });
    expect(removed.fields.map((f) => [placeOf(f), f.kind])).toEqual([['Vraag: Tweede vraag?', 'removed']]);
    // a field of an item: the item by its text, then the field
    const answered = dutch.change('content/collections/faq.json', (faq) => {
      (faq.items as Items)[0]!.answer = 'Een nieuw antwoord.';
    });
    expect(placeOf(answered.fields[0]!)).toBe('Vraag: Eerste vraag? › Antwoord');
  });

  it('says a city added to the landing pages and a page added to the routes in the settings, by their own text', () => {
    const settings = dutch.change('site.config.json', (config) => {
      (config.landing as { cities: string[] }).cities.push('Leiden');
    });
    expect(settings.name).toBe('Site-instellingen');
    expect(settings.fields.map(placeOf)).toEqual(['Plaatspagina’s › Plaats: Leiden'.replace('’', "'")]);
  });

  it('replaces an image: the image’s file and its alt text by their labels', () => {
    const home = dutch.change('content/pages/home.json', (page) => {
      const hero = (page.blocks as Block[])[0]!;
      hero.image = { ...hero.image, src: '/images/avatar.webp', alt: 'Een foto' };
    });
    expect(home.fields.map(placeOf)).toEqual([
      'Blok 1 (Openingsblok) › Afbeelding › Afbeeldingsbestand',
      'Blok 1 (Openingsblok) › Afbeelding › Omschrijving (alt-tekst)',
    ]);
  });

  it('names two lists of one kind by the pages that show them, and forms by the catalog', () => {
    const name = (path: string) => english.words.name(path);
    expect(name('content/collections/portfolio.json')).toBe('Portfolio on Demo');
    expect(name('content/collections/portfolio-showcase.json')).toBe('Portfolio on Home');
    expect(name('content/collections/testimonials.json')).toBe('Testimonials');
    expect(name('content/forms/contact.json')).toBe('Contact form');
    expect(dutch.words.name('content/forms/quote.json')).toBe('Offerte aanvragen');
  });

  it('writes a commit message in the same words: no key, no file path', () => {
    const files: FileChange[] = [
      dutch.change('content/pages/home.json', (page) => {
        const hero = (page.blocks as Block[])[0]!;
        hero.headline = 'Hallo';
        hero.image = { ...hero.image, src: '/images/avatar.webp', alt: 'Een foto' };
      }),
      dutch.change('content/collections/faq.json', (faq) => {
        (faq.items as Items).push({ question: 'Werken jullie ook in het weekend?', answer: 'Ja.' });
      }),
      describeFile({ path: 'content/pages/over-ons.json', status: 'added', after: json({ title: 'Over ons', blocks: [] }) }, dutch.words),
      describeFile({ path: 'public/images/team.webp', status: 'added' } satisfies PendingFile, dutch.words),
    ];
    expect(commitMessage(files, nl).split('\n')).toEqual([
      'Inhoud bijgewerkt: Home (Kop, Afbeelding), Veelgestelde vragen (Vraag toegevoegd), en nog 2 wijzigingen',
      '',
      '- Home, Blok 1 (Openingsblok) › Kop: Welkom → Hallo',
      '- Home, Blok 1 (Openingsblok) › Afbeelding › Afbeeldingsbestand: /images/og.png → /images/avatar.webp',
      '- Home, Blok 1 (Openingsblok) › Afbeelding › Omschrijving (alt-tekst): (leeg) → Een foto',
      '- Veelgestelde vragen, Vraag: Werken jullie ook in het weekend? (toegevoegd)',
      '- Over ons: nieuwe pagina',
      '- team.webp: nieuwe afbeelding',
    ]);
    expect(commitMessage(files, nl)).not.toMatch(/content\/|\.json|(?<![\w-])(src|alt|headline|items|blocks)(?![\w-])/);
  });

  it('shortens long texts, and speaks English for an English site', () => {
    const long = english.change('content/pages/home.json', (page) => {
      (page.blocks as Block[])[0]!.headline = 'x'.repeat(200);
    });
    expect(long.fields[0]!.after).toHaveLength(80);
    expect(long.fields[0]!.after!.endsWith('…')).toBe(true);
    expect(commitMessage([long], en).split('\n')[0]).toBe('Content updated: Home (Main heading)');
    expect(publishTexts('fr').publish).toBe('Publish');
    expect(publishTexts('nl-BE').publish).toBe('Publiceren');
  });
});
