import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { paths } from '../core/paths.ts';

/**
 * The import rules of eslint.config.js, tried on real files of each layer with one import added. Only the layer
 * rule runs, without type information, so no TypeScript program is built for it.
 */
const eslint = new ESLint({
  cwd: paths.root,
  ruleFilter: ({ ruleId }) => ruleId === 'import/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function layerErrors(file: string, importLine: string): Promise<string[]> {
  const code = `${importLine}\nexport const probe = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: `${paths.root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('the layers are enforced by lint', () => {
  // loading the plugins and the import resolver is the slow part: once, before the cases
  beforeAll(() => layerErrors('src/ui/icons.tsx', 'const imported = 1;'), 120_000);

  it.each([
    ['src/ui/icons.tsx', "import { IslandSlot as imported } from '../islands/collector.tsx';", 'src/ui'],
    ['src/blocks/hero/hero.tsx', "import { registry as imported } from '../../registry/registry.ts';", 'src/blocks'],
    ['src/blocks/hero/hero.tsx', "import { isEmail as imported } from '../../forms/dom-values.ts';", 'src/blocks'],
    ['src/islands/islands.ts', "import { PageView as imported } from '../renderer/page-view.tsx';", 'src/islands'],
    ['core/site/resolve.ts', "import { siteModel as imported } from '../../src/site/site-model.ts';", 'core/'],
    ['server/app.ts', "import { fill as imported } from '../src/ui/stars.tsx';", 'server/'],
    ['server/site.ts', "import { validateSite as imported } from '../core/validate/validate.ts';", 'server/'],
    ['scripts/build/build.ts', "import { createApp as imported } from '../../server/app.ts';", 'scripts/'],
    ['studio-host/main.ts', "import { startSession as imported } from '../server/staff/sessions.ts';", 'studio-host/'],
    ['studio-host/gate/studio-gate.ts', "import { allows as imported } from '../../server/admin/permissions.ts';", 'studio-host/'],
    ['studio-host/live-builder.ts', "import { studioPlugin as imported } from '../scripts/dev/studio-plugin.ts';", 'studio-host/'],
    ['server/admin/start-admin.ts', "import { openStudioState as imported } from '../../studio-host/state/studio-state.ts';", 'studio-host/'],
    ['scripts/build/warm-build.ts', "import { liveBuilder as imported } from '../../studio-host/live-builder.ts';", 'studio-host/'],
    ['src/forms/submit.ts', "import { paths as imported } from '../../scripts/test-support/browser.ts';", 'src/'],
    ['studio/ui/files/api.ts', "import { isSiteFile as imported } from '../../server/site-files.ts';", 'studio/ui'],
    ['studio/ui/app.tsx', "import { STUDIO_PATH as imported } from '../../scripts/dev/studio-plugin.ts';", 'studio/ui'],
    ['studio/server/site-api.ts', "import { api as imported } from '../ui/files/api.ts';", 'studio/server'],
    ['studio/server/site-state.ts', "import { SITE_PLUGIN as imported } from '../../scripts/site-bundles/site-plugin.ts';", 'studio/server'],
    ['scripts/build/vite-bundles.ts', "import imported from '../../vite.config.ts';", 'scripts/build/'],
    ['scripts/build/build.ts', "import { devImagesPlugin as imported } from '../dev/images-plugin.ts';", 'scripts/build/'],
    ['scripts/dev/images-plugin.ts', "import { generateResponsiveImages as imported } from '../build/responsive-images.ts';", 'scripts/dev/'],
    ['scripts/site-bundles/site-plugin.ts', "import { SSR_DIR as imported } from '../build/bundle-reuse.ts';", 'scripts/site-bundles/'],
    ['scripts/site-bundles/site-config.ts', "import { studioPlugin as imported } from '../dev/studio-plugin.ts';", 'scripts/site-bundles/'],
    ['scripts/dev/studio-plugin.ts', "import { api as imported } from '../../studio/ui/files/api.ts';", 'studio/ui'],
    ['server/app.ts', "import { api as imported } from '../studio/ui/files/api.ts';", 'studio/ui'],
    ['admin/api.ts', "import { refusal as imported } from '../server/admin/request-guard.ts';", 'admin/'],
    ['admin/leads.tsx', "import { fill as imported } from '../src/ui/stars.tsx';", 'admin/'],
    ['admin/app.tsx', "import { api as imported } from '../studio/ui/files/api.ts';", 'admin/'],
    ['server/admin/routes.ts', "import { post as imported } from '../../admin/api.ts';", 'nothing imports admin/'],
    ['core/admin/contract.ts', "import { ROLE_NAMES as imported } from '../../admin/texts.ts';", 'nothing imports admin/'],
    ['studio/ui/files/api.ts', "import { get as imported } from '../../../admin/api.ts';", 'nothing imports admin/'],
  ])(
    '%s may not import "%s"',
    async (file, importLine, layer) => {
      const errors = await layerErrors(file, importLine);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(layer);
    },
    60_000,
  );

  it.each([
    ['src/blocks/hero/hero.tsx', "import { Img as imported } from '../../ui/img.tsx';"],
    ['src/renderer/head.tsx', "import { islandPrefix as imported } from '../islands/islands.ts';"],
    ['server/app.ts', "import { fill as imported } from '../core/text/fill.ts';"],
    ['scripts/build/build.ts', "import { fill as imported } from '../../core/text/fill.ts';"],
    ['scripts/build/vite-bundles.ts', "import { siteViteConfig as imported } from '../site-bundles/site-config.ts';"],
    ['scripts/dev/images-plugin.ts', "import { variantImage as imported } from '../site-bundles/image-variants.ts';"],
    ['studio/ui/files/api.ts', "import { STUDIO_API as imported } from '../../../core/studio/contract.ts';"],
    ['studio/server/site-api.ts', "import { isSiteFile as imported } from '../../core/site/layout.ts';"],
    ['scripts/dev/studio-plugin.ts', "import { siteApi as imported } from '../../studio/server/site-api.ts';"],
    ['studio/server/media.test.ts', "import { copySite as imported } from '../../scripts/test-support/dev-server.ts';"],
    ['studio-host/main.ts', "import { openStudioGate as imported } from './gate/studio-gate.ts';"],
    ['studio-host/gate/studio-gate.ts', "import { allows as imported } from '../../server/studio-host-door.ts';"],
    ['studio-host/live-builder.ts', "import { warmBuilder as imported } from '../scripts/build/warm-build.ts';"],
    ['studio-host/state/owner.test.ts', "import { testClock as imported } from '../../server/staff/test-support/backends.ts';"],
    ['server/admin/start-admin.ts', "import { openStudioTickets as imported } from '../storage/studio-queries.ts';"],
    ['scripts/bench/publish-bench.ts', "import { startStudioServer as imported } from '../../studio-host/studio-server.ts';"],
    ['admin/api.ts', "import { ADMIN_API as imported } from '../core/admin/contract.ts';"],
    ['admin/leads.tsx', "import { ROLE_NAMES as imported } from './texts.ts';"],
  ])(
    '%s may import "%s"',
    async (file, importLine) => {
      expect(await layerErrors(file, importLine)).toEqual([]);
    },
    60_000,
  );
});

/**
 * import/no-cycle, tried on small files written to disk: the rule finds a cycle through what the imported files say on
 * disk, so a cycle made of lintText alone would go unseen. They live in .tmp/, which `eslint .` skips, so a lint run
 * beside this test never sees them; the ESLint here is told not to skip it.
 */
describe('import cycles are refused by lint', () => {
  const probes = join(paths.root, '.tmp', `cycle-probe-${process.pid}`);
  const cycles = new ESLint({
    cwd: paths.root,
    ignore: false,
    ruleFilter: ({ ruleId }) => ruleId === 'import/no-cycle',
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });

  // each case in a folder of its own: file name -> content
  const cases: Record<string, Record<string, string>> = {
    pair: {
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    },
    // a package import and a real core/ file on the way must not hide the cycle
    ring: {
      'a.tsx': "import { useState } from 'react';\nimport { b } from './b.ts';\nexport const A = () => useState(b)[0];\n",
      'b.ts': "import { fill } from '../../../core/text/fill.ts';\nimport { c } from './c.ts';\nexport const b = () => fill(c(), {});\n",
      'c.ts': "import { A } from './a.tsx';\nexport const c = () => String(A);\n",
    },
    // a lazy import still runs the module graph in a loop
    dynamic: {
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'b.ts': "export const b = () => import('./a.ts');\n",
    },
    // a type-only import vanishes from the built code: no cycle
    types: {
      'a.ts': "import { b } from './b.ts';\nexport type A = { b: typeof b };\nexport const a = 1;\n",
      'b.ts': "import type { A } from './a.ts';\nexport const b = (x: A) => x;\n",
    },
  };

  async function cycleErrors(folder: string): Promise<Record<string, number>> {
    const files = Object.keys(cases[folder] ?? {}).map((name) => join(probes, folder, name));
    const results = await cycles.lintFiles(files);
    return Object.fromEntries(
      results.map((r) => [r.filePath.slice(join(probes, folder).length + 1), r.messages.filter((m) => m.ruleId === 'import/no-cycle').length]),
    );
  }

  beforeAll(() => {
    for (const [folder, files] of Object.entries(cases)) {
      for (const [name, content] of Object.entries(files)) {
        const file = join(probes, folder, name);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, content);
      }
    }
  });
  afterAll(() => rmSync(probes, { recursive: true, force: true }));

  it.each([
    ['pair', { 'a.ts': 1, 'b.ts': 1 }],
    ['ring', { 'a.tsx': 1, 'b.ts': 1, 'c.ts': 1 }],
    ['dynamic', { 'a.ts': 1, 'b.ts': 1 }],
  ])(
    'a cycle (%s) is refused in every file on it',
    async (folder, expected) => {
      expect(await cycleErrors(folder)).toEqual(expected);
    },
    240_000,
  );

  it('a type-only import back is no cycle', async () => {
    expect(await cycleErrors('types')).toEqual({ 'a.ts': 0, 'b.ts': 0 });
  }, 240_000);
});
