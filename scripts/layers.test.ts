import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
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
    ['src/forms/submit.ts', "import { paths as imported } from '../../scripts/test-support/browser.ts';", 'src/'],
    ['studio/api.ts', "import { isSiteFile as imported } from '../scripts/studio/site-files.ts';", 'studio/'],
    ['studio/app.tsx', "import { STUDIO_PATH as imported } from '../scripts/studio/plugin.ts';", 'studio/'],
    ['scripts/studio/site-api.ts', "import { api as imported } from '../../studio/api.ts';", 'core/studio/contract.ts'],
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
    ['studio/api.ts', "import { STUDIO_API as imported } from '../core/studio/contract.ts';"],
    ['scripts/studio/site-api.ts', "import { isSiteFile as imported } from '../../core/site/layout.ts';"],
  ])(
    '%s may import "%s"',
    async (file, importLine) => {
      expect(await layerErrors(file, importLine)).toEqual([]);
    },
    60_000,
  );
});
