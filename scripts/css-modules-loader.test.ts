import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { preprocessCSS, resolveConfig, type CSSModulesOptions } from 'vite';
import { cssModules } from './css-modules-loader.ts';

const dir = mkdtempSync(join(tmpdir(), 'css-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files: Record<string, string> = {
  'a.module.css': `.a {
  composes: b from './b.module.css';
  color: red;
}
.twice {
  composes: b from "./b.module.css";
  composes: d from './d.module.css';
}
`,
  'b.module.css': `.b {
  composes: c from './nested/c.module.css';
  background: url(./img.png);
}
@media (min-width: 720px) {
  .b {
    padding: 1rem;
  }
}
`,
  'nested/c.module.css': `.c {
  margin: 0;
}
.c:hover {
  outline: 1px solid;
}
`,
  // (not from c too: which of two files composing the same one reaches it first is a race, in postcss-modules' loader as well)
  'd.module.css': `.d {
  display: grid;
}
`,
};
mkdirSync(join(dir, 'nested'));
for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);

const compile = async (modules: CSSModulesOptions | undefined) => {
  const config = await resolveConfig({ root: dir, configFile: false, logLevel: 'silent', css: { modules, devSourcemap: true } }, 'serve');
  const file = join(dir, 'a.module.css');
  return preprocessCSS(readFileSync(file, 'utf8'), file, config);
};

/** CSS without its layout: the default glues each composed file's text to the next (`}._b_1 {`), the nodes do not. */
const rules = (css: string) => css.replace(/\s*([{};])\s*/g, '$1').replace(/\s+/g, ' ');

it('composes as postcss-modules’ own loader does: the same rules, class names and files', async () => {
  const [own, sourced] = await Promise.all([compile(undefined), compile(cssModules)]);
  expect(rules(sourced.code)).toBe(rules(own.code));
  expect(sourced.modules).toEqual(own.modules);
  expect(sourced.modules?.a).toMatch(/^_a_\w+ _b_\w+ _c_\w+$/);
  expect(sourced.modules?.twice).toMatch(/^_twice_\w+ _b_\w+ _c_\w+ _d_\w+$/);
  // each composed file once
  expect(sourced.code.match(/margin: 0/g)).toHaveLength(1);
});

it('keeps each composed file as the source of its rules, which the default loses', async () => {
  const [own, sourced] = await Promise.all([compile(undefined), compile(cssModules)]);
  const sources = (result: typeof own) => (result.map as { sources: string[] }).sources.map((s) => s.replace(`${dir}/`, ''));
  expect(sources(sourced).sort()).toEqual(['a.module.css', 'b.module.css', 'd.module.css', 'nested/c.module.css']);
  expect(sources(own)).not.toContain('b.module.css');
});
