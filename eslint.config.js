import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

/**
 * The layers, lowest first. A folder may import from the folders before it, never from those after it:
 * core <- src/site <- src/ui <- src/blocks, src/forms, src/chat, src/consent <- src/registry <- src/islands <- src/renderer <- src/shell <- src/*.tsx
 * and src/, scripts/, server/ and studio/ import core/ but never each other (the dev server's and the back office's hosts
 * of the studio import studio/server). studio-host/, the studio on the server, stands on top of them: core/, studio/server,
 * the build and server/ through its one door (server/studio-host-door.ts); nothing but the benchmarks imports it.
 */
const SRC_LAYERS = [['site'], ['ui'], ['blocks', 'forms', 'chat', 'consent'], ['registry'], ['islands'], ['renderer'], ['shell']];

function srcZones() {
  const zones = [];
  SRC_LAYERS.forEach((layer, i) => {
    const above = SRC_LAYERS.slice(i + 1).flat();
    for (const folder of layer) {
      const from = above.map((f) => `./src/${f}`);
      // siblings of one layer stay apart too: a block never imports a form or the chat
      for (const sibling of layer) if (sibling !== folder) from.push(`./src/${sibling}`);
      const message = `src/${folder} sits below the folder it imports from in the layers (eslint.config.js); move the shared piece down instead`;
      zones.push({ target: `./src/${folder}`, from, message }, { target: `./src/${folder}`, from: ['./src/*.tsx'], message });
    }
  });
  return zones;
}

const ROOM_ZONES = [
  {
    target: './core',
    from: ['./src', './scripts', './server', './studio-host'],
    message: 'core/ is shared by the browser, the build and the server: it imports none of them',
  },
  { target: './src', from: ['./scripts', './server', './studio-host'], message: 'src/ imports core/, never scripts/ or server/' },
  { target: './server', from: ['./src', './scripts'], message: 'server/ imports core/, never src/ or scripts/; it reads what the build wrote' },
  {
    target: './server',
    from: ['./core/validate'],
    message: 'server/ reads the site the build validated (dist/.server/site.json), never the sources: it does not import the validator',
  },
  {
    target: './scripts',
    from: ['./src'],
    message: 'scripts/ imports core/, never src/ or server/; it reaches src/ through Vite',
  },
  {
    target: './scripts',
    from: ['./server'],
    message: 'scripts/ imports core/, never src/ or server/',
  },
  // the studio on the server (studio-host/: its process, its gate, its shared state) rests on core/, studio/server, the
  // build and the server's storage and sign-in, which it reaches through one declared door; the server never imports it
  {
    target: './studio-host',
    from: ['./server'],
    // its tests open the staff's test stores too
    except: ['./studio-host-door.ts', './staff/test-support'],
    message: 'studio-host/ (the studio on the server) imports server/ only through its door, server/studio-host-door.ts',
  },
  {
    target: './studio-host',
    from: ['./src', './scripts/dev', './scripts/cli', './scripts/bench'],
    message:
      'studio-host/ imports core/, studio/server, the build (scripts/build, site-bundles, lib) and its server door; never src/, the dev server, the CLIs or the benchmarks',
  },
  {
    target: './server',
    from: ['./studio-host'],
    message:
      "server/ never imports studio-host/ (the studio on the server imports it, through server/studio-host-door.ts); what both read of the studio's tables lives in server/storage/studio-queries.ts",
  },
  {
    target: ['./scripts/build', './scripts/dev', './scripts/site-bundles', './scripts/lib', './scripts/cli', './scripts/test-support'],
    from: ['./studio-host'],
    message: 'of scripts/ only the benchmarks import studio-host/ (the studio on the server), which stands on the build',
  },
  // the build and the dev server stand side by side on what both make the site's bundles with (scripts/site-bundles/:
  // the site's Vite plugins and config, its data key, the images' widths), and neither imports the other
  {
    target: './scripts/build',
    from: ['./scripts/dev', './vite.config.ts'],
    message: 'scripts/build/ never imports the dev server nor vite.config.ts: what both need lives in scripts/site-bundles/',
  },
  {
    target: './scripts/dev',
    from: ['./scripts/build'],
    message: 'scripts/dev/ never imports the build: what both need lives in scripts/site-bundles/',
  },
  {
    target: './scripts/site-bundles',
    from: ['./scripts/build', './scripts/dev', './vite.config.ts'],
    message: 'scripts/site-bundles/ sits below the build and the dev server: it imports neither, nor vite.config.ts',
  },
  // the studio's two sides (studio/ui, the page; studio/server, its calls) meet only on the wire: what both need (its
  // contract, the site's layout) lives in core/; a host (the dev server, the back office) imports studio/server
  {
    target: ['./scripts', './server', './studio-host'],
    from: ['./studio/ui'],
    message: 'only the studio page imports studio/ui: its hosts serve it as a bundle, and code both sides need moves to core/',
  },
  {
    target: './studio/ui',
    from: ['./scripts', './src', './server', './studio/server', './studio-host'],
    message: 'studio/ui (the studio page) imports core/ only: it talks to studio/server over HTTP (core/studio/contract.ts is the wire)',
  },
  {
    target: './studio/server',
    from: ['./studio/ui', './src', './server', './studio-host'],
    message: 'studio/server imports core/ only: it talks to studio/ui over HTTP (core/studio/contract.ts is the wire), and its hosts hand it what they know',
  },
  {
    target: './studio/server',
    from: ['./scripts'],
    except: ['./test-support'],
    message: 'studio/server imports core/ only: its hosts (scripts/dev/studio-plugin.ts, the back office) hand it what they know',
  },
  { target: './core', from: ['./studio'], message: 'core/ imports nothing of the studio' },
  // the back office's pages talk to server/admin/ over HTTP only: the wire lives in core/admin/contract.ts
  {
    target: './admin',
    from: ['./src', './server', './scripts', './studio', './studio-host'],
    message: "admin/ (the back office's pages) imports core/ only; it talks to server/admin/ over HTTP (core/admin/contract.ts is the wire)",
  },
  {
    target: ['./core', './src', './server', './scripts', './studio', './studio-host'],
    from: ['./admin'],
    message: "nothing imports admin/ (the back office's pages): code both sides need moves to core/",
  },
];

