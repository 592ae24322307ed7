import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm start` (build, then serve) and `npm run serve` (`start.mjs serve`: the last build only). Plain JavaScript on
 * Node's own modules, so it runs in a production install (`npm ci --omit=dev`) too, and says in one line what is
 * missing instead of a stack. The server runs in this process: package.json starts it with `exec`, so npm's
 * shell is replaced by this process and a SIGTERM npm passes on reaches the server's own shutdown (with a shell
 * in between, the shell died and the server went on listening).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'dist-server', 'main.js');

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** tsx comes with the development packages only: without it no build can run. */
function canBuild() {
  try {
    import.meta.resolve('tsx');
    return existsSync(join(root, 'scripts', 'build', 'build-and-switch.ts'));
  } catch {
    return false;
  }
}

/** `npm run build` as a child; a signal to this process is passed on to it, and ends this one once it has ended. */
function build() {
  const child = spawn(process.execPath, [join(root, 'scripts', 'run-bundled.mjs'), join(root, 'scripts', 'build', 'build-and-switch.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  const forward = (signal) => child.kill(signal);
  const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      if (signal) process.kill(process.pid, signal);
      else resolve(code ?? 1);
    });
  });
}

if (process.argv[2] !== 'serve') {
  if (!canBuild()) {
    fail(
      'npm start builds the site first, which needs the development packages: run npm ci (without --omit=dev), or serve a build made elsewhere with npm run serve',
    );
  }
  const code = await build();
  if (code !== 0) process.exit(code);
}
if (!existsSync(server)) fail('no build in dist-server/: run npm run build first (or npm start)');
// the back office's pages (dist-admin/, or ADMIN_PAGES_DIR): without them its origin answers the API alone
const adminPages = process.env.ADMIN_PAGES_DIR || join(root, 'dist-admin');
if (process.env.ADMIN_PORT !== 'off' && !existsSync(join(adminPages, 'index.html'))) {
  process.stderr.write(`no back office pages in ${adminPages}: the back office serves its API only; copy dist-admin/ from the build beside dist-server/\n`);
}
await import(pathToFileURL(server).href);
