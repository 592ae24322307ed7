import { afterEach, describe, expect, it } from 'vitest';
import type { Tag } from '../../core/site/schema-types.ts';
import { CONSENT_KEY, CONSENT_VERSION, categoriesOf, choiceOf, cookiesOf, readChoice, removeCookiesOf, saveChoice } from './consent.ts';
import { applyChoice, marketingAllowed } from './consent-tags.ts';

const pixel: Tag = { type: 'meta-pixel', id: '123456789012345' };
const analytics: Tag = { type: 'google-tag', id: 'G-ABC123' };
const ads: Tag = { type: 'google-tag', id: 'AW-123456789' };

afterEach(() => {
  localStorage.clear();
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]!.trim()))
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('the stored choice', () => {
  it('is none until one is saved, then the same choice on every page', () => {
    expect(readChoice(localStorage)).toBeNull();
    const choice = choiceOf(['statistics'], new Date('2026-01-02T03:04:05Z'));
    saveChoice(localStorage, choice);
    expect(readChoice(localStorage)).toEqual({ version: CONSENT_VERSION, at: '2026-01-02T03:04:05.000Z', statistics: true, marketing: false });
  });

  it('asks again for a choice of another banner version, or one that cannot be read', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ ...choiceOf(['marketing']), version: CONSENT_VERSION + 1 }));
    expect(readChoice(localStorage)).toBeNull();
    localStorage.setItem(CONSENT_KEY, '{not json');
    expect(readChoice(localStorage)).toBeNull();
    localStorage.setItem(CONSENT_KEY, 'null');
    expect(readChoice(localStorage)).toBeNull();
  });

  it('grants only what is literally true: nothing is assumed', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ version: CONSENT_VERSION, at: 'x', statistics: 'yes', marketing: 1 }));
    expect(readChoice(localStorage)).toMatchObject({ statistics: false, marketing: false });
  });

  it('survives a browser that refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveChoice(refusing, choiceOf([]))).not.toThrow();
    expect(readChoice(refusing)).toBeNull();
  });
});

describe('categories and cookies', () => {
  it('asks only about the categories the tags use, statistics first', () => {
    expect(categoriesOf([pixel])).toEqual(['marketing']);
    expect(categoriesOf([pixel, analytics])).toEqual(['statistics', 'marketing']);
    expect(categoriesOf([ads])).toEqual(['marketing']);
    expect(categoriesOf([])).toEqual([]);
  });

  it('knows each tag’s cookies and leaves the site’s own alone', () => {
    const header = '_fbp=fb.1.2; _ga=GA1.1; _ga_ABC123=GS1; session=x; _gcl_au=1; consent=y';
    expect(cookiesOf([pixel], header)).toEqual(['_fbp']);
    expect(cookiesOf([analytics], header)).toEqual(['_ga', '_ga_ABC123', '_gcl_au']);
  });

  it('removes the tags’ cookies from the document', () => {
    document.cookie = '_fbp=fb.1.2; path=/';
    document.cookie = '_ga=GA1.1; path=/';
    document.cookie = 'own=1; path=/';
    expect(removeCookiesOf([pixel, analytics], document, location.hostname)).toEqual(['_fbp', '_ga']);
    expect(document.cookie).toBe('own=1');
  });
});

describe('a choice in force on the page', () => {
  const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.src);
  const tagWindow = window as unknown as { fbq?: { queue: unknown[][] }; _fbq?: unknown; dataLayer?: IArguments[]; gtag?: unknown };
  /** What the banner does with a choice: keeps it, then puts it in force. */
  const choose = (granted: Parameters<typeof choiceOf>[0]) => {
    const choice = choiceOf(granted);
    saveChoice(localStorage, choice);
    applyChoice([pixel, analytics], choice);
  };

  afterEach(() => {
    for (const script of document.head.querySelectorAll('script')) script.remove();
    delete tagWindow.fbq;
    delete tagWindow._fbq;
    delete tagWindow.dataLayer;
    delete tagWindow.gtag;
    document.body.innerHTML = '';
  });

  it('loads nothing refused, loads what is granted once, and on withdrawal stops the pixel and removes its cookie', () => {
    // the banner's island is on the page of a site with tags: before a choice, no marketing event
    document.body.innerHTML = '<div data-island="consent"></div>';
    expect(marketingAllowed()).toBe(false);
    choose([]);
    expect(scripts()).toEqual([]);
    expect(marketingAllowed()).toBe(false);
    expect(tagWindow.fbq).toBeUndefined();

    choose(['statistics', 'marketing']);
    choose(['statistics', 'marketing']);
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js', 'https://www.googletagmanager.com/gtag/js?id=G-ABC123']);
    expect(tagWindow.fbq?.queue.slice(0, 3)).toEqual([
      ['consent', 'grant'],
      ['init', pixel.id],
      ['track', 'PageView'],
    ]);
    expect([...tagWindow.dataLayer![0]!]).toEqual([
      'consent',
      'default',
      { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' },
    ]);
    expect(marketingAllowed()).toBe(true);

    document.cookie = '_fbp=fb.1.2; path=/';
    choose(['statistics']);
    expect(tagWindow.fbq?.queue.at(-1)).toEqual(['consent', 'revoke']);
    expect([...tagWindow.dataLayer!.at(-1)!]).toEqual(['consent', 'update', expect.objectContaining({ ad_storage: 'denied', analytics_storage: 'granted' })]);
    expect(document.cookie).not.toContain('_fbp');
    expect(marketingAllowed()).toBe(false);
    expect(scripts()).toHaveLength(2);
  });

  it('a page without the banner (a site without tags) leaves a pixel of its own alone', () => {
    expect(marketingAllowed()).toBe(true);
  });
});
