import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { pageClock } from './page-clock.ts';
import type { ChangeTaker } from './preview-changes.ts';
import { outlineBlock, patchText, placeBlocks, reorderBlocks, scrollToBlock, type TextPatch } from './preview-page.ts';

type FrameRef = RefObject<HTMLIFrameElement | null>;

/** how long after the last change a page that was asked for before it loads again */
const CONVERGE_MS = 1500;

/** Runs `then` once the window has drawn its next frame (its animation frame, then a task after it). */
function afterPaint(win: Window | null | undefined, then: () => void): void {
  if (win) win.requestAnimationFrame(() => win.setTimeout(then, 0));
}

/** How long, and how often, a page loading after a reload is looked at for its text (see reloadOlder). */
const WATCH_MS = 10_000;
const WATCH_EVERY_MS = 20;

/**
 * Loads the frame's page again when it was asked for before `revision` (ms since the epoch); `shown` gets the new
 * page as soon as its text is there (looked at while it loads), not once its images and scripts have loaded.
 */
function reloadOlder(frame: FrameRef, revision: number, shown: (doc: Document) => void): void {
  const win = frame.current?.contentWindow;
  if (!win || win.performance.timeOrigin >= revision) return;
  const old = frame.current?.contentDocument;
  win.location.reload();
  const until = performance.now() + WATCH_MS;
  const look = () => {
    const doc = frame.current?.contentDocument;
    if (doc && doc !== old) shown(doc);
    if ((doc === old || doc?.readyState === 'loading') && performance.now() < until) setTimeout(look, WATCH_EVERY_MS);
  };
  setTimeout(look, WATCH_EVERY_MS);
}

/**
 * The studio reloads the page after each saved edit (usePageChanges); a reload asked for while the page was already reloading is lost
 * with the old page, and a load under way when the last edit was saved may render the text before it. So a while
 * after the last change, a page whose document was asked for before that change began loads again: the preview
 * always ends on the files as they are (blocks put in place from a render do not count: the page is still older).
 */
export function useConvergence(frame: FrameRef, revision: number, shown: (doc: Document) => void): void {
  useEffect(() => {
    if (revision === 0) return;
    const timer = setTimeout(() => reloadOlder(frame, revision, shown), CONVERGE_MS);
    return () => clearTimeout(timer);
  }, [frame, revision, shown]);
}

/** The most texts of one field a page may show while it is typed in that are kept (the latest). */
const TYPED_TEXTS = 400;

/** The texts a field showed while it is typed in. */
interface Typing {
  patch: TextPatch;
  /** every text shown meanwhile becomes the one typed last */
  typed: TextPatch;
  /** whether the studio's copy of the page held the text last typed */
  held: boolean;
  live: boolean;
}

const holds = (blocks: readonly unknown[], text: string) => JSON.stringify(blocks).includes(JSON.stringify(text));

/**
 * The text being typed as every page of the preview should show it until its render does: any text the field
 * showed while it was typed in becomes the text typed last. A page loaded meanwhile may have been rendered from the file a few keys before (asked for before the
 * last write, or while the key was on its way): it shows the typed text too, not a text one key behind. Once the
 * studio's copy of the page held the text typed and then no longer does (an undo, another editor), the typing is
 * over: a page loaded since shows the file. Undefined when nothing is being typed (or the page's blocks are unknown,
 * a landing page: then only the page shown as the key comes takes it).
 */
export function useLiveTyping(patch: TextPatch | undefined, blocks: readonly unknown[] | undefined): TextPatch | undefined {
  const [typing, setTyping] = useState<Typing | undefined>(undefined);
  let now = typing;
  if (patch && patch !== now?.patch) now = typedOn(now, patch);
  if (now && blocks) {
    const inFile = holds(blocks, now.patch.to);
    if (inFile && !now.held) now = { ...now, held: true };
    else if (!inFile && now.held && now.live) now = { ...now, live: false };
  }
  // kept for the next render (React renders this one again at once, with the same result)
  if (now !== typing) setTyping(now);
  if (!now || !blocks) return patch;
  return now.live ? now.typed : undefined;
}

