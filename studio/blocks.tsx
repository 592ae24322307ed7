import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { EditOp } from '../core/edit/ops.ts';
import { variants, type Located, type SchemaFiles } from './schema.ts';

type Block = Record<string, unknown> & { type?: string };

/** The number of problems of a file or block, as a red badge; nothing when there are none. */
export function ProblemBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="badge" aria-label={`${count} problem${count === 1 ? '' : 's'}`}>
      {count}
    </span>
  );
}

/** A block's name in the list: its type and its first words. */
function blockSummary(block: Block): string {
  const text = ['headline', 'heading', 'title', 'label', 'text', 'collection', 'form'].map((k) => block[k]).find((v) => typeof v === 'string');
  return typeof text === 'string' ? (text.length > 48 ? `${text.slice(0, 47)}…` : text) : '';
}

interface BlockListProps {
  blocks: Block[];
  selected: number | undefined;
  select: (index: number) => void;
  edit: (op: EditOp) => void;
  schemas: SchemaFiles;
  /** problems per block index */
  problemCount: (index: number) => number;
  /** the first value of a new block of a type (valid at once) */
  newValue: (located: Located) => unknown;
}

/**
 * The page's blocks in order: select one (and the preview shows it), add one of any registered type prefilled from
 * its schema, duplicate, delete, and reorder by drag and drop or from the keyboard (Alt+Arrow up and down).
 */
export function BlockList({ blocks, selected, select, edit, schemas, problemCount, newValue }: BlockListProps) {
  const types = variants(schemas, { schema: schemas['block.schema.json'] ?? {}, file: 'block.schema.json' });
  const [type, setType] = useState(types[0]?.tag ?? '');
  const [dragging, setDragging] = useState<number | undefined>();
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    edit({ op: 'move', path: ['blocks'], from, to });
    select(to);
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== undefined) move(dragging, index);
    setDragging(undefined);
  };
  const add = () => {
    const variant = types.find((t) => t.tag === type);
    if (!variant) return;
    const at = selected === undefined ? blocks.length : selected + 1;
    edit({ op: 'insert', path: ['blocks'], index: at, value: newValue(variant.located) });
    select(at);
  };

  return (
    <section className="blocks" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">Blocks</h2>
      <p className="hint">Alt+↑ and Alt+↓ move the selected block; drag a block to move it.</p>
      <ol className="block-list">
        {blocks.map((block, index) => {
          const count = problemCount(index);
          return (
            <li
              key={index}
              className={`block-item${index === selected ? ' is-selected' : ''}${index === dragging ? ' is-dragging' : ''}`}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
              data-block-index={index}
            >
              <button type="button" className="block-select" aria-pressed={index === selected} onClick={() => select(index)} onKeyDown={(e) => onKey(e, index)}>
                <span className="block-type">{block.type ?? '?'}</span>
                <span className="block-text">{blockSummary(block)}</span>
                <ProblemBadge count={count} />
              </button>
              <span className="block-actions">
                <button type="button" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={`Move block ${index + 1} up`}>
                  ↑
                </button>
                <button type="button" onClick={() => move(index, index + 1)} disabled={index === blocks.length - 1} aria-label={`Move block ${index + 1} down`}>
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() => {
                    edit({ op: 'insert', path: ['blocks'], index: index + 1, value: structuredClone(block) });
                    select(index + 1);
                  }}
                  aria-label={`Duplicate block ${index + 1}`}
                >
                  Copy
                </button>
                <button
                  type="button"
                  onClick={() => {
                    edit({ op: 'remove', path: ['blocks'], index });
                    select(Math.max(0, Math.min(index, blocks.length - 2)));
                  }}
                  aria-label={`Delete block ${index + 1}`}
                >
                  ✕
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="add-block">
        <label htmlFor="add-block-type">New block</label>
        <select id="add-block-type" value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag}
            </option>
          ))}
        </select>
        <button type="button" onClick={add}>
          Add block
        </button>
      </div>
    </section>
  );
}
