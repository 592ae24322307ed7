import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';

/**
 * A site whose public/ folder is a link to a folder of assets shared between sites: `npm run build` builds it, and
 * builds it again from the live build (which copies the public folder into the new build instead of Vite).
 */
let base: string;
let site: string;
let out: string;

/** `npm run build` of the site into `out`, as a person runs it. */
function build(): string {
  const run = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: paths.root,
    env: { ...process.env, SITE_ROOT: site, SITE_OUT: out, BUILD_QUIET: '1' },
    encoding: 'utf8',
    timeout: 240_000,
  });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  return run.stdout;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'public-link-'));
  site = join(base, 'site');
  out = join(base, 'out/dist');
  cpSync(join(paths.root, 'tests/fixtures/base'), site, { recursive: true });
  renameSync(join(site, 'public'), join(base, 'shared-assets'));
  symlinkSync(join(base, 'shared-assets'), join(site, 'public'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

it('builds a site whose public folder is a link, and builds it again from the live build after a page edit', () => {
  const image = readdirSync(join(base, 'shared-assets/images'))[0]!;
  build();
  expect(readdirSync(join(out, 'images'))).toContain(image);
  const home = join(site, 'content/pages/home.json');
  const page = JSON.parse(readFileSync(home, 'utf8')) as { title: string };
  writeFileSync(home, `${JSON.stringify({ ...page, title: 'Gedeelde beelden' }, null, 2)}\n`);
  // the client bundle is taken from the live build, the public folder copied beside it
  expect(build()).toContain('Vite not started');
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Gedeelde beelden');
  // the shared files are in the new build as files of its own, not as a link back into the shared folder
  expect(readdirSync(join(out, 'images'))).toContain(image);
  expect(readdirSync(join(out, 'images'), { withFileTypes: true }).every((entry) => entry.isFile())).toBe(true);
}, 300_000);
