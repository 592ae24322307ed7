import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { AcceptedPlugin, ChildNode, Postcss, Root } from 'postcss';
import type { CSSModulesOptions } from 'vite';

/** The PostCSS Vite itself runs (its own dependency): the composed files' nodes are of the same make as the file's. */
const postcss = createRequire(createRequire(import.meta.url).resolve('vite/package.json'))('postcss') as Postcss;

type Tokens = Record<string, string>;
type FileResolve = (file: string, importer: string) => Promise<string | undefined>;

const IMPORT = /^:import\((.+)\)$/;
const SYMBOL = /[$]?[\w-]+/g;

/** icss-utils' replaceValueSymbols: each word of `value` that names an imported symbol becomes its value. */
function replaceSymbols(value: string, translations: Tokens): string {
  return value.replace(SYMBOL, (word) => translations[word] || word);
}

/** The order postcss-modules writes the composed files in: by the trace of the `composes` that first named them. */
function traceOrder(a: string, b: string): number {
  if (a.length < b.length) return a < b.substring(0, a.length) ? -1 : 1;
  if (a.length > b.length) return a.substring(0, b.length) <= b ? -1 : 1;
  return a < b ? -1 : 1;
}

/**
 * The loader of the files a CSS module composes from (`composes: grid from '../../ui/card-grid.module.css'`), as
 * postcss-modules' own FileSystemLoader does it, except for one thing: the composed file's CSS is handed back as
 * PostCSS nodes parsed with that file as their `from`, where the default hands back its text, which postcss-modules
 * parses again without one. Vite then warns on every build and dev start ("A PostCSS plugin did not pass the `from`
 * option to `postcss.parse`") and rewrites the url()s of a composed file as if they were the composing file's.
 * Vite passes the `Loader` option of `css.modules` to postcss-modules as it is.
 */
export class SourcedCssModulesLoader {
  private readonly roots = new Map<string, Root>();
  private readonly traces = new Map<string, string>();
  private readonly tokensByFile = new Map<string, Tokens>();
  private imports = 0;

  constructor(
    private readonly root: string,
    private readonly plugins: AcceptedPlugin[],
    private readonly fileResolve?: FileResolve,
  ) {}

  /** The tokens `file` (as a composes names it, relative to `importer`) exports, its CSS kept for `finalSource`. */
  async fetch(file: string, importer: string, trace = String.fromCharCode(this.imports++)): Promise<Tokens> {
    const name = file.replace(/^["']|["']$/g, '');
    const resolved = this.fileResolve ? await this.fileResolve(name, importer) : undefined;
    if (resolved && !isAbsolute(resolved)) throw new Error('The returned path from the "fileResolve" option must be absolute.');
    const path = resolved || resolve(this.root, dirname(importer), name);
    const known = this.tokensByFile.get(path);
    if (known) return known;
    const tokens: Tokens = {};
    const result = await postcss([...this.plugins, this.parser(trace, tokens)]).process(await readFile(path, 'utf8'), { from: path });
    this.roots.set(path, result.root);
    this.traces.set(trace, path);
    this.tokensByFile.set(path, tokens);
    return tokens;
  }

  /** postcss-modules' Parser: the file's own :import rules fetched and linked, its :export rule read into `tokens`. */
  private parser(trace: string, tokens: Tokens): AcceptedPlugin {
    return {
      postcssPlugin: 'css-modules-sourced-parser',
      OnceExit: async (css) => {
        const translations: Tokens = {};
        const imports: Promise<void>[] = [];
        css.each((rule) => {
          const match = rule.type === 'rule' ? IMPORT.exec(rule.selector) : null;
          if (rule.type !== 'rule' || !match) return;
          const depTrace = trace + String.fromCharCode(imports.length);
          imports.push(
            this.fetch(match[1]!, css.source!.input.from, depTrace).then((exported) => {
              rule.each((decl) => {
                if (decl.type === 'decl') translations[decl.prop] = exported[decl.value]!;
              });
              rule.remove();
            }),
          );
        });
        await Promise.all(imports);
        css.walk((node) => {
          if (node.type === 'decl' && node.value) node.value = replaceSymbols(node.value, translations);
          else if (node.type === 'rule' && node.selector) node.selector = replaceSymbols(node.selector, translations);
          else if (node.type === 'atrule' && node.params) node.params = replaceSymbols(node.params, translations);
        });
        css.each((node) => {
          if (node.type !== 'rule' || node.selector !== ':export') return;
          node.each((decl) => {
            if (decl.type !== 'decl') return;
            for (const [symbol, value] of Object.entries(translations)) decl.value = decl.value.replace(symbol, value);
            tokens[decl.prop] = decl.value;
          });
          node.remove();
        });
      },
    };
  }

  /** Every composed file's CSS once, in postcss-modules' order, as nodes that keep their own file (prepended by it). */
  get finalSource(): ChildNode[] {
    const written = new Set<string>();
    return [...this.traces.keys()].sort(traceOrder).flatMap((trace) => {
      const file = this.traces.get(trace)!;
      if (written.has(file)) return [];
      written.add(file);
      return this.roots.get(file)!.nodes.map((node) => node.clone());
    });
  }
}

/** Vite's css.modules with the loader above (Vite's option type does not list the Loader it passes on). */
export const cssModules: CSSModulesOptions & { Loader: typeof SourcedCssModulesLoader } = { Loader: SourcedCssModulesLoader };
