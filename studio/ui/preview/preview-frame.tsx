import { useEffect, useRef, type RefObject } from 'react';
import type { FromAgent } from './agent-messages.ts';
import type { FrameSize } from './preview-layout.ts';
import type { TextPatch } from './preview-page.ts';
import type { ChangeTaker } from './preview-changes.ts';
import { useAgentMessages, useConvergence, useFrameLink, usePlacedBlocks, useSelectedBlock, useTypedText, type FrameLink } from './preview-sync.ts';

export interface FrameProps {
  route: string;
  /** the device, as the caption says it */
  label: string;
  /** the frame's title (its accessible name and tooltip), in the site's language */
  name: string;
  /** which preview it is, for tests and benchmarks to find it whatever the language */
  device: 'desktop' | 'phone';
  size: FrameSize;
  /** the text being typed, shown at once and in each page that loads before its render has it (useLiveTyping) */
  patch?: TextPatch;
  revision: number;
  /** where the frame leaves how it takes a change of the page's blocks, shown at once before the reload */
  take: (taker: ChangeTaker | undefined) => void;
  selected: number | undefined;
  onSelect: (index: number) => void;
}

/**
 * What the frame's page may do: run its scripts (the site's islands, forms and chat), validate and send its forms,
 * open a window; never be of the studio's origin (no allow-same-origin): its scripts can neither read the studio's
 * page nor call the studio with its cookie.
 */
const SANDBOX = 'allow-scripts allow-forms allow-popups';

/**
 * What the studio does as the frame's page tells it (useAgentMessages). A page that starts is given the text typed
 * and the selection at once; once its text is there: a reload the old page was asked for (a saved edit) can win over
 * the navigation to another route, so it goes on to that route (once); else its selected block is outlined, and
 * shown when the page was opened anew or selected while it loaded (a reload stays where the person had scrolled, as
 * the agent puts it back). A click on a block selects it (the agent keeps links from leading the page away), and a
 * page older than a change that has painted what it was given is loaded again.
 */
function useFrameLoad(
  link: FrameLink,
  route: string,
  typed: RefObject<TextPatch | undefined>,
  selected: number | undefined,
  selectedAt: RefObject<number>,
  onSelect: (index: number) => void,
) {
  /** the route the frame was last sent on to after a load elsewhere */
  const redirected = useRef<string | undefined>(undefined);
  const selection = useRef(selected);
  useEffect(() => {
    selection.current = selected;
  }, [selected]);
  // another route: it may be sent on to once more
  useEffect(() => {
    redirected.current = undefined;
  }, [route]);
  return (message: FromAgent) => {
    if (message.kind === 'select') return onSelect(message.index);
    if (message.kind === 'reload') {
      // unless a page was asked for since
      if (link.askedAt < message.revision) link.load(route);
      return;
    }
    // a page asked for a key or two before the last write shows the text typed, as the page before it did
    link.post({ kind: 'typed', patch: typed.current });
    if (message.kind === 'hello') return link.post({ kind: 'select', index: selection.current, scroll: false });
    // the paths compared as the browser encodes them: /café is /caf%C3%A9
    const wanted = new URL(route, window.location.href).pathname;
    if (message.path !== wanted && redirected.current !== wanted) {
      redirected.current = wanted;
      return link.load(route);
    }
    redirected.current = undefined;
    // a reload keeps where the page was scrolled, unless a block was selected while it loaded: the page it replaced
    // may have gone before it could be scrolled to the block
    link.post({ kind: 'select', index: selection.current, scroll: !message.restored || selectedAt.current >= message.timeOrigin });
  };
}

/** One device's preview: the page at the device's width, drawn scaled into a box as tall as the preview. */
export function Frame({ route, label, name, device, size, patch, revision, take, selected, onSelect }: FrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const link = useFrameLink(frame);
  const current = useRef(route);
  useEffect(() => {
    current.current = route;
    // the frame goes to the route (its src): the page there is asked for now
    link.going();
  }, [link, route]);
  const typed = useTypedText(link, patch);
  useConvergence(link, current, revision);
  const selectedAt = useSelectedBlock(link, selected);
  usePlacedBlocks(link, current, take);
  useAgentMessages(frame, link, useFrameLoad(link, route, typed, selected, selectedAt, onSelect));
  return (
    <figure className="frame" style={{ width: size.boxWidth }}>
      <figcaption>
        {label} · {size.width} px
      </figcaption>
      <div className="frame-box" style={{ width: size.boxWidth, height: size.boxHeight }}>
        <iframe
          ref={frame}
          title={name}
          data-device={device}
          src={route}
          sandbox={SANDBOX}
          style={{ width: size.width, height: size.viewHeight, transform: `scale(${size.scale})`, transformOrigin: '0 0' }}
        />
      </div>
    </figure>
  );
}
