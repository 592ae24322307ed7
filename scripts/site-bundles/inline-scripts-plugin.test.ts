import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileInlineScript, INLINE_SCRIPTS } from './inline-scripts-plugin.ts';

const dir = fileURLToPath(new URL('../../src/islands/inline/', import.meta.url));

describe('inline scripts', () => {
  it.each(INLINE_SCRIPTS)('%s compiles to one minified statement that leaks no globals', async (name) => {
    const { code, inputs } = await compileInlineScript(`${dir}${name}.entry.ts`);
    expect(code).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\);$/);
    expect(code).not.toContain('use strict');
    expect(code).not.toContain('\n');
    // valid as a classic script
    expect(() => new Function(code)).not.toThrow();
    expect(inputs.some((f) => f.endsWith(`${name}.ts`))).toBe(true);
  });

  it('the bootstrap imports the runtime with the browser’s own dynamic import()', async () => {
    const { code } = await compileInlineScript(`${dir}bootstrap.entry.ts`);
    expect(code).toMatch(/=>import\(\w+\)/);
  });
});
