import { useRef } from 'react';
import { usePageChanges, useTakers } from './preview-changes.ts';
import { Frame } from './preview-frame.tsx';
import { frameSizes, usePhoneShown, useRevealed, useRoom } from './preview-layout.ts';
import type { TextPatch } from './preview-page.ts';
import { previewTexts } from './preview-texts.ts';
import { useLiveTyping } from './preview-sync.ts';

export type { TextPatch } from './preview-page.ts';

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
  /**
   * the blocks of the page shown, as the studio holds them (none for a route with no page file, a landing page):
   * blocks moved or deleted then show in the page at once, with no render; without them every change but typing
   * waits for a render fetched in the background
   */
  blocks?: readonly unknown[];
}

/** the height of a frame's caption above its box (studio.css: .frame figcaption) */
const CAPTION = 22;

/**
 * The page as the dev server renders it (the build's own rendering, islands included), at desktop width and, when
 * the person shows it (a button, remembered), at phone width beside it, each scaled to share the preview's room.
 * The studio reloads each frame when a site file changes, keeping its scroll; before that, a typed text shows at
 * once, blocks moved, deleted or copied are put in their new order at once, and a block added comes from a render
 * fetched in the background, which the reload then waits for (see usePageChanges).
 */
export function Preview({ route, lang, patch, revision, selected, onSelect, blocks }: PreviewProps) {
  const t = previewTexts(lang);
  const section = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // a block selected, or another page shown, while the person had scrolled the column down to its panels
  useRevealed(section, `${route}#${selected}`);
  const room = useRoom(box);
  const [phoneShown, showPhone] = usePhoneShown(room.width);
  const sizes = frameSizes({ width: room.width, height: room.height - CAPTION }, phoneShown);
  // each frame shown takes the changes of the page's blocks
  const takers = useTakers();
  usePageChanges(route, revision, patch, blocks, takers.show);
  const typed = useLiveTyping(patch, blocks);
  const shared = { route, patch: typed, revision, selected, onSelect };
  return (
    <section className="preview" aria-label={t.region} ref={section}>
      <div className="preview-bar">
        <button type="button" className="preview-toggle" aria-pressed={phoneShown} title={t.showPhoneHint} onClick={() => showPhone(!phoneShown)}>
          {t.showPhone}
        </button>
      </div>
      <div className="preview-frames" ref={box}>
        {room.width > 0 ? (
          <>
            <Frame {...shared} take={takers.desktop} label={t.desktop} name={t.frame(t.desktop, route)} device="desktop" size={sizes.desktop} />
            {sizes.phone ? <Frame {...shared} take={takers.phone} label={t.phone} name={t.frame(t.phone, route)} device="phone" size={sizes.phone} /> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
