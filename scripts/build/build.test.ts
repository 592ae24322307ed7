import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { fileFor } from '../lib/page-document.ts';

it('the build fails on an invalid config with the validator messages', () => {
  const site = mkdtempSync(join(tmpdir(), 'broken-site-'));
  const out = mkdtempSync(join(tmpdir(), 'broken-out-'));
  try {
    cpSync(join(paths.root, 'tests/fixtures/base'), site, { recursive: true });
    cpSync(join(paths.root, 'tests/fixtures/broken/many-errors-at-once'), site, { recursive: true, force: true });
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
      cwd: paths.root,
      env: { ...process.env, SITE_ROOT: site, SITE_OUT: out, BUILD_QUIET: '1' },
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    const output = run.stdout + run.stderr;
    expect(output).toContain('content/pages/home.json:7:7  /blocks/0/type  unknown block type "hreo" - did you mean "hero"?');
    expect(output).toContain('content/pages/contact.json:3:3  /title  expected string, found number 42');
    expect(output).toContain('3 problems in 2 files');
  } finally {
    rmSync(site, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
    rmSync(`${out}-ssr`, { recursive: true, force: true });
  }
}, 60_000);

it('builds another site from its own root: the English fixture, its own images, its landing matrix and no chat', () => {
  const out = mkdtempSync(join(tmpdir(), 'en-out-'));
  const page = (route: string) => readFileSync(join(out, fileFor(route === '.' ? '/' : `/${route}`)), 'utf8');
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(paths.root, 'scripts/build/build.ts')], {
      cwd: paths.root,
      env: { ...process.env, SITE_ROOT: join(paths.root, 'tests/fixtures/en'), SITE_OUT: out, BUILD_QUIET: '1' },
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    // no PostCSS warning (a CSS module that composes from another file made one): a build prints only what needs the reader
    expect(run.stdout + run.stderr).not.toMatch(/PostCSS plugin did not pass the `from` option/);
    expect(page('.')).toContain('<html lang="en">');
    expect(page('.')).toContain('Frequently asked questions');
    expect(page('contact')).toContain('Email address');
    // three cities x two landing services, nothing of the agency's matrix
    const landing = readdirSync(out).filter((f) => /^(web-design|seo)-.*\.html$/.test(f));
    expect(landing.sort()).toEqual([
      'seo-bath.html',
      'seo-bristol.html',
      'seo-milton-keynes.html',
      'web-design-bath.html',
      'web-design-bristol.html',
      'web-design-milton-keynes.html',
    ]);
    expect(page('web-design-milton-keynes')).toContain('<h1>Web design in Milton Keynes</h1>');
    expect(existsSync(join(out, 'webdesign-amersfoort'))).toBe(false);
    // the site's public folder, not the agency's
    expect(readdirSync(join(out, 'images'))).not.toContain('hero-desktop.webp');
    for (const route of ['.', 'demo', 'contact']) expect(page(route)).not.toContain('data-island="chat"');
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(`${out}-ssr`, { recursive: true, force: true });
  }
}, 120_000);
