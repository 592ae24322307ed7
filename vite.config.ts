import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { siteRootOf, siteViteConfig } from './scripts/site-bundles/site-config.ts';
import { devPagesPlugin } from './scripts/dev/pages-plugin.ts';
import { studioPlugin } from './scripts/dev/studio-plugin.ts';
import { devImagesPlugin } from './scripts/dev/images-plugin.ts';
import { devGuardPlugin } from './scripts/dev/guard.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const siteRoot = siteRootOf(root);
/**
 * What the dev server never serves nor opens, however a request spells it: the production server's data (leads,
 * the form secret, uploads: DATA_DIR, by default data/), the built server and the tools' caches. Git's folder and environment files
 * are refused by name (scripts/dev/guard.ts).
 */
const denied = [
  ...new Set(
    [
      process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(root, 'data'),
      join(root, 'data'),
      join(root, 'dist-server'),
      // the bundled scripts (scripts/run-bundled.mjs) and other tools' caches: the project's code and its paths
      join(root, 'node_modules/.cache'),
    ].flatMap((dir) => {
      try {
        return [dir, realpathSync(dir)];
      } catch {
        return [dir];
      }
    }),
  ),
];
/** A folder as server.fs.deny patterns (picomatch): its own name, escaped, and everything in it. */
const denyGlobs = (dir: string) => {
  const name = dir.replace(/[\\*?[\](){}!+@|]/g, '\\$&');
  return [name, `${name}/**`];
};

/** The test files whose assertions are figures of the machine under load: the 'alone' project runs them. */
/** The DOM tests that replace a module (vi.mock): in a file of their own, or the replacement meets a module already loaded. */
const mockingModules = ['src/forms/mail.test.ts'];
const measuredAlone = ['server/uploads.test.ts', 'server/sqlite-lock.test.ts', 'server/storage/storage.test.ts', 'server/static/atomic-switch.test.ts'];
/** The test files that take far longer than the others, longest first. */
const longest = ['scripts/bench/bench-smoke.test.ts', 'server/production-install.test.ts', 'scripts/recipes-followed.test.ts'];

/**
 * Vitest's order with the files of `longest` moved to the front. Without its cache of durations (a fresh CI
 * checkout) Vitest starts the larger files first, and these are small: started last, one of them would run on
 * alone long after the other worker has run out of files.
 */
class LongestFirst implements TestSequencer {
  // imported when the tests run, not whenever Vite loads this file
  readonly #base: Promise<TestSequencer>;
  constructor(ctx: Vitest) {
    this.#base = import('vitest/node').then(({ BaseSequencer }) => new BaseSequencer(ctx));
  }
  async shard(files: TestSpecification[]) {
    return (await this.#base).shard(files);
  }
  async sort(files: TestSpecification[]) {
    const sorted = await (await this.#base).sort(files);
    const rank = (spec: TestSpecification) => {
      const at = longest.findIndex((file) => spec.moduleId === join(root, file));
      return at < 0 ? longest.length : at;
    };
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}

/** The unit tests' projects: Node, the DOM (a shared jsdom), the DOM apart for module mocks, and the measured ones alone. */
const testProjects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'node',
      environment: 'node',
      include: [
        'core/**/*.test.ts',
        'scripts/**/*.test.ts',
        'server/**/*.test.ts',
        'studio/**/*.test.ts',
        'studio-host/**/*.test.ts',
        'tests/integration/**/*.test.ts',
      ],
      exclude: [...configDefaults.exclude, ...measuredAlone],
    },
  },
  {
    extends: true,
    // one jsdom per worker for all its files, not one per file (most of their time was making the window):
    // each test cleans up after itself (tests/setup-dom.ts); a file that mocks a module needs its own
    test: {
      name: 'dom',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}', 'studio/ui/**/*.test.tsx', 'tests/integration/**/*.test.tsx'],
      exclude: [...configDefaults.exclude, ...mockingModules],
      setupFiles: ['tests/setup-dom.ts'],
      isolate: false,
      unstubGlobals: true,
      unstubEnvs: true,
      restoreMocks: true,
    },
  },
  {
    extends: true,
    test: { name: 'dom-isolated', environment: 'jsdom', include: mockingModules, setupFiles: ['tests/setup-dom.ts'] },
  },
  {
    // after every other file, one at a time: what these measure (memory, latency, how long a lock is waited
    // for, how soon a switch is served under load) would be another file's load if it ran beside them
    extends: true,
    test: { name: 'alone', environment: 'node', include: measuredAlone, maxWorkers: 1, sequence: { groupOrder: 1 } },
  },
];

export default defineConfig(({ command }) => {
  // the site's plugins and build options (the build's bundles are made of these alone), with the dev server's around them
  const site = siteViteConfig({ root, siteRoot, command });
  return {
    ...site,
    plugins: [
      devGuardPlugin({ root, denied, editable: [root, siteRoot] }),
      ...site.plugins,
      devPagesPlugin(),
      devImagesPlugin({ publicDir: site.publicDir }),
      studioPlugin({ root, siteRoot, schemaDir: `${root}schemas` }),
    ],
    server: {
      host: '127.0.0.1',
      // no page of another origin (another port of 127.0.0.1 included) may read what the dev server answers
      cors: false,
      // Vite serves files only from the folders the pages need: their code (src/, core/) and the packages it imports
      // (node_modules/, with Vite's own client); the site's public/ is served as the site's files. Never the rest of
      // the project: data/, dist-server/, server/, scripts/, package.json...
      fs: {
        strict: true,
        allow: [`${root}src`, `${root}core`, `${root}node_modules`],
        deny: ['.env', '.env.*', '*.{crt,pem,key}', '**/.git/**', ...denied.flatMap(denyGlobs)],
      },
    },
    preview: { host: '127.0.0.1' },
    test: {
      // Most files wait on child processes (builds, servers, npm), so two at once keep a 2-core machine busy where
      // Vitest's default (one less than the cores) would run them one by one there.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // a time-out guards against a test that hangs, never measures speed (the benchmarks do): on a 2-core machine kept
      // busy by other work, Vitest's 5 s ran out for tests that only make many requests
      testTimeout: 30_000,
      hookTimeout: 60_000,
      sequence: { sequencer: LongestFirst },
      projects: testProjects,
    },
  };
});
