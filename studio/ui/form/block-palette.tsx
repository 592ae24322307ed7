import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { blockOf, pictureSrc } from './names.ts';
import { studioTexts } from '../texts.ts';
import './palette.css';

interface BlockPaletteProps {
  lang: string;
  /** the block types, in the schema's order */
  types: string[];
  /** the block the new one goes after ("blok 2 (Tekst)"), or none: at the end */
  after?: string;
  choose: (type: string) => void;
  /** why a type cannot be added yet (a list it shows that the site lacks), or nothing */
  needs?: (type: string) => string | undefined;
}

/** While the cards are open: the keyboard starts on the first, and Escape closes them and goes back to the button. */
function usePaletteKeys(open: boolean, close: () => void, list: RefObject<HTMLUListElement | null>, box: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    if (!open) return;
    list.current?.querySelector('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
    };
    const element = box.current;
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
    // `close` only sets state and moves the focus: the keys are bound again when the cards open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}

/** One block type's card: a button named by the block's name, with its picture and its description (or why not yet). */
function PaletteCard({
  id,
  lang,
  type,
  index,
  missing,
  choose,
}: {
  id: string;
  lang: string;
  type: string;
  index: number;
  missing?: string;
  choose: () => void;
}) {
  const info = blockOf(lang, type);
  const description = missing ?? info.description;
  return (
    <li>
      <button
        type="button"
        className="palette-item"
        data-block-type={type}
        aria-labelledby={`${id}-name-${index}`}
        aria-describedby={description ? `${id}-description-${index}` : undefined}
        disabled={missing !== undefined}
        onClick={choose}
      >
        <img className="palette-picture" alt="" src={pictureSrc(info.picture)} width={120} height={72} />
        <span className="palette-name" id={`${id}-name-${index}`}>
          {info.name}
        </span>
        {description ? (
          <span className="palette-description" id={`${id}-description-${index}`}>
            {description}
          </span>
        ) : null}
      </button>
    </li>
  );
}

/**
 * "Add a block": a button that opens every block type as a card with its picture, name and one-line description;
 * choosing one adds it (after the selected block) and closes the cards. Each card is a button named by the block's
 * name (its description is its description); Escape closes them, and the keyboard goes back to the button.
 */
export function BlockPalette({ lang, types, after, choose, needs }: BlockPaletteProps) {
  const t = studioTexts(lang);
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  usePaletteKeys(open, close, list, box);
  const pick = (type: string) => {
    // the palette goes; the list moves the keyboard onto the new block
    setOpen(false);
    choose(type);
  };
  return (
    <div className="block-adder">
      <button ref={toggle} type="button" className="palette-toggle" aria-expanded={open} aria-controls={`${id}-palette`} onClick={() => setOpen(!open)}>
        {t.addBlock}
      </button>
      {open ? (
        <div ref={box} id={`${id}-palette`} className="palette" role="group" aria-labelledby={`${id}-title`}>
          <h3 id={`${id}-title`} className="palette-title">
            {t.paletteTitle}
          </h3>
          <p className="hint">{after ? t.paletteAfter(after) : t.paletteAtEnd}</p>
          {/* an explicit role: a list styled without bullets keeps its semantics in every screen reader */}
          {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
          <ul ref={list} className="palette-list" role="list">
            {types.map((type, index) => (
              <PaletteCard key={type} id={id} lang={lang} type={type} index={index} missing={needs?.(type)} choose={() => pick(type)} />
            ))}
          </ul>
          <button type="button" onClick={close}>
            {t.close}
          </button>
        </div>
      ) : null}
    </div>
  );
}
