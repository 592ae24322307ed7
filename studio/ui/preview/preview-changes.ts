import { useLayoutEffect, useRef, useState } from 'react';
import type { TextPatch } from './preview-page.ts';

/** A render of a page fetched by the studio: its document's HTML, and when it was asked for (ms since the epoch). */
export interface FreshRender {
  route: string;
  html: string;
  askedAt: number;
}

/**
 * The page's blocks put in a new order, some taken out or copied: for each block now, its place before, among
 * `count` (a place given twice is a copy of that block).
 */
export interface BlockMove {
  route: string;
  order: number[];
  count: number;
  /** the change's revision (when it was sent): a page rendered after it shows the new order already */
  revision: number;
}

/**
 * The order of `after`'s blocks among `before`'s, when `after` is `before` moved, some taken out or copied (each
 * block the same JSON as one before: in its own place first, else the first one not yet placed, else a copy of
 * one); undefined when a block is new or changed, or when none moved.
 */
export function movedOrder(before: readonly unknown[], after: readonly unknown[]): number[] | undefined {
  const was = before.map((block) => JSON.stringify(block));
  const taken = new Set<number>();
  const order = after.map((block, to) => {
    const now = JSON.stringify(block);
    const free = was[to] === now && !taken.has(to) ? to : was.findIndex((text, i) => text === now && !taken.has(i));
    const from = free >= 0 ? free : was.indexOf(now);
    taken.add(from);
    return from;
  });
  if (order.includes(-1) || (order.length === was.length && order.every((from, to) => from === to))) return undefined;
  return order;
}

/** The page loaded again when it is older than the change (`revision`): its render confirms the change. */
export interface PageReload {
  revision: number;
}

/**
 * A change of the page's blocks to show at once (blocks put in a new order, or a new render's blocks), or the
 * reload that follows every change of the files.
 */
export type PageChange = { moved: BlockMove } | { fresh: FreshRender } | { reload: PageReload };

/** How a frame takes a change of the page's blocks. */
export type ChangeTaker = (change: PageChange) => void;

/**
 * The frames shown, each by the way it takes a change: `desktop` and `phone` hand in theirs (undefined when they
 * go), `show` gives a change to each.
 */
export function useTakers() {
  const [takers] = useState(() => {
    const shown = new Map<string, ChangeTaker>();
    const handIn = (device: string) => (take: ChangeTaker | undefined) => {
      if (take) shown.set(device, take);
      else shown.delete(device);
    };
    return { desktop: handIn('desktop'), phone: handIn('phone'), show: (change: PageChange) => shown.forEach((take) => take(change)) };
  });
  return takers;
}

/**
 * Fetches the page's render in the background (the studio asks: it has the cookie, the preview's pages do not); `done`
 * gets its HTML (not when it failed or was aborted), and
 * `after` is called once it was put in or failed (not when it was aborted: a newer change came).
 */
function fetchRender(route: string, done: (fresh: FreshRender) => void, after: () => void): () => void {
  const controller = new AbortController();
  const askedAt = performance.timeOrigin + performance.now();
  // the page as rendered, not waiting for the dev server's transforms of it (scripts/dev/pages-plugin.ts): only its blocks
  // are taken
  fetch(route, { cache: 'no-store', signal: controller.signal, headers: { Accept: 'text/html', 'X-Studio-Rendered-Only': '1' } })
    .then(async (response) => (response.ok ? await response.text() : undefined))
    .then((html) => {
      if (html !== undefined) done({ route, askedAt, html });
    })
    .catch(() => undefined)
    .finally(() => {
      if (!controller.signal.aborted) after();
    });
  return () => controller.abort();
}

/**
 * What the frames do after a change of the site's files (the studio reloads them: the dev server leaves its
 * previews alone after a write of the studio's), at once and before that reload has loaded the page and its scripts:
 * - blocks of the open page moved, taken out or copied (the studio's blocks, when it gives them): the page's own
 *   block elements put in their new order, with no render;
 * - a block added (or, when the studio gives no blocks, any change that came without a typed text): a new render
 *   of the page fetched in the background, whose new blocks the frames put in place (see placeBlocks).
 * A text typed, or a change inside a block, is left to the typed text the studio shows and to the reload. The
 * reload follows at once, or, after a render fetched, once it was put in: that render is then the reload's too.
 */
export function usePageChanges(
  route: string,
  revision: number,
  patch: TextPatch | undefined,
  blocks: readonly unknown[] | undefined,
  show: (change: PageChange) => void,
): void {
  /** the route, typed text and blocks at the last change of the files (the studio renders more often) */
  const seen = useRef({ route, revision, patch, blocks });
  const pending = useRef<() => void>(undefined);
  const frames = useRef(show);
  useLayoutEffect(() => {
    frames.current = show;
  });
  // at the change, as the studio shows it (a layout effect: before the browser paints, not a frame later); the
  // frames take it at once, with no render of the studio in between
  useLayoutEffect(() => {
    const was = seen.current;
    if (revision === was.revision && route === was.route) return;
    seen.current = { route, revision, patch, blocks };
    if (revision === was.revision || revision === 0 || route !== was.route) return;
    const reload = () => frames.current({ reload: { revision } });
    // a newer change makes the render under way old: it is not put in
    pending.current?.();
    pending.current = undefined;
    if (blocks && was.blocks) {
      const order = movedOrder(was.blocks, blocks);
      if (order) frames.current({ moved: { route, order, count: was.blocks.length, revision } });
      if (order || blocks.length <= was.blocks.length) return reload();
    } else if (patch !== was.patch) return reload();
    // the reload waits for the render: the dev server renders the page once for both (see dev-pages.ts)
    pending.current = fetchRender(route, (fresh) => frames.current({ fresh }), reload);
  }, [revision, route, patch, blocks]);
  useLayoutEffect(() => () => pending.current?.(), []);
}
