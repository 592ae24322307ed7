import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { paths } from '../../core/paths.ts';
import { startStudioServer } from './studio-server.ts';

/**
 * `npm run studio`: the studio without Vite (studio-server.ts) over the site (SITE_ROOT, or the project's own), its
 * preview rendered by the live build (dist/, or SITE_OUT: run `npm run build` first), on this computer only, at
 * STUDIO_PORT (4330 by default). The back office will put this same server behind its sign-in.
 */
const siteRoot = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
if (!existsSync(paths.dist)) {
  console.error(`There is no build at ${paths.dist} to render the preview with: run npm run build first.`);
  process.exit(1);
}
const server = await startStudioServer({
  root: paths.root,
  siteRoot,
  schemaDir: paths.schemas,
  build: paths.dist,
  port: Number(process.env.STUDIO_PORT ?? 4330),
});
console.log(`Studio (without Vite): ${server.url}/__studio`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
