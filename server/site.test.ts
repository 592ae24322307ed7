import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SERVER_SITE_FILE } from '../core/site/server-site.ts';
import { fixtureServerSite, writeFixtureServerSite } from '../tests/support/server-site.ts';
import { loadServerSite } from './site.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'server-site-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it('reads the site file the build wrote: the forms with their defaults, the integrations and the site URL', () => {
  const dist = tempDir();
  writeFixtureServerSite(dist);
  const site = loadServerSite(dist);
  expect(site).toEqual(fixtureServerSite());
  expect(Object.keys(site.forms).sort()).toEqual(['contact', 'demo', 'quote']);
  expect(site.siteUrl).toMatch(/^https:\/\//);
});

it('without a build says to run the build first', () => {
  expect(() => loadServerSite(tempDir())).toThrow(/site\.json \(it does not exist\): run npm run build first/);
});

it('refuses a file that is not a site file of its format', () => {
  const dist = tempDir();
  mkdirSync(join(dist, '.server'));
  writeFileSync(join(dist, SERVER_SITE_FILE), '{"format": 0, "forms": {}}');
  expect(() => loadServerSite(dist)).toThrow(/format 0, this server reads format 1.*npm run build again/);
  writeFileSync(join(dist, SERVER_SITE_FILE), 'not json');
  expect(() => loadServerSite(dist)).toThrow(/is not a site file this server reads/);
});
