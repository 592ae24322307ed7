import { readlinkSync, realpathSync } from 'node:fs';
import { buildFileIndex, type FileIndex } from './file-index.ts';

/** One build as the server serves it: its real folder and the index of its files, made together and never changed. */
export interface Generation {
  /** the build's real folder; its files are read only through the index */
  readonly root: string;
  readonly index: FileIndex;
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
 * The build a path names, followed across switches without a restart. `npm run build` writes each build into a
 * folder of its own and then renames a new symbolic link over the served path (scripts/lib/live-build.ts): one
 * readlink per request (about a microsecond) sees the switch, and the first request after it indexes the new build
 * once. A request keeps the generation it started with for all its middleware (page, headers, CSP), so no answer
 * mixes two builds. The generations served before stay indexed for a while (`keepPrevious`): a visitor who got a
 * page of the old build asks for its hashed assets after the switch, and they must still be there.
 * A real folder (not a link) is indexed once, as before: rebuilding it in place needs a restart.
 */
export class LiveRoot {
  #target: string | undefined;
  #current: Generation;
  /** newest first, without the current one */
  #previous: Generation[] = [];
  readonly #byRequest = new WeakMap<Request, Generation>();
  readonly #retired: ((generation: Generation) => void)[] = [];

  constructor(
    /** the served path: a build folder, or a link to one */
    readonly path: string,
    /** how many generations served before stay indexed for their assets */
    readonly keepPrevious = 2,
    /** told of each generation the first request after a switch makes */
    readonly onSwitch: (generation: Generation) => void = () => {},
  ) {
    this.#target = linkTarget(path);
    // no build yet: nothing to serve (404s) until one is there
    this.#current = this.#load() ?? { root: path, index: new Map() };
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

  /** The build the path names now; a link that is (for a moment) missing keeps the one served. */
  current(): Generation {
    const target = linkTarget(this.path);
    if (target === undefined || target === this.#target) return this.#current;
    const next = this.#load();
    // a link to nothing is an operator's slip: the build served stays, and the link is read again next time
    if (!next) return this.#current;
    this.#target = target;
    if (next.root !== this.#current.root) {
      // switching back to a build served before makes it current again, not a previous one twice
      const previous = [this.#current, ...this.#previous.filter((g) => g.root !== next.root)];
      this.#previous = previous.slice(0, this.keepPrevious);
      this.#current = next;
      for (const gone of previous.slice(this.keepPrevious)) this.#retire(gone);
      this.onSwitch(next);
    }
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

  #retire(generation: Generation): void {
    if (generation.root === this.#current.root) return;
    for (const listener of this.#retired) listener(generation);
  }

  #load(): Generation | undefined {
    let root: string;
    try {
      root = realpathSync(this.path);
    } catch {
      return undefined;
    }
    return { root, index: buildFileIndex(root) };
  }
}
