import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import type { EditOp } from '../../../core/edit/ops.ts';
import { variants, type Located, type SchemaFiles } from './schema.ts';
import { BlockPalette } from './block-palette.tsx';
import { missingCollection } from './block-needs.ts';
import { blockOf } from './names.ts';
import { studioTexts } from '../texts.ts';

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

type Texts = ReturnType<typeof studioTexts>;

/**
 * Moving blocks: by the arrows, from the keyboard (Alt+Arrow up and down, the keyboard moving with the block) and by
 * drag and drop; the moved block stays selected.
 */
function useBlockMoves(count: number, edit: (op: EditOp) => void, select: (index: number) => void, list: RefObject<HTMLOListElement | null>) {
  const [dragging, setDragging] = useState<number | undefined>();
  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
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
  return { dragging, setDragging, move, onKey, onDrop };
}

type Moves = ReturnType<typeof useBlockMoves>;

/** A block just added: the keyboard goes to it once the list shows it (call the function with its place first). */
function useFocusArriving(count: number, list: RefObject<HTMLOListElement | null>) {
  const arriving = useRef<{ index: number; count: number } | undefined>(undefined);
  useEffect(() => {
    const wanted = arriving.current;
    if (!wanted || count <= wanted.count) return;
    arriving.current = undefined;
    list.current?.querySelector<HTMLButtonElement>(`[data-block-index="${wanted.index}"] .block-select`)?.focus();
  }, [count, list]);
  return (index: number) => {
    arriving.current = { index, count };
  };
}

interface BlockItemProps {
  t: Texts;
  lang: string;
  block: Block;
  index: number;
  /** how many blocks the page has */
  count: number;
  name: string;
  problems: number;
  selected: boolean;
  select: (index: number) => void;
  edit: (op: EditOp) => void;
  moves: Moves;
}

/** A block's buttons beside it: up, down, copy, delete (each named with the block it acts on). */
function BlockActions({ t, block, index, count, name, select, edit, moves }: Omit<BlockItemProps, 'lang' | 'problems' | 'selected'>) {
  const what = t.blockShort(index + 1, name);
  const duplicate = () => {
    edit({ op: 'insert', path: ['blocks'], index: index + 1, value: structuredClone(block) });
    select(index + 1);
  };
  const remove = () => {
    edit({ op: 'remove', path: ['blocks'], index });
    select(Math.max(0, Math.min(index, count - 2)));
  };
  return (
    <span className="block-actions">
      <button type="button" onClick={() => moves.move(index, index - 1)} disabled={index === 0} aria-label={t.moveUp(what)}>
        ↑
      </button>
      <button type="button" onClick={() => moves.move(index, index + 1)} disabled={index === count - 1} aria-label={t.moveDown(what)}>
        ↓
      </button>
      <button type="button" onClick={duplicate} aria-label={t.duplicate(what)}>
        {t.copy}
      </button>
      <button type="button" onClick={remove} aria-label={t.remove(what)}>
        ✕
      </button>
    </span>
  );
}

/** One block in the list: its name, first words and problems (a click selects it), its buttons, dragged by itself. */
function BlockItem(props: BlockItemProps) {
  const { lang, block, index, name, problems, selected, select, moves } = props;
  return (
    <li
      className={`block-item${selected ? ' is-selected' : ''}${index === moves.dragging ? ' is-dragging' : ''}`}
      draggable
      onDragStart={() => moves.setDragging(index)}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => moves.onDrop(e, index)}
      data-block-index={index}
      data-block-type={String(block.type ?? '')}
    >
      <button type="button" className="block-select" aria-pressed={selected} onClick={() => select(index)} onKeyDown={(e) => moves.onKey(e, index)}>
        <span className="block-type">{name}</span>
        <span className="block-text">{blockSummary(block)}</span>
        <ProblemBadge count={problems} lang={lang} />
      </button>
      <BlockActions {...props} />
    </li>
  );
}

/**
 * The page's blocks in order, each by its type's name and first words: select one (and the preview shows it), add
 * one from the palette after the selected one (prefilled from its schema), duplicate, delete, and reorder by drag
 * and drop or from the keyboard (Alt+Arrow up and down).
 */
export function BlockList({ lang, blocks, selected, select, edit, schemas, problemCount, newValue, added, paths }: BlockListProps) {
  const t = studioTexts(lang);
  const types = variants(schemas, { schema: schemas['block.schema.json'] ?? {}, file: 'block.schema.json' });
  const list = useRef<HTMLOListElement>(null);
  const moves = useBlockMoves(blocks.length, edit, select, list);
  const arrives = useFocusArriving(blocks.length, list);
  const nameOf = (block: Block | undefined) => blockOf(lang, String(block?.type ?? '')).name;
  const add = (type: string) => {
    const variant = types.find((v) => v.tag === type);
    if (!variant) return;
    const at = selected === undefined ? blocks.length : selected + 1;
    arrives(at);
    edit({ op: 'insert', path: ['blocks'], index: at, value: newValue(variant.located) });
    select(at);
    added?.(blockOf(lang, type).name);
  };
  const needs = (tag: string) => {
    const variant = types.find((v) => v.tag === tag);
    const kind = variant && missingCollection(schemas, variant.located, paths);
    return kind ? t.paletteNeeds(t.collectionKinds[kind] ?? kind) : undefined;
  };
  const shared = { t, lang, count: blocks.length, select, edit, moves };
  return (
    <section className="blocks" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">{t.blocks}</h2>
      <p className="hint">{t.blocksHint}</p>
      <ol className="block-list" ref={list}>
        {blocks.map((block, index) => (
          <BlockItem key={index} {...shared} block={block} index={index} name={nameOf(block)} problems={problemCount(index)} selected={index === selected} />
        ))}
      </ol>
      <BlockPalette
        lang={lang}
        types={types.map((v) => v.tag)}
        after={selected !== undefined && blocks[selected] ? t.blockShort(selected + 1, nameOf(blocks[selected])) : undefined}
        choose={add}
        needs={needs}
      />
    </section>
  );
}
