import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { paths } from '../../core/paths.ts';

/**
 * The Nu HTML checker (vnu-jar, needs Java) on every built page, 404.html included: `npm run test:html` after a build.
 * One java call for all pages: the JVM start is most of the time.
 */
const started = performance.now();
const jar = join(paths.root, 'node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string; // "error", "info" or "non-document-error" (a file it could not read)
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!existsSync(paths.dist)) fail(`check-html: no build at ${paths.dist}; run npm run build first`);
if (!existsSync(jar)) fail(`check-html: ${jar} is missing; run npm install (vnu-jar)`);
const pages = (await readdir(paths.dist, { recursive: true }))
  .filter((name) => name.endsWith('.html'))
  .sort()
  .map((name) => join(paths.dist, name));
if (!pages.length) fail(`check-html: no .html file in ${paths.dist}`);

// --stdout: the JSON report on stdout, where nothing else is written
const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', '--stdout', ...pages], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (run.error) fail(`check-html: cannot run java (${run.error.message}); the Nu checker needs Java 17 or later (Debian: openjdk-17-jre-headless)`);

let messages: VnuMessage[];
try {
  messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
} catch {
  fail(`check-html: java exited with ${run.status} and no JSON report:\n${run.stdout}${run.stderr}`);
}

// a page of the project's own build by its path from the project, one elsewhere (SITE_OUT) by its full path
function shown(url = ''): string {
  if (!url.startsWith('file:')) return url;
  const file = fileURLToPath(url);
  return file.startsWith(paths.root) ? relative(paths.root, file).split(sep).join('/') : file;
}
// --errors-only keeps errors and the checker's own failures; an "info" would not fail the build
const errors = messages.filter((m) => m.type !== 'info');
for (const m of errors) {
  const line = m.firstLine ?? m.lastLine ?? 0;
  const column = m.firstColumn ?? m.lastColumn ?? 0;
  console.error(`${shown(m.url)}:${line}:${column}  ${m.type === 'error' ? '' : `${m.type}: `}${m.message}`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const summary = `${pages.length} page${pages.length === 1 ? '' : 's'}, ${errors.length} error${errors.length === 1 ? '' : 's'} in ${seconds} s`;
if (errors.length || run.status !== 0) fail(errors.length ? summary : `${summary}, but java exited with ${run.status}:\n${run.stderr}`);
console.log(summary);
