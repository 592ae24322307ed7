import { describe, expect, it } from 'vitest';
import { said, statusText } from './status-texts.ts';
import { studioTexts } from '../texts.ts';

describe('statusText', () => {
  const nl = studioTexts('nl');
  const en = studioTexts('en');
  it('says the site files’ status lines in the site’s language, with the file’s name instead of its path', () => {
    expect(statusText(nl, { key: 'reloaded', file: 'content/pages/home.json' })).toBe('Home is buiten de studio veranderd; de studio toont de nieuwe versie.');
    expect(statusText(nl, { key: 'undone', files: ['site.config.json'] })).toBe('Ongedaan gemaakt in Site-instellingen.');
    expect(statusText(nl, { key: 'replayed', file: 'content/collections/faq.json' })).toBe(
      'Veelgestelde vragen was buiten de studio veranderd; uw wijziging is in de nieuwe versie gezet.',
    );
    expect(statusText(nl, { key: 'notSaved', file: 'content/pages/over-ons.json' })).toBe('Een wijziging aan Over ons kon niet worden opgeslagen.');
    expect(statusText(en, { key: 'cannotRedo' })).toBe(en.cannotRedo);
    expect(statusText(en, { key: 'reloaded', file: 'content/pages/home.json' })).toBe('Home changed outside the studio; the studio shows the new version.');
  });
  it('names every file of a step of several (a page deleted or renamed)', () => {
    const step = ['site.config.json', 'content/pages/home.json', 'content/pages/over-ons.json'];
    expect(statusText(nl, { key: 'undone', files: step })).toBe('Ongedaan gemaakt in Site-instellingen, Home en Over ons.');
    expect(statusText(en, { key: 'redone', files: step.slice(1) })).toBe('Redone in Home and Over ons.');
  });
  it('leaves the studio’s own lines as they are, and says nothing before anything happened', () => {
    expect(statusText(nl, said(nl.pageAdded('Prijzen', '/prijzen')))).toBe('De pagina Prijzen is toegevoegd, op /prijzen.');
    expect(statusText(nl, undefined)).toBe('');
  });
});
