import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { copySite } from '../../scripts/test-support/dev-server.ts';
import { addsBlock, previewRoute } from './site-api.ts';
import { studioSite } from './site-state.ts';

const schemaDir = join(paths.root, 'schemas');
const site = copySite('site-api-', join(paths.root, 'tests/fixtures/base'));
afterAll(() => rmSync(site, { recursive: true, force: true }));
const studio = () => studioSite({ siteRoot: site, schemaDir, siteApi: () => undefined });

describe('the studio’s edits: a block added is rendered at once for the preview', () => {
  it('knows an edit that adds a block to a page from every other edit', () => {
    expect(addsBlock([{ op: 'insert', path: ['blocks'], index: 2, value: { type: 'text' } }])).toBe(true);
    expect(
      addsBlock([
        { op: 'set', path: ['title'], value: 'x' },
        { op: 'insert', path: ['blocks'], index: 0, value: {} },
      ]),
    ).toBe(true);
    // an item inside a block, a city, a block moved or taken out: no new block to render
    expect(addsBlock([{ op: 'insert', path: ['blocks', 1, 'items'], index: 0, value: {} }])).toBe(false);
    expect(addsBlock([{ op: 'insert', path: ['landing', 'cities'], index: 3, value: 'Assen' }])).toBe(false);
    expect(addsBlock([{ op: 'move', path: ['blocks'], from: 0, to: 1 }])).toBe(false);
    expect(addsBlock([{ op: 'remove', path: ['blocks'], index: 0 }])).toBe(false);
  });

  it('renders the route the preview shows for a page’s file: the last route that names the page', () => {
    expect(previewRoute(studio(), 'content/pages/home.json')).toBe('/');
    expect(previewRoute(studio(), 'content/pages/contact.json')).toBe('/contact');
    expect(previewRoute(studio(), 'site.config.json')).toBeUndefined();
    expect(previewRoute(studio(), 'content/pages/nowhere.json')).toBeUndefined();
    const file = join(site, 'site.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { routes: { path: string; page: string }[] };
    config.routes.push({ path: '/over-ons', page: 'contact' });
    writeFileSync(file, JSON.stringify(config, null, 2));
    expect(previewRoute(studio(), 'content/pages/contact.json')).toBe('/over-ons');
    // a config that is not JSON (another editor saving it): nothing rendered ahead
    writeFileSync(file, '{ "routes": [');
    expect(previewRoute(studio(), 'content/pages/home.json')).toBeUndefined();
  });
});
