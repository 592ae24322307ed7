import { useEffect, useRef } from 'react';

interface PreviewProps {
  route: string;
  /** the block to outline and scroll to */
  selected: number | undefined;
  /** a click on a block of the page, by its place among the page's blocks */
  onSelect: (index: number) => void;
}

/** The page's blocks: the elements main holds, in order (each block renders one). */
function blockElements(doc: Document): Element[] {
  return [...(doc.querySelector('main')?.children ?? [])].filter((el) => el.tagName !== 'SCRIPT' && el.tagName !== 'TEMPLATE');
}

function Frame({ route, width, label, selected, onSelect }: PreviewProps & { width: number; label: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const scale = width > 600 ? 0.5 : 0.75;

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
    mark();
    const doc = frame.current?.contentDocument;
    const el = selected === undefined || !doc ? undefined : blockElements(doc)[selected];
    el?.scrollIntoView({ block: 'nearest' });
  });

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    mark();
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
  return (
    <section className="preview" aria-label="Preview">
      <Frame {...props} width={1280} label="Desktop" />
      <Frame {...props} width={390} label="Phone" />
    </section>
  );
}
