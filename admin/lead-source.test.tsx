import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { LeadSource as Source } from '../core/forms/lead-source.ts';

/** The card in the back office's language, which the page's <html lang> chooses when its words are loaded. */
async function show(lang: string, source: Source | null) {
  document.documentElement.lang = lang;
  vi.resetModules();
  const { LeadSource } = await import('./lead-source.tsx');
  return render(<LeadSource source={source} />);
}

/** The card's terms and what each says, in order. */
const pairs = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

afterEach(() => document.documentElement.removeAttribute('lang'));

describe('LeadSource', () => {
  it('shows where the visitor came from in plain Dutch words, an ad click by its advertiser, never a raw key or id', async () => {
    const { container } = await show('nl', {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'najaar',
      utm_term: 'dakkapel utrecht',
      referrer: 'www.google.com',
      gclid: 'Cj0KCQiAsecret',
    });
    const card = screen.getByRole('region', { name: 'Herkomst' });
    expect(pairs(card)).toEqual([
      ['Campagne', 'najaar'],
      ['Medium', 'cpc'],
      ['Bron', 'google'],
      ['Zoekwoord', 'dakkapel utrecht'],
      ['Via website', 'www.google.com'],
      ['Advertentieklik', 'Google Ads-klik'],
    ]);
    expect(container.textContent).not.toMatch(/utm_|gclid|Cj0KCQiAsecret/);
  });

  it('names a Meta ad click, and both when there were both', async () => {
    await show('nl', { fbclid: 'IwAR', gclid: 'Cj0' });
    expect(pairs(screen.getByRole('region', { name: 'Herkomst' }))).toEqual([['Advertentieklik', 'Google Ads-klik, Meta-advertentieklik']]);
  });

  it('shows only what the lead says: a visit from another site alone', async () => {
    await show('nl', { referrer: 'nieuwsbrief.example.nl' });
    expect(pairs(screen.getByRole('region', { name: 'Herkomst' }))).toEqual([['Via website', 'nieuwsbrief.example.nl']]);
  });

  it('speaks English on an English site', async () => {
    await show('en', { utm_campaign: 'autumn', fbclid: 'IwAR' });
    expect(pairs(screen.getByRole('region', { name: 'Where they came from' }))).toEqual([
      ['Campaign', 'autumn'],
      ['Ad click', 'Meta ad click'],
    ]);
  });

  it('renders nothing for a lead that says nothing of where it came from', async () => {
    expect((await show('nl', null)).container.innerHTML).toBe('');
    expect((await show('nl', {})).container.innerHTML).toBe('');
  });
});