/** A key typed: in the same field, the texts shown since the file last held one are kept (a page may show any). */
function typedOn(was: Typing | undefined, patch: TextPatch): Typing {
  const goesOn = was !== undefined && was.live && patch.from.includes(was.patch.to);
  const texts = new Set(goesOn ? [...was.typed.from, was.patch.to, ...patch.from] : patch.from);
  texts.delete(patch.to);
  return { patch, typed: { from: [...texts].slice(-TYPED_TEXTS), to: patch.to }, held: false, live: true };
}

/**
 * A text being typed shows in the page at once, and in each page loaded before its render has it (see
 * useLiveTyping); the render that follows the write confirms it. Returns what a page that loaded does.
 */
export function useTypedText(frame: FrameRef, typed: TextPatch | undefined): (doc: Document) => void {
  const latest = useRef(typed);
  useEffect(() => {
    latest.current = typed;
    const doc = frame.current?.contentDocument;
    if (typed && doc) patchText(doc, typed);
  }, [frame, typed]);
  return useCallback((doc: Document) => {
    if (latest.current) patchText(doc, latest.current);
  }, []);
}

/**
 * The selected block outlined after every render of the studio, and scrolled to (inside the page only) when it is
 * selected: typing elsewhere in the studio never moves a preview the person scrolled. Gives when it was last selected:
 * a page that was loading then is scrolled to it once it has loaded (see useFrameLoad).
 */
export function useSelectedBlock(frame: FrameRef, selected: number | undefined): RefObject<number> {
  /** when the selection last changed (pageClock: the frame's page compares its own timeOrigin with it) */
  const selectedAt = useRef(0);
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc) outlineBlock(doc, selected);
  });
  useEffect(() => {
    selectedAt.current = pageClock();
    const doc = frame.current?.contentDocument;
    if (doc) scrollToBlock(doc, selected);
  }, [frame, selected]);
  return selectedAt;
}

/**
 * Whether the page in the frame is the route's, read whole, and older than `at` (ms since the epoch): asked for
 * before it, or (`rendered`) rendered before it, its answer begun (the dev server answers once the page is
 * rendered: a page asked for just before a change may have been rendered with it).
 */
function olderPage(win: Window, doc: Document, route: string, at: number, rendered = false): boolean {
  if (doc.readyState === 'loading' || doc.location.pathname !== new URL(route, doc.baseURI).pathname) return false;
  const navigation = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return win.performance.timeOrigin + (rendered ? (navigation?.responseStart ?? Infinity) : 0) < at;
}

/**
 * A change of the page's blocks shown at once (see usePageChanges): blocks moved, taken out or copied put in their
 * new order, a new render's blocks put in place (see placeBlocks); only into a page of the same route older than
 * the change (a page loaded since shows it already), and the selected block kept in view. The frame hands its
 * taker to `take` while it is there.
 */
export function usePlacedBlocks(
  frame: FrameRef,
  take: (taker: ChangeTaker | undefined) => void,
  selected: number | undefined,
  shown: (doc: Document) => void,
): void {
  const selection = useRef(selected);
  useEffect(() => {
    selection.current = selected;
  }, [selected]);
  useEffect(() => {
    const show = (place: (doc: Document) => boolean, route: string, at: number, rendered?: boolean) => {
      const win = frame.current?.contentWindow;
      const doc = frame.current?.contentDocument;
      if (!win || !doc || !olderPage(win, doc, route, at, rendered) || !place(doc)) return;
      outlineBlock(doc, selection.current);
      scrollToBlock(doc, selection.current);
    };
    take((change) => {
      // after the frame has drawn what was just put in: a navigation begun before that would never show it
      if ('reload' in change) return afterPaint(frame.current?.contentWindow, () => reloadOlder(frame, change.reload.revision, shown));
      // by place: only in a page whose blocks are those before the change (not one rendered with it already)
      if ('moved' in change) show((doc) => reorderBlocks(doc, change.moved.order, change.moved.count), change.moved.route, change.moved.revision, true);
      else show((doc) => placeBlocks(doc, change.fresh.doc), change.fresh.route, change.fresh.askedAt);
    });
    return () => take(undefined);
  }, [frame, take, shown]);
}
