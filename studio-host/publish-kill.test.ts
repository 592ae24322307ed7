import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../core/paths.ts';
import { publishLive, recoverWorkingCopy } from '../studio/server/live-publish.ts';
import { pending } from '../studio/server/publish.ts';
import { git, gitEnv, siteRepo } from '../scripts/test-support/site-repo.ts';
import { catchUpWithRemote } from './working-copy.ts';

/**
 * A publish on the live server killed (`kill -9` of its process and the git it runs) at each of its steps, while git
 * holds its locks: the commit, its ref update, the fetch, the rebase, the build, the push. The publish runs in a
 * process of its own (live-publish.ts, as the studio's server runs it), in a working copy whose git hooks stop it at
 * the step the test names; the test kills the process group there. Then the next start, or another instance's
 * take-over, recovers the working copy: no lock of git's left, no half rebase, the edit back as an unpublished change
 * (or published, when its commit reached the remote), and a Publish then works.
 */
const HOME = 'content/pages/home.json';
const HEADLINE = 'A website you will be proud to show your customers';
const NEW = 'Websites die werken';
const MESSAGE = 'De kop van de homepage';
const target = { remote: 'origin', branch: 'main' };

/**
 * The git hooks of the working copy: when KILL_AT names this hook (`pre-commit`, `pre-push`), or this hook's prepared
 * ref update in a git command (`reference-transaction:<command>:<ref>`), they say so in KILL_MARK and wait to be
 * killed. Without KILL_AT (the test's own git) they do nothing.
 */
const HOOK = `#!/bin/sh
hook=$(basename "$0")
refs=""
[ "$hook" = reference-transaction ] && refs=$(cat)
[ -n "$KILL_AT" ] || exit 0
case "$KILL_AT" in
  "$hook") ;;
  "$hook:"*)
    [ "$1" = prepared ] || exit 0
    rest=\${KILL_AT#"$hook:"}
    command=\${rest%%:*}
    ref=\${rest#*:}
    case " $(tr '\\0' ' ' < /proc/$PPID/cmdline) " in *" $command "*) ;; *) exit 0 ;; esac
    printf '%s\\n' "$refs" | awk '{ print $3 }' | grep -qx "$ref" || exit 0 ;;
  *) exit 0 ;;
esac
echo "$KILL_AT" > "$KILL_MARK"
exec sleep 600
`;

/** Each step a publish is killed at, and where: a git hook, or the build (the host's `makeLive`). */
const STEPS: { step: string; at: string }[] = [
  { step: 'the commit, its index locked', at: 'pre-commit' },
  { step: 'the commit, its ref update', at: 'reference-transaction:commit:HEAD' },
  { step: 'the fetch, its ref update', at: 'reference-transaction:fetch:refs/studio/incoming' },
  { step: 'the fetch, the remote-tracking branch', at: 'reference-transaction:fetch:refs/remotes/origin/main' },
  { step: 'the rebase, begun', at: 'reference-transaction:rebase:ORIG_HEAD' },
  { step: 'the rebase, HEAD detached', at: 'reference-transaction:rebase:HEAD' },
  { step: 'the rebase, packed refs locked', at: 'reference-transaction:rebase:REBASE_HEAD' },
  { step: 'the rebase, the branch moved', at: 'reference-transaction:rebase:refs/heads/main' },
  { step: 'the build', at: 'build' },
  { step: 'the push, before it sends', at: 'pre-push' },
  { step: 'the push, sent, the remote-tracking branch', at: 'reference-transaction:push:refs/remotes/origin/main' },
];

/**
 * The publish in a process of its own: live-publish.ts with a build that records what it made live, and stops for
 * good at KILL_AT=build.
 */
const RUNNER = `
import { writeFileSync } from 'node:fs';
const { publishLive } = await import(process.env.LIVE_PUBLISH);
const { pending } = await import(process.env.PUBLISH);
const siteRoot = process.env.COPY;
const outcome = await publishLive({
  siteRoot,
  fingerprint: (await pending(siteRoot)).fingerprint,
  message: ${JSON.stringify(MESSAGE)},
  author: { name: 'Eva Editor', email: 'eva@agency.test' },
  target: ${JSON.stringify(target)},
  ownedBy: 'studio-a',
  validate: () => undefined,
  makeLive: async (commit) => {
    if (process.env.KILL_AT === 'build') {
      writeFileSync(process.env.KILL_MARK, 'build');
      setInterval(() => undefined, 1000);
      await new Promise(() => undefined);
    }
    writeFileSync(process.env.LIVE, commit);
  },
});
console.log(JSON.stringify(outcome));
`;

let work = '';
let remote = '';
let copy = '';
let other = '';
let group = 0;

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const edit = (dir: string, file: string, from: string, to: string) => {
  const text = read(dir, file);
  expect(text).toContain(from);
  writeFileSync(join(dir, file), text.replace(from, to));
};

/** Every lock file in the git folder, by its path in it (the publish's own lock apart). */
function locks(dir = join(copy, '.git'), base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'objects' ? [] : locks(path, base);
    return name.endsWith('.lock') && name !== 'helder-publish.lock' ? [relative(base, path)] : [];
  });
}

const gone = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return false;
  } catch {
    return true;
  }
};

