import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';

/**
 * scripts/run-bundled.mjs on a project of its own: two TypeScript modules, run as the bundle it keeps, made again
 * when a source changes, each module with its own import.meta.url.
 */
let project: string;
/** kept in a folder of this project's own, named by its real root */
const bundle = () => join(project, 'node_modules/.cache/helder-run', createHash('sha1').update(project).digest('hex').slice(0, 16), 'scripts__hello.ts.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [join(project, 'scripts/run-bundled.mjs'), ...args], { cwd: project, encoding: 'utf8' });
const writeWhere = (message: string) =>
  writeFileSync(
    join(project, 'scripts/lib/where.ts'),
    `import { fileURLToPath } from 'node:url';\nconst message: string = '${message}';\nexport const where = () => \`\${fileURLToPath(import.meta.url)} \${message}\`;\n`,
  );

beforeAll(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), 'run-bundled-')));
  mkdirSync(join(project, 'scripts/lib'), { recursive: true });
  mkdirSync(join(project, 'node_modules'));
  cpSync(join(paths.root, 'scripts/run-bundled.mjs'), join(project, 'scripts/run-bundled.mjs'));
  cpSync(join(paths.root, 'scripts/lib/esbuild-node-options.mjs'), join(project, 'scripts/lib/esbuild-node-options.mjs'));
  // esbuild is the one package the launcher needs, and the package the script imports stays an import
  symlinkSync(join(paths.root, 'node_modules/esbuild'), join(project, 'node_modules/esbuild'));
  writeFileSync(
    join(project, 'scripts/hello.ts'),
    `import { where } from './lib/where.ts';\nimport { fileURLToPath } from 'node:url';\nconsole.log([where(), fileURLToPath(import.meta.url), ...process.argv.slice(1)].join('|'));\n`,
  );
  writeWhere('one');
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('run-bundled', () => {
  it("runs a TypeScript script with its arguments, each module seeing its own file's address", () => {
    const result = run('scripts/hello.ts', 'a', 'b c');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const script = join(project, 'scripts/hello.ts');
    expect(result.stdout.trim()).toBe(`${join(project, 'scripts/lib/where.ts')} one|${script}|${script}|a|b c`);
  });

  it('keeps the bundle while its sources are unchanged, and makes it again when one changes', () => {
    run('scripts/hello.ts');
    const made = statSync(bundle()).mtimeMs;
    expect(run('scripts/hello.ts').stdout).toContain(' one|');
    expect(statSync(bundle()).mtimeMs).toBe(made);
    writeWhere('two');
    expect(run('scripts/hello.ts').stdout).toContain(' two|');
    expect(statSync(bundle()).mtimeMs).not.toBe(made);
  });

  it('says where a source cannot be read, and exits 1', () => {
    writeFileSync(join(project, 'scripts/lib/where.ts'), 'export const where = () => {\n');
    const result = run('scripts/hello.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('scripts/lib/where.ts');
    writeWhere('three');
    expect(run('scripts/hello.ts').stdout).toContain(' three|');
  });
});
