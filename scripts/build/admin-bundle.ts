import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeWhole } from '../lib/esbuild-node-options.mjs';

/**
 * The back office's pages (admin/) built by Vite into dist-admin/, which the server serves on the back office's
 * origin. Like the server's bundle (server-bundle.ts), made again only when a file Vite read for it changed (admin/,
 * the core/ files it imports), or the lockfile, package.json or this build's own scripts: their list and key are
 * kept in node_modules/.cache/helder-build/admin-pages-<hash of the project's root>.json, outside dist-admin/, which serves every file it holds.
 * Vite runs in a process of its own, so its memory never adds to the build's.
 */
export async function bundleAdmin(root: string, outDir: string): Promise<{ files: string[]; reused?: boolean; ms: number }> {
  const started = performance.now();
  // one per project: a copy of the project that shares this install (a link to node_modules) keeps its own
  const keyFile = join(
    root,
    'node_modules/.cache/helder-build',
    `admin-pages-${createHash('sha1').update(realpathSync(root)).digest('hex').slice(0, 16)}.json`,
  );
  const unchanged = sameInputs(root, outDir, keyFile);
  if (unchanged) return { files: unchanged, reused: true, ms: Math.round(performance.now() - started) };
  const fresh = `${outDir}.${process.pid}.partial`;
  const inputsFile = `${fresh}.inputs.json`;
  try {
    await viteChild(root, fresh, inputsFile);
    const inputs = [...new Set([...(JSON.parse(readFileSync(inputsFile, 'utf8')) as string[]), ...OWN_INPUTS])].sort();
    const files = listFiles(fresh);
    install(fresh, outDir, files);
    mkdirSync(join(keyFile, '..'), { recursive: true });
    writeWhole(keyFile, JSON.stringify({ key: inputsKey(root, inputs), inputs, files }));
    return { files, ms: Math.round(performance.now() - started) };
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(inputsFile, { force: true });
  }
}

/** What decides the pages besides the modules Vite read. */
const OWN_INPUTS = ['admin/index.html', 'package.json', 'package-lock.json', 'scripts/build/admin-vite.ts', 'scripts/build/admin-bundle.ts'];

function viteChild(root: string, out: string, inputsFile: string): Promise<void> {
  const child = spawn(process.execPath, [join(root, 'scripts/run-bundled.mjs'), join(root, 'scripts/build/admin-vite.ts'), out, inputsFile], {
    cwd: root,
    // the same pages whatever the caller's NODE_ENV (Vitest's is "test")
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the back office's pages failed to build (exit code ${code})`))));
  });
}

/** The files of a folder, relative to it, in a stable order. */
function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The new pages into outDir, which a running server may be serving: the hashed files first, index.html last and
 * whole (so it never names a file not there yet), then the files of the build before that the new one no longer has.
 */
function install(fresh: string, outDir: string, files: string[]): void {
  mkdirSync(outDir, { recursive: true });
  const before = existsSync(outDir) ? listFiles(outDir) : [];
  for (const file of files.filter((f) => f !== 'index.html')) cpSync(join(fresh, file), join(outDir, file));
  writeWhole(join(outDir, 'index.html'), readFileSync(join(fresh, 'index.html')));
  for (const file of before) if (!files.includes(file)) rmSync(join(outDir, file), { force: true });
}

function inputsKey(root: string, inputs: string[]): string {
  const hash = createHash('sha1');
  for (const input of inputs)
    hash
      .update(input)
      .update('\u0000')
      .update(existsSync(join(root, input)) ? readFileSync(join(root, input)) : '')
      .update('\u0000');
  return hash.digest('base64url');
}

/** The files of the pages in outDir, when they were made from exactly these sources and are all there. */
function sameInputs(root: string, outDir: string, keyFile: string): string[] | undefined {
  try {
    const last = JSON.parse(readFileSync(keyFile, 'utf8')) as { key: string; inputs: string[]; files: string[] };
    if (!last.files.every((file) => existsSync(join(outDir, file)))) return undefined;
    return inputsKey(root, last.inputs) === last.key ? last.files : undefined;
  } catch {
    return undefined;
  }
}