/** The publish run in its own process group, killed with all its git when it reaches the step. */
async function killPublishAt(at: string) {
  const mark = join(work, 'killed-at');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', RUNNER], {
    cwd: paths.root,
    env: {
      ...gitEnv,
      KILL_AT: at,
      KILL_MARK: mark,
      COPY: copy,
      LIVE: join(work, 'live'),
      LIVE_PUBLISH: join(paths.root, 'studio/server/live-publish.ts'),
      PUBLISH: join(paths.root, 'studio/server/publish.ts'),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  group = child.pid!;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.once('exit', done));
  await expect.poll(() => existsSync(mark) || child.exitCode !== null, { timeout: 60_000, interval: 20 }).toBe(true);
  expect(child.exitCode, `the publish ended before ${at}: ${output}`).toBeNull();
  process.kill(-group, 'SIGKILL');
  await exited;
  // its git and the hook too, as a machine's crash would
  await expect.poll(() => gone(group), { timeout: 30_000, interval: 20 }).toBe(true);
}

/** What was made live by the last build: its commit. */
const liveCommit = () => (existsSync(join(work, 'live')) ? read(work, 'live') : '');

async function publishHere(message = MESSAGE) {
  return publishLive({
    siteRoot: copy,
    fingerprint: (await pending(copy)).fingerprint,
    message,
    author: { name: 'Eva Editor', email: 'eva@agency.test' },
    target,
    ownedBy: 'studio-b',
    validate: () => undefined,
    makeLive: async (commit) => void writeFileSync(join(work, 'live'), commit),
  });
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'publish-kill-'));
  ({ site: other, remote } = siteRepo(work));
  copy = join(work, 'copy');
  execFileSync('git', ['clone', '-q', remote, copy], { env: gitEnv });
  const hooks = join(work, 'hooks');
  mkdirSync(hooks);
  writeFileSync(join(hooks, 'kill-at'), HOOK);
  chmodSync(join(hooks, 'kill-at'), 0o755);
  for (const name of ['pre-commit', 'reference-transaction', 'pre-push']) symlinkSync('kill-at', join(hooks, name));
  git(copy, 'config', 'core.hooksPath', hooks);
  // another editor's commit to another file: the publish fetches it and rebases over it
  edit(other, 'site.config.json', '"name"', '"name" ');
  git(other, '-c', 'user.name=Other', '-c', 'user.email=other@test', 'commit', '-qam', 'other: site.config.json');
  git(other, 'push', '-q', 'origin', 'main');
});
afterEach(() => {
  if (group && !gone(group)) process.kill(-group, 'SIGKILL');
  group = 0;
  rmSync(work, { recursive: true, force: true });
});

/** The two ways a working copy is recovered: the server's next start, and another instance's take-over (studio-server.ts). */
const RECOVERIES = {
  'the next start': () => recoverWorkingCopy(copy),
  'another instance’s take-over': async () => [...(await recoverWorkingCopy(copy, { ownedBy: 'studio-b' })), ...(await catchUpWithRemote(copy, target))],
};

// each step once, the two recoveries in turn (every step with both would double a long test's time)
const CASES = STEPS.map((step, index) => ({ ...step, recovery: Object.keys(RECOVERIES)[index % 2] as keyof typeof RECOVERIES }));

describe('a publish killed at each step', () => {
  it.each(CASES)(
    'at $step, then $recovery: recovered, said, and published by the next Publish',
    async ({ at, recovery }) => {
      edit(copy, HOME, HEADLINE, NEW);
      await killPublishAt(at);
      const left = locks();
      const said = await RECOVERIES[recovery]();
      // every lock git left is gone, and named in what the server says
      expect(locks()).toEqual([]);
      for (const lock of left) expect(said.join('\n')).toContain(lock);
      expect(['rebase-merge', 'rebase-apply', 'helder-publish.lock'].filter((name) => existsSync(join(copy, '.git', name)))).toEqual([]);
      const sent = git(remote, 'log', '--format=%s', 'main').split('\n').includes(MESSAGE);
      if (sent) {
        // its commit reached the remote: published, and live here (built before it was sent)
        expect(git(copy, 'status', '--porcelain')).toBe('');
        expect(git(copy, 'show', `HEAD:${HOME}`)).toContain(NEW);
        expect(liveCommit()).toBe(git(copy, 'rev-parse', 'HEAD'));
      } else {
        // the edit is an unpublished change again, and the next Publish makes it live and sends it
        expect((await pending(copy)).files.map((file) => file.path)).toEqual([HOME]);
        expect(read(copy, HOME)).toContain(NEW);
        expect(await publishHere()).toMatchObject({ ok: true, pushed: true });
        expect(liveCommit()).toBe(git(copy, 'rev-parse', 'HEAD'));
      }
      // on the remote once, over the other editor's commit, and nothing left to publish
      expect(git(remote, 'log', '--format=%s', 'main').split('\n')).toEqual([MESSAGE, 'other: site.config.json', 'site']);
      expect(git(remote, 'show', `main:${HOME}`)).toContain(NEW);
      expect(git(copy, 'status', '--porcelain')).toBe('');
      // and the Publish after it works as always
      edit(copy, HOME, NEW, 'Websites die nog beter werken');
      expect(await publishHere('Nog een kop')).toMatchObject({ ok: true, pushed: true });
      expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('Nog een kop');
      expect(locks()).toEqual([]);
    },
    120_000,
  );
});
