import { useEffect, useRef, type RefObject } from 'react';
import type { ChangeTaker } from './preview-changes.ts';
import { outlineBlock, patchText, placeBlocks, reorderBlocks, scrollToBlock, type TextPatch } from './preview-page.ts';

type FrameRef = RefObject<HTMLIFrameElement | null>;

/** how long after the last change a page that was asked for before it loads again */
const CONVERGE_MS = 1500;

/** Runs `then` once the window has drawn its next frame (its animation frame, then a task after it). */
function afterPaint(win: Window | null | undefined, then: () => void): void {
  if (win) win.requestAnimationFrame(() => win.setTimeout(then, 0));
}

/** Loads the frame's page again when it was asked for before `revision` (ms since the epoch). */
function reloadOlder(win: Window | null | undefined, revision: number): void {
  if (win && win.performance.timeOrigin < revision) win.location.reload();
}

/**
 * The studio reloads the page after each saved edit (usePageChanges); a reload asked for while the page was already reloading is lost
 * with the old page, and a load under way when the last edit was saved may render the text before it. So a while
 * after the last change, a page whose document was asked for before that change began loads again: the preview
 * always ends on the files as they are (blocks put in place from a render do not count: the page is still older).
 */
export function useConvergence(frame: FrameRef, revision: number): void {
  useEffect(() => {
    if (revision === 0) return;
    const timer = setTimeout(() => reloadOlder(frame.current?.contentWindow, revision), CONVERGE_MS);
    return () => clearTimeout(timer);
  }, [frame, revision]);
}

/** A text being typed shows in the page at once; the render that follows the write confirms it. */
export function useTypedText(frame: FrameRef, patch: TextPatch | undefined): void {
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (patch && doc) patchText(doc, patch);
  }, [frame, patch]);
}

/**
 * The selected block outlined after every render of the studio, and scrolled to (inside the page only) when it is
 * selected: typing elsewhere in the studio never moves a preview the person scrolled.
 */
export function useSelectedBlock(frame: FrameRef, selected: number | undefined): void {
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc) outlineBlock(doc, selected);
  });
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc) scrollToBlock(doc, selected);
  }, [frame, selected]);
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
export function usePlacedBlocks(frame: FrameRef, take: (taker: ChangeTaker | undefined) => void, selected: number | undefined): void {
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
      if ('reload' in change) return afterPaint(frame.current?.contentWindow, () => reloadOlder(frame.current?.contentWindow, change.reload.revision));
      // by place: only in a page whose blocks are those before the change (not one rendered with it already)
      if ('moved' in change) show((doc) => reorderBlocks(doc, change.moved.order, change.moved.count), change.moved.route, change.moved.revision, true);
      else show((doc) => placeBlocks(doc, change.fresh.doc), change.fresh.route, change.fresh.askedAt);
    });
    return () => take(undefined);
  }, [frame, take]);
}