export default tseslint.config(
  {
    ignores: ['dist', 'dist-ssr', 'dist-*', 'dist-admin', 'coverage', 'test-results', 'playwright-report', 'core/site/schema-types.ts', '.tmp'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // no package imports our files back, so no cycle runs through node_modules: import/no-cycle need not read them
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: [...ROOM_ZONES, ...srcZones()] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // React's act() returns a thenable even for a synchronous callback, which is then complete
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: 'act', package: 'react' },
            { from: 'package', name: 'act', package: '@testing-library/react' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // globals: the browser's in browser code, Node's in Node code, only what both have in the shared core
  { files: ['src/**/*.{ts,tsx}', 'studio/ui/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    files: [
      'scripts/**/*.ts',
      'server/**/*.ts',
      'studio/server/**/*.ts',
      'studio-host/**/*.ts',
      'tests/**/*.ts',
      '*.config.{ts,js}',
      'core/paths.ts',
      'core/validate/**/*.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  { files: ['core/**/*.ts'], languageOptions: { globals: globals['shared-node-browser'] } },
  // browser tests run in Node and drive a page: the page's globals appear only inside page.evaluate callbacks
  {
    files: ['tests/e2e/**/*.ts', 'scripts/bench/**/*.ts', 'scripts/cli/screenshots.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  { files: ['src/**/*.test.{ts,tsx}', 'tests/setup-dom.ts'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    // the engine knows nothing about one site: no imports of site data into src/
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/content/**', '**/site.config.json'], message: 'src/ gets site data only through virtual:site-model' }] },
      ],
    },
  },
);
