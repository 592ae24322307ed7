import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { buildFileIndex, indexInBackground, type FileIndex } from './file-index.ts';

/** One build as the server serves it: its real folder and the index of its files, made together and never changed. */
export interface Generation {
  /** the build's real folder; its files are read only through the index */
  readonly root: string;
  readonly index: FileIndex;
}

/**
 * Whether a build's folder is still there as it was indexed: a real folder (a root is a real path). The first
 * `npm run build` moves a plain dist/ away and puts a link in its place; through that link the old paths would
 * reach the new build's files, so such a root counts as gone.
 */
export function stillThere(generation: Generation): boolean {
  return lstatSync(generation.root, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** What the link names: its target; '' for a real folder; undefined when nothing is there (yet). */
function linkTarget(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EINVAL' ? '' : undefined;
  }
}

/**
 * The build a path names, followed across switches without a restart. `npm run build` writes each build into a folder
 * of its own and then renames a new symbolic link over the served path (scripts/build/build-folders.ts). One readlink
 * per request (one small system call, no file read) sees the switch; the new build is then indexed in the background
 * (which takes longer the more pages it has) while the one before goes on being served whole, and every request from
 * then on gets the new one. A request keeps the generation it started with for all its middleware (page, CSP, forms),
 * so no answer mixes two builds. The generations served before stay indexed (`keepPrevious`): a visitor who got a page
 * of the old build asks for its hashed assets after the switch, and they must still be there. A real folder (not a
 * link) is indexed once, at start: rebuilding it in place needs a restart.
 */
export class LiveRoot {
  /** the link's target that #current (or the failed attempt at it) came from */
  #target: string | undefined;
  #current: Generation;
  /** newest first, without the current one */
  #previous: Generation[] = [];
  #pending: { target: string; loading: Promise<void> } | undefined;
  readonly #byRequest = new WeakMap<Request, Generation>();
  readonly #retired: ((generation: Generation) => void)[] = [];

  constructor(
    /** the served path: a build folder, or a link to one */
    readonly path: string,
    /** how many generations served before stay indexed for their assets */
    readonly keepPrevious = 2,
  ) {
    this.#target = linkTarget(path);
    // indexed before the server listens; no build yet: nothing to serve (404s) until one is there
    this.#current = this.#loadNow() ?? { root: path, index: new Map() };
  }

  /** The generation this request is served from: the same one each time it asks. */
  forRequest(request: Request): Generation {
    let generation = this.#byRequest.get(request);
    if (!generation) {
      generation = this.current();
      this.#byRequest.set(request, generation);
    }
    return generation;
  }

  /** The build served now; a switch seen here starts indexing the new build. */
  current(): Generation {
    const target = linkTarget(this.path);
    // a link that is (for a moment) missing keeps the build served
    if (target === undefined || target === this.#target || target === this.#pending?.target) return this.#current;
    const known = this.#servedBefore();
    if (known) {
      // back to a build served before (a rollback): builds never change, so its index is still right
      this.#pending = undefined;
      this.#target = target;
      this.#switchTo(known);
    } else if (stillThere(this.#current)) {
      this.#pending = { target, loading: this.#loadInBackground(target) };
    } else {
      // the build served is gone already (several builds went live with no request between them): nothing is left
      // to serve meanwhile, so this request waits for the index
      this.#target = target;
      const next = this.#loadNow();
      if (next) this.#switchTo(next);
    }
    return this.#current;
  }

  /** Settles once the build the path names now is the one served. */
  async settled(): Promise<Generation> {
    this.current();
    while (this.#pending) await this.#pending.loading;
    return this.#current;
  }

  /** The generations served before, newest first: where an asset a page of theirs links is still found. */
  previous(): readonly Generation[] {
    return this.#previous;
  }

  /** Forgets a previous generation whose folder is gone (pruned), so it is not asked again. */
  drop(generation: Generation): void {
    if (!this.#previous.includes(generation)) return;
    this.#previous = this.#previous.filter((g) => g !== generation);
    this.#retire(generation);
  }

  /** Calls `listener` with each generation no longer served at all (to free what was kept for it). */
  onRetire(listener: (generation: Generation) => void): void {
    this.#retired.push(listener);
  }

  async #loadInBackground(target: string): Promise<void> {
    let next: Generation | undefined;
    try {
      const root = await realpath(this.path);
      next = { root, index: await indexInBackground(root) };
    } catch (error) {
      console.error(`${this.path} links to ${target}, which cannot be read (${(error as Error).message}): ${this.#current.root} stays served`);
    }
    // a newer switch while this one was indexed: that one wins
    if (this.#pending?.target !== target) return;
    this.#pending = undefined;
    this.#target = target;
    if (next) this.#switchTo(next);
  }

  #servedBefore(): Generation | undefined {
    try {
      const root = realpathSync(this.path);
      return this.#previous.find((g) => g.root === root);
    } catch {
      return undefined;
    }
  }

  #loadNow(): Generation | undefined {
    let root: string;
    try {
      root = realpathSync(this.path);
    } catch {
      return undefined;
    }
    return { root, index: buildFileIndex(root) };
  }

  #switchTo(next: Generation): void {
    if (next.root === this.#current.root) return;
    // switching back to a build served before makes it current again, not a previous one twice
    const previous = [this.#current, ...this.#previous.filter((g) => g.root !== next.root)];
    this.#previous = previous.slice(0, this.keepPrevious);
    this.#current = next;
    for (const gone of previous.slice(this.keepPrevious)) this.#retire(gone);
  }

  #retire(generation: Generation): void {
    if (generation.root === this.#current.root) return;
    for (const listener of this.#retired) listener(generation);
  }
}
