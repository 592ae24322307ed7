import { paths } from '../../core/paths.ts';
import { buildsOf, completeBuilds, liveBuildId, lockBuilds, switchTo } from '../build/build-folders.ts';

/**
 * `npm run rollback`: the build before the live one goes live again, in the same single step as a new build; the
 * running server follows without a restart. `npm run rollback -- <id>` makes that build live (back or forth),
 * `npm run rollback -- --list` lists the builds kept.
 */
const builds = buildsOf(paths.dist);
const arg = process.argv[2];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const complete = completeBuilds(builds);
const live = liveBuildId(builds);
if (arg === '--list') {
  if (!complete.length) console.log(`no builds in ${builds.dir}: npm run build makes one`);
  for (const id of complete) console.log(`${id === live ? '* ' : '  '}${id}${id === live ? '  (live)' : ''}`);
  process.exit(0);
}
// the newest build older than the live one: what was live before it, unless that was pruned
const target = arg ?? complete.filter((id) => live === undefined || id < live).at(-1);
if (!target) fail(`no build before ${live ?? 'the live one'} to roll back to in ${builds.dir} (npm run rollback -- --list shows the builds kept)`);
let release: () => void;
try {
  release = lockBuilds(builds);
} catch (error) {
  fail((error as Error).message);
}
try {
  switchTo(builds, target);
} catch (error) {
  release();
  fail((error as Error).message);
}
release();
console.log(`live: build ${target} in ${builds.live}${live ? ` (was ${live}; npm run rollback -- ${live} to go forward again)` : ''}`);
