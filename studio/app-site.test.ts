import { describe, expect, it } from 'vitest';
import { statusText } from './app-site.ts';
import { studioTexts } from './texts.ts';

describe('statusText', () => {
  const nl = studioTexts('nl');
  it('says the site files’ status lines in the site’s language, with the file’s name instead of its path', () => {
    expect(statusText(nl, 'content/pages/home.json changed on disk and was reloaded.')).toBe(
      'Home is buiten de studio veranderd; de studio toont de nieuwe versie.',
    );
    expect(statusText(nl, 'Undone: site.config.json')).toBe('Ongedaan gemaakt in Site-instellingen.');
    expect(statusText(nl, 'content/collections/faq.json had changed on disk; your edit was applied to the new text.')).toBe(
      'Veelgestelde vragen was buiten de studio veranderd; uw wijziging is in de nieuwe versie gezet.',
    );
    expect(statusText(nl, 'content/pages/over-ons.json: path /blocks/9 not found')).toBe('Een wijziging aan Over ons kon niet worden opgeslagen.');
    expect(statusText(studioTexts('en'), 'Cannot redo: stale. The file was reloaded.')).toBe(studioTexts('en').cannotRedo);
  });
  it('leaves the studio’s own lines as they are', () => {
    expect(statusText(nl, nl.pageAdded('Prijzen', '/prijzen'))).toBe('De pagina Prijzen is toegevoegd, op /prijzen.');
    expect(statusText(nl, '')).toBe('');
  });
});
