import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serializeServerSite, serverSiteOf, SERVER_SITE_FILE, type ServerSite } from '../../core/site/server-site.ts';
import { fixtureSite } from '../test-model.ts';

let cached: ServerSite | undefined;

/**
 * The server's view of the base fixture site and its forms: server tests never read the agency's own content.
 */
export function fixtureServerSite(): ServerSite {
  return (cached ??= serverSiteOf(fixtureSite()));
}

/** Writes the fixture's server site into distDir, where the build writes a real one. */
export function writeFixtureServerSite(distDir: string): ServerSite {
  const site = fixtureServerSite();
  const file = join(distDir, SERVER_SITE_FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, serializeServerSite(site));
  return site;
}
