import { describe, expect, it } from 'vitest';
import { commitMessage, describeFile, placeOf } from './publish-changes.ts';
import { publishTexts } from './publish-texts.ts';

const nl = publishTexts('nl');
const en = publishTexts('en-GB');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const home = (headline: string, extra: object = {}) =>
  json({
    title: 'Home',
    blocks: [
      { type: 'text', heading: 'Over ons' },
      { type: 'hero', headline, ...extra },
    ],
  });

describe('what goes live, in words', () => {
  it('names a page by its title and a change by block, type and field, with the old and new text', () => {
    const file = describeFile({ path: 'content/pages/home.json', status: 'changed', before: home('Welkom'), after: home('Hallo') }, nl);
    expect(file).toMatchObject({ kind: 'page', name: 'Home' });
    expect(file.fields).toEqual([{ block: { index: 1, type: 'hero' }, field: ['headline'], kind: 'changed', before: 'Welkom', after: 'Hallo' }]);
    expect(placeOf(file.fields[0]!, nl)).toBe('blok 2 (hero) › headline');
    expect(placeOf(file.fields[0]!, en)).toBe('block 2 (hero) › headline');
  });

  it('lists items added and removed by their first text, and keys added, counting items from 1', () => {
    const before = json({ items: [{ question: 'Wat kost het?', answer: 'Weinig.' }] });
    const after = json({
      items: [
        { question: 'Wat kost het?', answer: 'Weinig.', open: true },
        { question: 'Hoe snel?', answer: 'Snel.' },
      ],
    });
    const file = describeFile({ path: 'content/collections/faq.json', status: 'changed', before, after }, nl);
    expect(file.name).toBe('faq');
    expect(file.fields.map((f) => [placeOf(f, nl), f.kind, f.before ?? f.after])).toEqual([
      ['items › 1 › open', 'added', 'true'],
      ['items › 2', 'added', 'Hoe snel?'],
    ]);
  });

  it('shortens long texts', () => {
    const file = describeFile({ path: 'content/pages/home.json', status: 'changed', before: home('Welkom'), after: home('x'.repeat(200)) }, nl);
    expect(file.fields[0]!.after).toHaveLength(80);
    expect(file.fields[0]!.after!.endsWith('…')).toBe(true);
  });

  it('writes a commit message that names each file and field, with a line per change', () => {
    const files = [
      describeFile({ path: 'content/pages/home.json', status: 'changed', before: home('Welkom'), after: home('Hallo', { intro: 'Nieuw' }) }, nl),
      describeFile({ path: 'content/pages/over-ons.json', status: 'added', after: json({ title: 'Over ons', blocks: [] }) }, nl),
      describeFile({ path: 'public/images/team.webp', status: 'added' }, nl),
      describeFile({ path: 'site.config.json', status: 'changed', before: json({ lang: 'nl' }), after: json({ lang: 'en' }) }, nl),
    ];
    expect(commitMessage(files, nl).split('\n')).toEqual([
      'Inhoud bijgewerkt: Home (headline, intro toegevoegd), nieuwe pagina Over ons, nieuwe afbeelding team, en nog 1 wijziging',
      '',
      '- Home, blok 2 (hero) › headline: Welkom → Hallo',
      '- Home, blok 2 (hero) › intro: (leeg) → Nieuw',
      '- Over ons: nieuwe pagina',
      '- team.webp: nieuwe afbeelding',
      '- Instellingen van de site, lang: nl → en',
    ]);
  });

  it('speaks English for an English site, and for a language it does not know', () => {
    const files = [describeFile({ path: 'content/pages/home.json', status: 'changed', before: home('Welcome'), after: home('Hello') }, en)];
    expect(commitMessage(files, en).split('\n')[0]).toBe('Content updated: Home (headline)');
    expect(publishTexts('fr').publish).toBe('Publish');
    expect(publishTexts('nl-BE').publish).toBe('Publiceren');
  });
});
