import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { statSync, watch as watchFiles, type FSWatcher } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { paths } from '../../core/paths.ts';
import { buildsOf, keepFromEnv } from './build-folders.ts';
import { warmBuilder, type WarmBuilder, type WarmOutcome } from './warm-build.ts';
import { watchRepair } from '../lib/watch-repair.ts';
import { CONFIG_FILE, CONTENT_DIR, PUBLIC_DIR } from '../../core/site/layout.ts';

/**
 * `npm run build:watch`: `npm run build`, then every save of the site's files built again and made live in the same
 * single step, by this process, with a warm builder (warm-build.ts: what a build starts from is kept from save to save),
 * so a content edit is live without npm, without two processes to start and without the work of the files and routes
 * it did not change. A change that needs a bundle built (the engine, the theme, what the islands see) is built by a
 * full `npm run build` in a child process. The files are compared with what was seen every POLL_MS, and at once when
 * the system says a file changed: no watcher's events to miss (watch-repair.ts).
 */
const POLL_MS = 100;
/** A save is built once no file changed for this long (an editor's save is a truncate and a write). */
const SETTLE_MS = 30;

const builds = buildsOf(paths.dist);
const siteRoot = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : paths.root;
const keep = keepFromEnv(process.env.SITE_KEEP_BUILDS);
const workers = process.env.BUILD_WORKERS === undefined ? undefined : Number(process.env.BUILD_WORKERS);

/** `npm run build` as a child: the first build, and each one that needs a bundle built. */
function fullBuild(): Promise<boolean> {
  const command = [join(paths.root, 'scripts/run-bundled.mjs'), join(paths.root, 'scripts/build/build-and-switch.ts')];
  const child = spawn(process.execPath, command, { cwd: paths.root, env: process.env, stdio: 'inherit' });
  return new Promise((done) => child.on('exit', (code) => done(code === 0)));
}

type Outcome = WarmOutcome | { failed: string };

/** The latest modification time among the files a poll found changed: when the save was made. */
function savedAt(files: string[]): number {
  let latest = 0;
  for (const file of files) {
    try {
      latest = Math.max(latest, statSync(file).mtimeMs);
    } catch {
      latest = Math.max(latest, Date.now());
    }
  }
  return latest || Date.now();
}

function report(outcome: Outcome, files: string[], saved: number): void {
  const names = files.map((file) => relative(siteRoot, file)).join(', ');
  if ('live' in outcome)
    console.log(
      `live: build ${outcome.live}, ${((Date.now() - saved) / 1000).toFixed(2)} s after the save of ${names} ` +
        `(${outcome.rendered} rendered, ${outcome.reused} unchanged)`,
    );
  else if ('failed' in outcome) console.error(`${names}: not built, the live build stays:\n${outcome.failed}`);
}

/** Builds the saves handed to it one build at a time: those made during a build, and one another build held back, after it. */
function saveBuilder(warm: WarmBuilder) {
  let changed: string[] = [];
  let building = false;
  const run = async () => {
    if (building || changed.length === 0) return;
    building = true;
    const files = [...new Set(changed)];
    changed = [];
    const saved = savedAt(files);
    let outcome: Outcome;
    try {
      outcome = await warm.build();
    } catch (error) {
      outcome = { failed: (error as Error).message };
    }
    if ('busy' in outcome) {
      // another build or a rollback: this save is built after it
      console.log(`${outcome.busy}; built once it has ended`);
      changed.push(...files);
      setTimeout(() => void run(), 1000);
    } else if ('full' in outcome) {
      console.log(`${outcome.full}: npm run build`);
      await warm.close();
      if (await fullBuild()) console.log(`live: ${((Date.now() - saved) / 1000).toFixed(2)} s after the save`);
    } else {
      report(outcome, files, saved);
      // workers that have had their builds started afresh now, between saves, not in the next save's time
      if (changed.length === 0) await warm.renew().catch(() => undefined);
    }
    building = false;
    if (changed.length > 0 && !('busy' in outcome)) void run();
  };
  return {
    save(files: string[]) {
      changed.push(...files);
      void run();
    },
    /** a build thrown away before the first save (the warm builder's `prime`); saves made meanwhile are built after it */
    async prime() {
      building = true;
      try {
        const outcome = await warm.prime();
        if ('primed' in outcome) console.log(`the workers are ready: a build of every route took ${outcome.primed.toFixed(2)} s`);
      } catch {
        // the first save says what is wrong, if anything still is
      }
      building = false;
      void run();
    },
  };
}

/** Each save of the site's files, once no file changed for SETTLE_MS, found by comparing them every POLL_MS; returns the stop. */
function onSaves(build: (files: string[]) => void): () => void {
  const events = new EventEmitter();
  const repair = watchRepair(
    events,
    [join(siteRoot, CONFIG_FILE), join(siteRoot, CONTENT_DIR), join(siteRoot, PUBLIC_DIR)].map((path) => ({ path, changes: true })),
  );
  let files: string[] = [];
  let settle: ReturnType<typeof setTimeout> | undefined;
  for (const event of ['add', 'change', 'unlink'])
    events.on(event, (file: string) => {
      files.push(file);
      clearTimeout(settle);
      settle = setTimeout(() => {
        build(files);
        files = [];
      }, SETTLE_MS);
    });
  // (a timer that keeps this process running, unlike the dev server's: polling is all it does between saves)
  const poll = setInterval(() => repair.check(), POLL_MS);
  // the system's word that something changed has the files compared at once, instead of at the next poll (half a
  // POLL_MS sooner on average); what it misses, the poll finds
  const hints: FSWatcher[] = [];
  for (const [path, recursive] of [
    [siteRoot, false],
    [join(siteRoot, CONTENT_DIR), true],
    [join(siteRoot, PUBLIC_DIR), true],
  ] as const) {
    try {
      hints.push(watchFiles(path, { recursive }, () => repair.check()).on('error', () => {}));
    } catch {
      // a folder the site does not have: the poll is enough
    }
  }
  return () => {
    clearInterval(poll);
    clearTimeout(settle);
    for (const hint of hints) hint.close();
  };
}

async function watch(): Promise<void> {
  if (!(await fullBuild())) console.error('the first build failed: the next save is built again');
  const warm = warmBuilder({ siteRoot, live: builds.live, keep, ...(workers === undefined ? {} : { workers }) });
  const builder = saveBuilder(warm);
  const stop = onSaves((files) => builder.save(files));
  // one build before the first save, thrown away: the first save is then built as fast as the next ones
  await builder.prime();
  console.log(`watching ${siteRoot} for saves: each is built and made live in ${builds.live} (Ctrl+C stops)`);
  const end = () => {
    stop();
    void warm.close().then(() => process.exit(0));
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}

await watch();
