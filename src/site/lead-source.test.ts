import { afterEach, describe, expect, it } from 'vitest';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';
import { CONSENT_KEY, choiceOf, saveChoice } from './consent.ts';
import { clickIdsAllowed, noteSource, SOURCE_KEY, sourceToSend } from './lead-source.ts';

const SITE = 'www.bureau.nl';
/** One page of the visit: its address's query and the page it was reached from. */
const visit = (search: string, referrer = '') => noteSource({ search, host: SITE }, referrer, sessionStorage);
const noted = () => JSON.parse(sessionStorage.getItem(SOURCE_KEY) ?? 'null') as unknown;

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the visit’s source, noted on every page', () => {
  it('notes the first landing’s campaign and the other site that linked to it', () => {
    visit(
      '?utm_source=nieuwsbrief&utm_medium=email&utm_campaign=najaar&utm_term=dak&utm_content=knop&gclid=Cj0&fbclid=IwA&page=2',
      'https://mail.example.nl/inbox',
    );
    expect(noted()).toEqual({
      utm_source: 'nieuwsbrief',
      utm_medium: 'email',
      utm_campaign: 'najaar',
      utm_term: 'dak',
      utm_content: 'knop',
      gclid: 'Cj0',
      fbclid: 'IwA',
      referrer: 'mail.example.nl',
    });
  });

  it('keeps the first touch: a later page of the visit, reached by a link of the site or another site’s, changes nothing', () => {
    visit('?utm_source=google&utm_campaign=najaar', 'https://www.google.com/');
    visit('', `https://${SITE}/?utm_source=google&utm_campaign=najaar`);
    visit('', 'https://www.bing.com/');
    expect(noted()).toEqual({ utm_source: 'google', utm_campaign: 'najaar', referrer: 'www.google.com' });
  });

  it('notes a visit that came with nothing as such, so a later page’s referrer is not taken for the visit’s', () => {
    visit('');
    expect(noted()).toEqual({});
    visit('', 'https://www.google.com/');
    expect(noted()).toEqual({});
    visit('', `https://${SITE}/diensten`);
    expect(noted()).toEqual({});
  });

  it('replaces it when a later page of the visit is a campaign landing of its own', () => {
    visit('', 'https://www.google.com/');
    visit('?utm_source=facebook&utm_medium=cpc&fbclid=IwAR', 'https://l.facebook.com/');
    expect(noted()).toEqual({ utm_source: 'facebook', utm_medium: 'cpc', fbclid: 'IwAR', referrer: 'l.facebook.com' });
  });

  it('takes no referrer of the site itself', () => {
    visit('?utm_campaign=x', `https://${SITE}/contact`);
    expect(noted()).toEqual({ utm_campaign: 'x' });
  });
});

describe('what a lead sends of it', () => {
  it('sends the campaign and the referring site, and the click ids only with consent to marketing', () => {
    visit('?utm_source=google&utm_campaign=najaar&gclid=Cj0KCQ&fbclid=IwAR', 'https://www.google.com/');
    expect(sourceToSend(false, sessionStorage)).toEqual({ utm_source: 'google', utm_campaign: 'najaar', referrer: 'www.google.com' });
    expect(sourceToSend(true, sessionStorage)).toEqual({
      utm_source: 'google',
      utm_campaign: 'najaar',
      gclid: 'Cj0KCQ',
      fbclid: 'IwAR',
      referrer: 'www.google.com',
    });
  });

  it('sends nothing for a visit that came with nothing, noted nothing, or left something unreadable', () => {
    expect(sourceToSend(true, sessionStorage)).toBeUndefined();
    visit('');
    expect(sourceToSend(true, sessionStorage)).toBeUndefined();
    sessionStorage.setItem(SOURCE_KEY, '{not json');
    expect(sourceToSend(true, sessionStorage)).toBeUndefined();
    visit('?gclid=Cj0');
    expect(sourceToSend(false, sessionStorage)).toBeUndefined();
    // a browser that refuses storage
    const refused = {
      getItem: (): string | null => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(sourceToSend(true, refused)).toBeUndefined();
  });
});

describe('consent to send a click id', () => {
  const banner = () => (document.body.innerHTML = `<div ${ISLAND_ATTR.name}="consent"></div>`);

  it('is given only on a site with the banner, by a choice that grants marketing', () => {
    banner();
    expect(clickIdsAllowed(document, localStorage)).toBe(false);
    saveChoice(localStorage, choiceOf(['statistics']));
    expect(clickIdsAllowed(document, localStorage)).toBe(false);
    saveChoice(localStorage, choiceOf(['statistics', 'marketing']));
    expect(clickIdsAllowed(document, localStorage)).toBe(true);
    // withdrawn: no longer
    saveChoice(localStorage, choiceOf([]));
    expect(clickIdsAllowed(document, localStorage)).toBe(false);
  });

  it('is never given on a site without the banner: nobody was asked', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(choiceOf(['marketing'])));
    expect(clickIdsAllowed(document, localStorage)).toBe(false);
  });
});
