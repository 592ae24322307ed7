import type { Owner } from './state/studio-state.ts';
import type { StudioDoor } from './studio-door.ts';

/** How often an instance renews its hold on the working copy, or, when another has it, looks whether it is free. */
export const OWNER_TICK_MS = 5_000;
/** How long the working copy stays an instance's after its last renewal: then another instance takes it over. */
export const OWNER_LEASE_MS = 20_000;

export interface OwnershipOptions {
  owner: StudioDoor['owner'];
  /** this server instance, as the database names it */
  instance: string;
  tickMs: number;
  leaseMs: number;
  /** makes the working copy ready to serve, each time this instance gets it, before it serves it */
  takeOver: () => Promise<void>;
  log?: (line: string) => void;
}

/** Where the studio is served now, as this instance knows it. */
export type StudioWhere = { at: 'here' } | { at: 'getting-ready' } | { at: 'elsewhere'; owner: Owner } | { at: 'nowhere' };

/** The line the server's log has when this instance gets the working copy. */
function gotLine(instance: string, previous?: Owner): string {
  if (!previous || previous.instance === instance) return `studio: this instance (${instance}) owns the working copy and serves the studio`;
  const why = previous.releasedAt ? 'it let it go' : 'its lease ran out';
  return `studio: took over the working copy from ${previous.instance} (${why})`;
}

/** Where the studio is served: here, or at the owner last seen while its lease runs (it may have died since). */
function whereFrom(phase: 'none' | 'getting-ready' | 'serving', seen: Owner | undefined): StudioWhere {
  if (phase === 'serving') return { at: 'here' };
  if (phase === 'getting-ready') return { at: 'getting-ready' };
  const live = seen && !seen.releasedAt && Date.parse(seen.expiresAt) > Date.now();
  return live ? { at: 'elsewhere', owner: seen } : { at: 'nowhere' };
}

/**
 * What this instance holds: none, the working copy being made ready (`takeOver`, each after the one before: a working
 * copy lost and got back while it was being made ready), or serving it; and the owner last seen when another has it.
 */
function holding(options: OwnershipOptions) {
  const state: { phase: 'none' | 'getting-ready' | 'serving'; seen?: Owner; ready: Promise<void> } = { phase: 'none', ready: Promise.resolve() };
  return {
    state,
    got(previous?: Owner) {
      state.phase = 'getting-ready';
      options.log?.(gotLine(options.instance, previous));
      state.ready = state.ready.then(() =>
        options
          .takeOver()
          // served as it is even so: Publish takes in the remote's commits itself, and a studio nobody serves is shut for all
          .catch((error: unknown) => options.log?.(`studio: making the working copy ready: ${(error as Error).message}`))
          .then(() => {
            // unless it was lost meanwhile: then the next claim makes it ready anew
            if (state.phase === 'getting-ready') state.phase = 'serving';
          }),
      );
    },
    lost() {
      state.phase = 'none';
      options.log?.("studio: the working copy is no longer this instance's: another took it over when this one did not renew in time");
    },
  };
}

/**
 * More than one instance behind one address: the working copy (the editors' unpublished changes) and its publish lock
 * are one instance's at a time, so every editor sees the same changes. The owner renews its lease in the database at
 * every tick; the others look at every tick whether it ran out, and one of them (one conditional update) takes it
 * over: it makes the working copy ready (`takeOver`), then serves the studio. The others forward the studio's
 * requests to the owner's address. On a clean stop the owner lets it go, so another takes it at its next tick.
 */
export function workingCopyOwnership(options: OwnershipOptions) {
  const held = holding(options);
  const { state } = held;
  let address = '';
  const tick = async () => {
    if (state.phase !== 'none') {
      if (await options.owner.renew(options.instance, options.leaseMs)) return;
      held.lost();
    }
    const claim = await options.owner.claim({ instance: options.instance, address, leaseMs: options.leaseMs });
    if (claim.owned) return held.got(claim.previous);
    state.seen = claim.owner;
  };
  let busy: Promise<void> | undefined;
  const look = () =>
    (busy ??= tick()
      .catch((error: unknown) => options.log?.(`studio: the working copy's owner: ${(error as Error).message}`))
      .finally(() => (busy = undefined)));
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    /** the first look, awaited: a lone instance serves from its start */
    async start(ownAddress: string) {
      address = ownAddress;
      await look();
      await state.ready;
      timer = setInterval(() => void look(), options.tickMs);
      timer.unref();
    },
    where: () => whereFrom(state.phase, state.seen),
    serves: () => state.phase === 'serving',
    /**
     * Whether the working copy is still this instance's, asked of the database now (its lease renewed): before a
     * publish, so an owner that stalled past its lease (alive, but another took over) never publishes from it.
     */
    async confirm(): Promise<boolean> {
      if (state.phase !== 'serving') return false;
      if (await options.owner.renew(options.instance, options.leaseMs)) return true;
      held.lost();
      return false;
    },
    /** a clean stop: no more ticks, and the working copy let go for another instance */
    async stop() {
      clearInterval(timer);
      await busy;
      await state.ready;
      if (state.phase !== 'none') await options.owner.release(options.instance);
      state.phase = 'none';
    },
  };
}

export type WorkingCopyOwnership = ReturnType<typeof workingCopyOwnership>;
