import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { paths } from '../../core/paths.ts';
import { startStudioServer } from './studio-server.ts';

/**
 * `npm run studio`: the studio without Vite (studio-server.ts) over the site (SITE_ROOT, or the project's own), its
 * preview rendered by the live build (dist/, or SITE_OUT: run `npm run build` first), on this computer only, at
 * STUDIO_PORT (4330 by default). Publish there is the live server's: the site's changes committed, built beside the live
 * build and switched to (the site in a git work tree). The back office will put this same server behind its sign-in.
 */
const siteRoot = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
if (!existsSync(paths.dist)) {
  console.error(`There is no build at ${paths.dist} to render the preview with: run npm run build first.`);
  process.exit(1);
}
// Publish sends where the studio of `npm run dev` sends (STUDIO_PUSH_REMOTE, STUDIO_PUSH_BRANCH: main by default)
const remote = process.env.STUDIO_PUSH_REMOTE?.trim();
const server = await startStudioServer({
  root: paths.root,
  siteRoot,
  schemaDir: paths.schemas,
  build: paths.dist,
  ...(remote ? { target: { remote, branch: process.env.STUDIO_PUSH_BRANCH?.trim() || 'main' } } : {}),
  port: Number(process.env.STUDIO_PORT ?? 4330),
  log: (line) => console.log(line),
});
console.log(`Studio (without Vite): ${server.url}/__studio`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
