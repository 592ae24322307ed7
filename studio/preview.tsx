import { useEffect, useRef, useState } from 'react';

/** A text the person is typing, shown in the page at once: any of `from` (what the page may show now) becomes `to`. */
export interface TextPatch {
  from: string[];
  to: string;
}

interface PreviewProps {
  route: string;
  /** the site's language, which the preview's own controls speak */
  lang?: string;
  patch?: TextPatch;
  /** when the latest change of the site's files began (ms, growing): a page asked for before it loads again */
  revision: number;
  /** the block to outline and scroll to */
  selected: number | undefined;
  /** a click on a block of the page, by its place among the page's blocks */
  onSelect: (index: number) => void;
}

/** The page's blocks: the elements main holds, in order (each block renders one). */
function blockElements(doc: Document): Element[] {
  return [...(doc.querySelector('main')?.children ?? [])].filter((el) => el.tagName !== 'SCRIPT' && el.tagName !== 'TEMPLATE');
}

/**
 * Replaces the text `from` with `to` in the page's main content, in text nodes that hold exactly it: the same
 * text the render will put there, shown a reload sooner. A text the page shows otherwise (filled into a template,
 * split by markup) is left to the render.
 */
function patchText(doc: Document, patch: TextPatch): void {
  const main = doc.querySelector('main');
  const from = new Set(patch.from.filter((text) => text.trim() !== '' && text !== patch.to));
  if (!main || from.size === 0) return;
  const walker = doc.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue !== null && from.has(node.nodeValue)) node.nodeValue = patch.to;
  }
}

function Frame({ route, width, label, selected, onSelect, patch, revision, room }: PreviewProps & { width: number; label: string; room: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  /** the route the frame was last sent on to after a load elsewhere */
  const redirected = useRef<string | undefined>(undefined);

  // Vite reloads the page after each saved edit; a reload asked for while the page was already reloading is lost
  // with the old page, and a load under way when the last edit was saved may render the text before it. So a while
  // after the last change, a page whose document was asked for before that change began loads again: the preview
  // always ends on the files as they are.
  useEffect(() => {
    if (revision === 0) return;
    const timer = setTimeout(() => {
      const win = frame.current?.contentWindow;
      if (win && win.performance.timeOrigin < revision) win.location.reload();
    }, 1500);
    return () => clearTimeout(timer);
  }, [revision]);
  // the desktop page at half size, or smaller to fit the column; the phone at three quarters
  const scale = width > 600 ? Math.max(0.25, Math.min(0.5, (room - 8) / width)) : 0.75;

  // outline the selected block in the page, each time it loads or the selection changes
  const mark = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    blockElements(doc).forEach((el, index) => {
      const html = el as HTMLElement;
      html.style.outline = index === selected ? '3px solid #2563eb' : '';
      html.style.outlineOffset = index === selected ? '-3px' : '';
    });
  };

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (patch && doc) patchText(doc, patch);
  }, [patch]);

  // the outline follows every render; the page scrolls to a block only when it is selected (typing elsewhere in the
  // studio never moves a preview the person scrolled)
  useEffect(() => mark());
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    const el = selected === undefined || !doc ? undefined : blockElements(doc)[selected];
    el?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    // a reload the old page was asked for (a saved edit) can win over the navigation to another route: go on to
    // it, once (the paths compared as the browser encodes them: /café is /caf%C3%A9)
    const wanted = new URL(route, doc.baseURI).pathname;
    if (doc.location.pathname !== wanted && redirected.current !== wanted) {
      redirected.current = wanted;
      doc.location.replace(route);
      return;
    }
    redirected.current = undefined;
    mark();
    // a page opened anew shows the selected block; a reload (after an edit) stays where the person had scrolled
    const navigation = frame.current?.contentWindow?.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (selected !== undefined && navigation?.type !== 'reload') blockElements(doc)[selected]?.scrollIntoView({ block: 'nearest' });
    // a click on the page selects its block (links do not navigate away from the page being edited)
    doc.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element | null;
        const index = blockElements(doc).findIndex((el) => el.contains(target));
        if (index < 0) return;
        event.preventDefault();
        onSelect(index);
      },
      true,
    );
  };

  return (
    <figure className="frame" style={{ width: width * scale }}>
      <figcaption>
        {label} · {width} px
      </figcaption>
      <div className="frame-box" style={{ height: 900 * scale }}>
        <iframe
          ref={frame}
          title={`${label} preview of ${route}`}
          src={route}
          onLoad={onLoad}
          style={{ width, height: 900, transform: `scale(${scale})`, transformOrigin: '0 0' }}
        />
      </div>
    </figure>
  );
}

/**
 * The page as the dev server renders it (the build's own rendering, islands included), at desktop and phone width
 * side by side. Each frame reloads itself when a site file changes (Vite's client in the page), keeping its scroll.
 */
export function Preview(props: PreviewProps) {
  const box = useRef<HTMLElement>(null);
  const [room, setRoom] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setRoom(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <section className="preview" aria-label="Preview" ref={box}>
      <Frame {...props} width={1280} label="Desktop" room={room} />
      <Frame {...props} width={390} label="Phone" room={room} />
    </section>
  );
}
