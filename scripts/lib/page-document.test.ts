import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_ATTR, NOT_FOUND_ATTR } from '../../core/islands/attributes.ts';
import { fileFor, notFoundDocument, pageDocument, revealMs, routeDocument, type PrerenderedSite, type ServerEntry } from './page-document.ts';

const scripts = { bootstrap: 'BOOT()', splash: 'SPLASH()', notFound: 'AWAY()' };
const assets = { css: ['assets/site-1.css'], runtime: 'assets/hydrate-2.js' };
const splash = { enabled: true, durationMs: 1000, fadeOutMs: 300, pageFadeInMs: 200, fadeInDelayMs: 100 } as PrerenderedSite['splash'];
const site = { lang: 'nl', seo: { siteName: 'A & B', siteUrl: 'https://example.nl' }, integrations: {}, splash } as PrerenderedSite;

describe('pageDocument', () => {
  it('links the stylesheets, carries the page head and body, the splash script and the bootstrap with the runtime', () => {
    const html = pageDocument({ lang: 'nl', head: ['<title>T</title>'], body: '<main>M</main>', assets, islands: 2, revealMs: 1500, scripts });
    expect(html).toMatch(/^<!doctype html>\n<html lang="nl">/);
    expect(html).toContain('<script>SPLASH()</script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site-1.css">\n    <title>T</title>');
    expect(html).toContain('<div id="root"><main>M</main></div>');
    expect(html).toContain(`<script ${BOOTSTRAP_ATTR.src}="/assets/hydrate-2.js" ${BOOTSTRAP_ATTR.after}="1500">BOOT()</script>`);
    expect(html).toContain('<script type="speculationrules">');
  });

  it('has no bootstrap without islands', () => {
    const html = pageDocument({ lang: 'nl', head: [], body: '', assets, islands: 0, revealMs: 0, scripts });
    expect(html).not.toContain('BOOT()');
    expect(html).not.toContain(BOOTSTRAP_ATTR.src);
  });

  it('takes the dev server runtime and stylesheets as they are served', () => {
    const html = pageDocument({
      lang: 'nl',
      head: [],
      body: '',
      assets: { css: ['src/styles/global.css'], runtime: 'src/entry-islands.tsx' },
      islands: 1,
      revealMs: 0,
      scripts,
    });
    expect(html).toContain('<link rel="stylesheet" href="/src/styles/global.css">');
    expect(html).toContain(`${BOOTSTRAP_ATTR.src}="/src/entry-islands.tsx"`);
  });
});

describe('notFoundDocument', () => {
  it('names the site, escaped, is not indexed and sends the visitor home', () => {
    const html = notFoundDocument(site, assets, scripts);
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain(`<script ${NOT_FOUND_ATTR.to}="/">AWAY()</script>`);
    expect(html).toContain('<a href="/">example.nl</a>');
    expect(html).not.toContain('BOOT()');
  });
});

describe('routeDocument', () => {
  it('renders the route through the entry and waits for the splash before islands hydrate', async () => {
    const entry: ServerEntry = {
      render: (url) => Promise.resolve({ head: [`<title>${url}</title>`], body: `<main>${url}</main>`, islands: [{}] }),
      inlineScripts: scripts,
      routePaths: () => ['/'],
      model: { site },
    };
    const html = await routeDocument(entry, '/contact', assets);
    expect(html).toContain('<title>/contact</title>');
    expect(html).toContain('<main>/contact</main>');
    expect(html).toContain(`${BOOTSTRAP_ATTR.after}="${revealMs(splash)}"`);
    expect(revealMs(splash)).toBe(1500);
    expect(revealMs({ ...splash, enabled: false })).toBe(0);
  });
});

describe('fileFor', () => {
  it('puts each route in a file named after it, the home page in index.html', () => {
    expect(fileFor('/')).toBe('index.html');
    expect(fileFor('/contact')).toBe('contact.html');
    expect(fileFor('/a/b')).toBe('a/b.html');
  });
});
