import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** `import script from 'virtual:inline-script/<name>'`: the minified text of that inline script. */
const PREFIX = 'virtual:inline-script/';

/** The inline scripts of a page, each `<name>.entry.ts` in the plugin's folder. */
export const INLINE_SCRIPTS = ['bootstrap', 'splash', 'landing', 'not-found'] as const;
const isInlineScript = (name: string): name is (typeof INLINE_SCRIPTS)[number] => (INLINE_SCRIPTS as readonly string[]).includes(name);

export interface InlineScriptsOptions {
  /** the folder of the scripts' TypeScript sources */
  dir: string;
}

/**
 * Compiles each inline script from its TypeScript entry into one self-contained statement: bundled with the
 * modules it imports, minified, wrapped in a function so nothing leaks into the page's globals, and in syntax
 * every browser the site supports runs (ES2019, plus the dynamic import() the bootstrap loads the runtime with).
 * The text is the same for every page, so a CSP lists each script by one hash.
 */
export async function compileInlineScript(entry: string): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    target: 'es2019',
    supported: { 'dynamic-import': true },
    // the project's tsconfig would make esbuild prefix "use strict": bytes every page carries for nothing
    tsconfigRaw: {},
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: process.cwd(),
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
  return { code: output.text.trim(), inputs: Object.keys(result.metafile.inputs).map((f) => resolve(f)) };
}

/** Serves the inline scripts as virtual modules whose default export is the script's text, in dev, builds and tests. */
export function inlineScriptsPlugin({ dir }: InlineScriptsOptions): Plugin {
  return {
    name: 'inline-scripts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      if (!isInlineScript(name)) this.error(`no inline script "${name}" (one of ${INLINE_SCRIPTS.join(', ')})`);
      const { code, inputs } = await compileInlineScript(resolve(dir, `${name}.entry.ts`));
      // an edit of the script or of a module it imports rebuilds it in the dev server
      for (const file of inputs) this.addWatchFile(file);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
