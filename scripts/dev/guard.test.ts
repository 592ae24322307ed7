import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deniedRequest, editorFile, isEditorRoute, isLoopback, sameOriginRequest } from './guard.ts';

const root = '/work/site/';
const guard = { root, denied: ['/work/site/data', '/work/site/dist-server', '/work/site/node_modules/.cache', '/var/lib/leads'] };

describe('the dev server’s guard', () => {
  it('takes only loopback addresses for this computer', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['192.0.2.2', '10.0.0.1', '::ffff:192.0.2.2', 'fd00::2', 'fe80::1', '0.0.0.0', '::', '128.0.0.1', '1127.0.0.1', '', undefined])
      expect(isLoopback(address), address).toBe(false);
  });

  it('refuses every spelling of a path into data/, the built server, git or an environment file', () => {
    const refused = [
      '/data/leads.sqlite',
      '/data/form-secret',
      '/data',
      '/data/',
      '/data/leads.sqlite?raw',
      '/data/form-secret?import',
      '/data/form-secret?url',
      '/data/form-secret?inline',
      '/data%2Fleads.sqlite',
      '/data%2fleads.sqlite',
      '/%64ata/leads.sqlite',
      '/%2564ata/leads.sqlite',
      '/%252564ata/leads.sqlite',
      '//data/leads.sqlite',
      '///data//leads.sqlite',
      '/./data/leads.sqlite',
      '/%2e/data/leads.sqlite',
      '/src/../data/leads.sqlite',
      '/src/%2e%2e/data/leads.sqlite',
      '/src/..%2Fdata/leads.sqlite',
      '/src/%2E%2E%2Fdata%2Fleads.sqlite',
      '/node_modules/../../site/data/leads.sqlite',
      '/DATA/leads.sqlite',
      '/Data/Form-Secret',
      '/data\\leads.sqlite',
      '/data%5Cleads.sqlite',
      '/@fs/work/site/data/form-secret',
      '/@fs/work/site/data/form-secret?raw',
      '/@fs//work/site/data/form-secret',
      '/@fs/work/site/src/../data/form-secret',
      '/@fs/WORK/SITE/DATA/form-secret',
      '/@fs/var/lib/leads/leads.sqlite',
      '/@fs%2Fwork%2Fsite%2Fdata%2Fform-secret',
      '/@id/data/form-secret?raw',
      '/@id//work/site/data/form-secret?raw',
      '/dist-server/main.js',
      '/node_modules/.cache/helder-run/0123/scripts__build.ts.mjs',
      '/node_modules/%2ecache/helder-run/0123/scripts__build.ts.mjs',
      '/Node_Modules/.CACHE/helder-run/x.mjs',
      '/node_modules/react/../.cache/helder-run/x.mjs',
      '/@fs/work/site/node_modules/.cache/helder-run/x.mjs?raw',
      '/@id/node_modules/.cache/helder-run/x.mjs',
      '/.git/config',
      '/src/.git/HEAD',
      '/.env',
      '/.env.local',
      '/.ENV.production',
      '/@fs/work/site/.env',
    ];
    for (const url of refused) expect(deniedRequest(url, guard), url).toBe(true);
    const served = [
      '/',
      '/contact',
      '/src/entry-islands.tsx',
      '/@vite/client',
      '/images/hero.webp',
      '/database',
      '/datasheet.pdf',
      '/src/data.ts',
      '/@fs/work/site/src/x.ts',
      '/.well-known/security.txt',
      '/node_modules/react/index.js',
      '/node_modules/.vite/deps/react.js',
    ];
    for (const url of served) expect(deniedRequest(url, guard), url).toBe(false);
  });

  it('takes an editor request only from a page of its own, or typed by the person', () => {
    const port = 5173;
    const own = { host: '127.0.0.1:5173' };
    const allowed = [
      { ...own, 'sec-fetch-site': 'same-origin' },
      { ...own, 'sec-fetch-site': 'none' },
      { ...own, 'sec-fetch-site': 'same-origin', referer: 'http://127.0.0.1:5173/__studio', origin: 'http://127.0.0.1:5173' },
      { host: 'localhost:5173', referer: 'http://localhost:5173/contact' },
    ];
    for (const headers of allowed) expect(sameOriginRequest(headers, port), JSON.stringify(headers)).toBe(true);
    const refused = [
      { ...own, 'sec-fetch-site': 'cross-site' },
      { ...own, 'sec-fetch-site': 'same-site' },
      { ...own, 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
      { ...own, 'sec-fetch-site': 'none', referer: 'https://evil.example/page' },
      { ...own, origin: 'http://127.0.0.1:5174' },
      { ...own, origin: 'null' },
      // neither Sec-Fetch-Site nor an Origin or Referer: nothing says the request came from a page of its own
      own,
      { host: 'rebound.example:5173', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of refused) expect(sameOriginRequest(headers, port), JSON.stringify(headers)).toBe(false);
  });

  it('matches the editor route as Vite’s router does', () => {
    for (const url of ['/__open-in-editor?file=x', '/__OPEN-IN-EDITOR?file=x', '/__open-in-editor/?file=x', '/__open-in-editor.x?file=x'])
      expect(isEditorRoute(url), url).toBe(true);
    expect(isEditorRoute('/__open-in-editors')).toBe(false);
  });

  describe('opens in the editor', () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'dev-guard-')));
    const project = join(base, 'project');
    const outside = join(base, 'outside');
    mkdirSync(join(project, 'content'), { recursive: true });
    mkdirSync(join(project, 'data'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(project, 'content/home.json'), '{}');
    writeFileSync(join(project, 'data/form-secret'), 'secret');
    writeFileSync(join(outside, 'secret.json'), '{}');
    symlinkSync(join(outside, 'secret.json'), join(project, 'content/linked.json'));
    symlinkSync(outside, join(project, 'content/linked'));
    const options = { root: project, denied: [join(project, 'data')] };
    afterAll(() => rmSync(base, { recursive: true, force: true }));

    it('a file of the project, by its real path, with its line and column', () => {
      expect(editorFile(`${project}/content/home.json:3:5`, [project], options)).toBe(`${project}/content/home.json:3:5`);
      expect(editorFile('content/home.json:3', [project], options)).toBe(`${project}/content/home.json:3`);
      expect(editorFile(`file://${project}/content/home.json`, [project], options)).toBe(`${project}/content/home.json`);
    });

    it('never a file outside it, through a link, in a denied folder, or a folder', () => {
      for (const spec of [
        '/etc/passwd:1:1',
        `${project}/../outside/secret.json`,
        `${project}/content/linked.json:1:1`,
        `${project}/content/linked/secret.json`,
        `${project}/data/form-secret`,
        `${project}/content`,
        `${project}/content/missing.json`,
        'file:///etc/passwd',
        '',
        null,
      ])
        expect(editorFile(spec, [project], options), String(spec)).toBeUndefined();
    });
  });
});
