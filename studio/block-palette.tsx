import { useEffect, useId, useRef, useState } from 'react';
import { blockOf, pictureSrc } from './names.ts';
import { studioTexts } from './texts.ts';
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
  useEffect(() => {
    if (!open) return;
    list.current?.querySelector('button')?.focus();
    // Escape closes the cards, and the keyboard goes back to the button that opened them
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    const element = box.current;
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, [open]);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
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
            {types.map((type, index) => {
              const info = blockOf(lang, type);
              const missing = needs?.(type);
              const description = missing ?? info.description;
              return (
                <li key={type}>
                  <button
                    type="button"
                    className="palette-item"
                    data-block-type={type}
                    aria-labelledby={`${id}-name-${index}`}
                    aria-describedby={description ? `${id}-description-${index}` : undefined}
                    disabled={missing !== undefined}
                    onClick={() => {
                      // the palette goes; the list moves the keyboard onto the new block
                      setOpen(false);
                      choose(type);
                    }}
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
            })}
          </ul>
          <button type="button" onClick={close}>
            {t.close}
          </button>
        </div>
      ) : null}
    </div>
  );
}
