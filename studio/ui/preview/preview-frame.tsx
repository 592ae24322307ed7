import { useEffect, useRef, type RefObject } from 'react';
import type { FrameSize } from './preview-layout.ts';
import { blockElements, outlineBlock, scrollToBlock, type TextPatch } from './preview-page.ts';
import type { ChangeTaker } from './preview-changes.ts';
import { useConvergence, usePlacedBlocks, useSelectedBlock, useTypedText } from './preview-sync.ts';

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
 * What a page does when it has loaded in the frame: a reload the old page was asked for (a saved edit) can win
 * over the navigation to another route, so it goes on to that route (once); else its selected block is outlined,
 * shown when the page was opened anew or selected while it loaded (a reload stays where the person had scrolled),
 * and a click on a block selects it (links do not navigate away from the page being edited).
 */
function useFrameLoad(
  frame: RefObject<HTMLIFrameElement | null>,
  route: string,
  selected: number | undefined,
  selectedAt: RefObject<number>,
  onSelect: (index: number) => void,
  typed: (doc: Document) => void,
) {
  /** the route the frame was last sent on to after a load elsewhere */
  const redirected = useRef<string | undefined>(undefined);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);
  // another route: it may be sent on to once more
  useEffect(() => {
    redirected.current = undefined;
  }, [route]);
  return () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    const navigation = frame.current?.contentWindow?.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    // the paths compared as the browser encodes them: /café is /caf%C3%A9; a reload of the old page (files restored
    // one after another reload it again) wins over the way on once more, so it is sent on again
    const wanted = new URL(route, doc.baseURI).pathname;
    if (doc.location.pathname !== wanted && (redirected.current !== wanted || navigation?.type === 'reload')) {
      redirected.current = wanted;
      doc.location.replace(route);
      return;
    }
    redirected.current = undefined;
    // a page asked for a key or two before the last write shows the text typed, as the page before it did
    typed(doc);
    outlineBlock(doc, selected);
    // a reload keeps where the page was scrolled, unless a block was selected while it loaded: the page it replaced
    // may have gone before it could be scrolled to the block
    const loadStarted = frame.current?.contentWindow?.performance.timeOrigin ?? 0;
    if (navigation?.type !== 'reload') scrollToBlock(doc, selected);
    else if (selectedAt.current >= loadStarted) {
      // the browser puts back the old page's scroll on a reload, possibly after this: scrolled once more after it
      scrollToBlock(doc, selected);
      doc.defaultView?.requestAnimationFrame(() => scrollToBlock(doc, selected));
    }
    doc.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element | null;
        const index = blockElements(doc).findIndex((el) => el.contains(target));
        if (index < 0) return;
        event.preventDefault();
        select.current(index);
      },
      true,
    );
  };
}

/** One device's preview: the page at the device's width, drawn scaled into a box as tall as the preview. */
export function Frame({ route, label, name, device, size, patch, revision, take, selected, onSelect }: FrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const typed = useTypedText(frame, patch);
  useConvergence(frame, revision, typed);
  const selectedAt = useSelectedBlock(frame, selected);
  usePlacedBlocks(frame, take, selected, typed);
  const onLoad = useFrameLoad(frame, route, selected, selectedAt, onSelect, typed);
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
          onLoad={onLoad}
          style={{ width: size.width, height: size.viewHeight, transform: `scale(${size.scale})`, transformOrigin: '0 0' }}
        />
      </div>
    </figure>
  );
}
