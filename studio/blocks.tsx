import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { EditOp } from '../core/edit/ops.ts';
import { variants, type Located, type SchemaFiles } from './schema.ts';
import { BlockPalette } from './block-palette.tsx';
import { missingCollection } from './block-needs.ts';
import { blockOf } from './names.ts';
import { studioTexts } from './texts.ts';

type Block = Record<string, unknown> & { type?: string };

/** The number of problems of a file or block, as a red badge; nothing when there are none. */
export function ProblemBadge({ count, lang }: { count: number; lang: string }) {
  if (count === 0) return null;
  return (
    <span className="badge" aria-label={studioTexts(lang).problemCount(count)}>
      {count}
    </span>
  );
}

/** A block's first words in the list: its heading, title or text. */
function blockSummary(block: Block): string {
  const text = ['headline', 'heading', 'title', 'label', 'text'].map((k) => block[k]).find((v) => typeof v === 'string' && v !== '');
  return typeof text === 'string' ? (text.length > 48 ? `${text.slice(0, 47)}…` : text) : '';
}

interface BlockListProps {
  lang: string;
  blocks: Block[];
  selected: number | undefined;
  select: (index: number) => void;
  edit: (op: EditOp) => void;
  schemas: SchemaFiles;
  /** problems per block index */
  problemCount: (index: number) => number;
  /** the first value of a new block of a type (valid at once) */
  newValue: (located: Located) => unknown;
  /** a block was added (its name, for the status line) */
  added?: (name: string) => void;
  /** every site file's path: a block of a collection the site lacks is offered with what is missing */
  paths: string[];
}

/**
 * The page's blocks in order, each by its type's name and first words: select one (and the preview shows it), add
 * one from the palette after the selected one (prefilled from its schema), duplicate, delete, and reorder by drag
 * and drop or from the keyboard (Alt+Arrow up and down).
 */
export function BlockList({ lang, blocks, selected, select, edit, schemas, problemCount, newValue, added, paths }: BlockListProps) {
  const t = studioTexts(lang);
  const types = variants(schemas, { schema: schemas['block.schema.json'] ?? {}, file: 'block.schema.json' });
  const [dragging, setDragging] = useState<number | undefined>();
  const list = useRef<HTMLOListElement>(null);
  /** a block just added: the keyboard goes to it once the list shows it */
  const arriving = useRef<{ index: number; count: number } | undefined>(undefined);
  useEffect(() => {
    const wanted = arriving.current;
    if (!wanted || blocks.length <= wanted.count) return;
    arriving.current = undefined;
    list.current?.querySelector<HTMLButtonElement>(`[data-block-index="${wanted.index}"] .block-select`)?.focus();
  }, [blocks.length]);
  const nameOf = (block: Block | undefined) => blockOf(lang, String(block?.type ?? '')).name;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    edit({ op: 'move', path: ['blocks'], from, to });
    select(to);
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    move(index, to);
    // the keyboard moves with the block: the next Alt+Arrow moves it on
    list.current?.querySelector<HTMLButtonElement>(`[data-block-index="${to}"] .block-select`)?.focus();
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== undefined) move(dragging, index);
    setDragging(undefined);
  };
  const add = (type: string) => {
    const variant = types.find((v) => v.tag === type);
    if (!variant) return;
    const at = selected === undefined ? blocks.length : selected + 1;
    arriving.current = { index: at, count: blocks.length };
    edit({ op: 'insert', path: ['blocks'], index: at, value: newValue(variant.located) });
    select(at);
    added?.(blockOf(lang, type).name);
  };

  return (
    <section className="blocks" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">{t.blocks}</h2>
      <p className="hint">{t.blocksHint}</p>
      <ol className="block-list" ref={list}>
        {blocks.map((block, index) => {
          const count = problemCount(index);
          const what = t.blockShort(index + 1, nameOf(block));
          return (
            <li
              key={index}
              className={`block-item${index === selected ? ' is-selected' : ''}${index === dragging ? ' is-dragging' : ''}`}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
              data-block-index={index}
              data-block-type={String(block.type ?? '')}
            >
              <button type="button" className="block-select" aria-pressed={index === selected} onClick={() => select(index)} onKeyDown={(e) => onKey(e, index)}>
                <span className="block-type">{nameOf(block)}</span>
                <span className="block-text">{blockSummary(block)}</span>
                <ProblemBadge count={count} lang={lang} />
              </button>
              <span className="block-actions">
                <button type="button" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={t.moveUp(what)}>
                  ↑
                </button>
                <button type="button" onClick={() => move(index, index + 1)} disabled={index === blocks.length - 1} aria-label={t.moveDown(what)}>
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() => {
                    edit({ op: 'insert', path: ['blocks'], index: index + 1, value: structuredClone(block) });
                    select(index + 1);
                  }}
                  aria-label={t.duplicate(what)}
                >
                  {t.copy}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    edit({ op: 'remove', path: ['blocks'], index });
                    select(Math.max(0, Math.min(index, blocks.length - 2)));
                  }}
                  aria-label={t.remove(what)}
                >
                  ✕
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <BlockPalette
        lang={lang}
        types={types.map((v) => v.tag)}
        after={selected !== undefined && blocks[selected] ? t.blockShort(selected + 1, nameOf(blocks[selected])) : undefined}
        choose={add}
        needs={(tag) => {
          const variant = types.find((v) => v.tag === tag);
          const kind = variant && missingCollection(schemas, variant.located, paths);
          return kind ? t.paletteNeeds(t.collectionKinds[kind] ?? kind) : undefined;
        }}
      />
    </section>
  );
}
