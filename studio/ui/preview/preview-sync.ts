import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { FromAgent, ToAgentBody } from './agent-messages.ts';
import { isFromAgent } from './agent-messages.ts';
import { pageClock } from './page-clock.ts';
import type { ChangeTaker } from './preview-changes.ts';
import type { TextPatch } from './preview-page.ts';

type FrameRef = RefObject<HTMLIFrameElement | null>;

/** how long after the last change a page that was asked for before it loads again */
const CONVERGE_MS = 1500;

/**
 * The studio's side of a preview's frame. The page in it is sandboxed on an opaque origin of its own: the studio never
 * touches its document, it posts what the page should show to the page's agent (preview-agent.ts) and hears back
 * from it (agent-messages.ts), only from the frame's own window. The studio alone loads the frame's page (its
 * navigation carries the studio's cookie and is the studio's own, which a navigation the page began would not be).
 */
export interface FrameLink {
  /** a message to the agent of the page the frame shows now (none when it has no agent: an error's text) */
  post(body: ToAgentBody): void;
  /** loads the route's page into the frame (in place of the page there: no step in the frame's history) */
  load(route: string): void;
  /** the frame goes to another page by itself (its src): that page is asked for now */
  going(): void;
  /** the page's agent said when its page was asked for (its timeOrigin) */
  heard(timeOrigin: number): void;
  /** when the page shown, or the one being loaded, was asked for (ms since the epoch): its agent says it exactly */
  readonly askedAt: number;
  /** whether the page shown has an agent (it said so) */
  readonly agent: boolean;
}

export function useFrameLink(frame: FrameRef): FrameLink {
  const [link] = useState<FrameLink>(() => {
    let askedAt = 0;
    let agent = false;
    const going = () => {
      askedAt = pageClock();
      agent = false;
    };
    return {
      post: (body) => frame.current?.contentWindow?.postMessage({ to: 'preview-agent', ...body }, '*'),
      load(route) {
        const win = frame.current?.contentWindow;
        if (!win) return;
        going();
        win.location.replace(route);
      },
      going,
      heard(timeOrigin) {
        askedAt = timeOrigin;
        agent = true;
      },
      get askedAt() {
        return askedAt;
      },
      get agent() {
        return agent;
      },
    };
  });
  return link;
}

/** The agent's messages from the frame's own window (never another frame's or another script's), to `heard`. */
export function useAgentMessages(frame: FrameRef, link: FrameLink, heard: (message: FromAgent) => void): void {
  const latest = useRef(heard);
  useEffect(() => {
    latest.current = heard;
  });
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow || !isFromAgent(event.data)) return;
      if (event.data.kind === 'hello' || event.data.kind === 'ready') link.heard(event.data.timeOrigin);
      latest.current(event.data);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frame, link]);
}

/**
 * Loads the frame's page again when it was asked for before `revision` (ms since the epoch): through its agent, which
 * answers once it has painted what it was given (see useReloads), or at once when the page has none.
 */
function reloadOlder(link: FrameLink, route: string, revision: number): void {
  if (link.askedAt >= revision) return;
  if (link.agent) link.post({ kind: 'reload', revision });
  else link.load(route);
}

/**
 * The studio reloads the page after each saved edit (usePageChanges); a reload asked for while the page was already reloading is lost
 * with the old page, and a load under way when the last edit was saved may render the text before it. So a while
 * after the last change, a page whose document was asked for before that change began loads again: the preview
 * always ends on the files as they are (blocks put in place from a render do not count: the page is still older).
 */
export function useConvergence(link: FrameLink, route: RefObject<string>, revision: number): void {
  useEffect(() => {
    if (revision === 0) return;
    const timer = setTimeout(() => reloadOlder(link, route.current, revision), CONVERGE_MS);
    return () => clearTimeout(timer);
  }, [link, route, revision]);
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
 * useLiveTyping: the agent of a page that starts is given it, see useFrameLoad); the render that follows the write
 * confirms it. Gives the text as it is now.
 */
export function useTypedText(link: FrameLink, typed: TextPatch | undefined): RefObject<TextPatch | undefined> {
  const latest = useRef(typed);
  // sent as the studio draws the key (a layout effect), not a frame later: the page draws it in a frame of its own
  useLayoutEffect(() => {
    latest.current = typed;
    link.post({ kind: 'typed', patch: typed });
  }, [link, typed]);
  return latest;
}

/**
 * The selected block outlined, and scrolled to (inside the page only) when it is selected: typing elsewhere in the
 * studio never moves a preview the person scrolled. Gives when it was last selected: a page that was loading then
 * is scrolled to it once it has loaded (see useFrameLoad).
 */
export function useSelectedBlock(link: FrameLink, selected: number | undefined): RefObject<number> {
  /** when the selection last changed (pageClock: the frame's page compares its own timeOrigin with it) */
  const selectedAt = useRef(0);
  useEffect(() => {
    selectedAt.current = pageClock();
    link.post({ kind: 'select', index: selected, scroll: true });
  }, [link, selected]);
  return selectedAt;
}

/**
 * A change of the page's blocks shown at once (see usePageChanges), by the page's agent: blocks moved, taken out or
 * copied put in their new order, a new render's blocks put in place (see placeBlocks); only into a page of the same
 * route older than the change (a page loaded since shows it already), and the selected block kept in view. The
 * reload that follows is asked of the agent, which answers once it has painted them. The frame hands its taker to
 * `take` while it is there.
 */
export function usePlacedBlocks(link: FrameLink, route: RefObject<string>, take: (taker: ChangeTaker | undefined) => void): void {
  useEffect(() => {
    take((change) => {
      if ('reload' in change) reloadOlder(link, route.current, change.reload.revision);
      else if ('moved' in change) link.post({ kind: 'moved', ...change.moved });
      else link.post({ kind: 'fresh', route: change.fresh.route, html: change.fresh.html, askedAt: change.fresh.askedAt });
    });
    return () => take(undefined);
  }, [link, route, take]);
}
