import { existsSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { paths } from '../core/paths.ts';
import { openStudioGate } from './gate/studio-gate.ts';
import { startStudioServer } from './studio-server.ts';
import { ownWorkingCopy } from './working-copy.ts';

/**
 * `npm run studio`: the studio without Vite (studio-server.ts) over the site (the server's own clone of STUDIO_REMOTE
 * in the data folder, else SITE_ROOT, else the project's own), its
 * preview rendered by the live build (dist/, or SITE_OUT: run `npm run build` first), on this computer only (or where
 * STUDIO_HOST says), at STUDIO_PORT (4331 by default). Publish there is the live server's: the site's changes committed, built beside the live
 * build and switched to (the site in a git work tree). With STUDIO_BACK_OFFICE set, the back office's
 * sign-in is in front of it (its STUDIO_ORIGIN is this server's address), and the instances on one database share
 * one working copy: the one that owns it serves the studio, the others forward to it.
 */
const dataDir = resolve(process.env.DATA_DIR ?? resolve(paths.root, 'data'));
const branch = process.env.STUDIO_PUSH_BRANCH?.trim() || 'main';
// STUDIO_REMOTE: the site's git remote; the server clones it into its data folder once, and works in that copy
const ownRemote = process.env.STUDIO_REMOTE?.trim();
const owned = ownRemote ? ownWorkingCopy(dataDir, ownRemote, branch) : undefined;
if (owned?.made) console.log(`studio: cloned ${ownRemote} (${branch}) into ${owned.siteRoot}`);
const siteRoot = owned ? owned.siteRoot : process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
if (!existsSync(paths.dist)) {
  console.error(`There is no build at ${paths.dist} to render the preview with: run npm run build first.`);
  process.exit(1);
}
// Publish sends to the remote the copy came from, or where the studio of `npm run dev` sends (STUDIO_PUSH_REMOTE,
// STUDIO_PUSH_BRANCH: main by default)
const remote = owned ? 'origin' : process.env.STUDIO_PUSH_REMOTE?.trim();
// behind the back office (STUDIO_BACK_OFFICE: its origin): only its signed-in editors and admins come in, through a
// ticket it gives them, on the back office's database (DATA_DIR, or DATABASE_URL)
const backOffice = process.env.STUDIO_BACK_OFFICE?.trim().replace(/\/+$/, '');
const liveVersion = () => {
  try {
    return realpathSync(paths.dist).split(sep).pop() ?? '';
  } catch {
    return '';
  }
};
// the gate also keeps this instance's heartbeat and its publishes for the back office's System screen
const gate = backOffice ? await openStudioGate({ databaseUrl: process.env.DATABASE_URL, dataDir }, process.env, { version: liveVersion }) : undefined;
// more than one instance behind the back office: one owns the working copy, the others forward the studio to it at
// STUDIO_INTERNAL_URL (its own address by default: http://127.0.0.1:<port>), reachable where STUDIO_HOST listens
const internalUrl = process.env.STUDIO_INTERNAL_URL?.trim().replace(/\/+$/, '');
const ownerLeaseMs = Number(process.env.STUDIO_OWNER_LEASE_MS) || undefined;
// the studio's own origin, as the back office's STUDIO_ORIGIN names it: a write from a browser without Sec-Fetch-Site
// must come from there (its own address by default)
const origin = process.env.STUDIO_ORIGIN?.trim().replace(/\/+$/, '') || undefined;
const server = await startStudioServer({
  root: paths.root,
  siteRoot,
  schemaDir: paths.schemas,
  build: paths.dist,
  ...(remote ? { target: { remote, branch } } : {}),
  port: Number(process.env.STUDIO_PORT ?? 4331),
  host: process.env.STUDIO_HOST?.trim() || '127.0.0.1',
  ...(internalUrl ? { internalUrl } : {}),
  ...(ownerLeaseMs ? { ownerLeaseMs } : {}),
  ...(origin ? { origin } : {}),
  log: (line) => console.log(line),
  ...(gate && backOffice ? { door: { ...gate, backOffice } } : {}),
});
console.log(`Studio (without Vite): ${server.url}/__studio`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void server
      .close()
      .then(() => gate?.close())
      .then(() => process.exit(0));
  });
