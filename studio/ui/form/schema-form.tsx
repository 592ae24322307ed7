import { useEffect, useId, useState, type ReactNode } from 'react';
import { fieldSchema, initialValue, inputKind, shownMembers, type Schema } from './schema.ts';
import { describedBy, hasHelp, Help, Messages, pointerOf, type FieldProps, type FormContext, type Path } from './field-common.tsx';
import { TextInput } from './text-input.tsx';
import { isLinkSchema, LinkField } from './link-field.tsx';
import { useStableKeys } from './use-stable-keys.ts';
import { choiceLabel, fieldText, itemLabel } from './labels.ts';
import { studioTexts } from '../texts.ts';

// the form's shared pieces, where the studio has always imported them from
export { pointerOf, type FieldProblems, type FormContext, type Path } from './field-common.tsx';

function Choice({ ctx, located, value, path, label, help, required, holder }: FieldProps) {
  const id = useId();
  const t = studioTexts(ctx.lang);
  const options = located.schema.enum ?? [];
  const key = path[path.length - 1];
  // the catalog's words for this field of this schema ("Soort pagina": "Een pagina met inhoud per plaats"); labels.test.ts sees that every option has them
  const optionText = (option: unknown) => (holder && typeof key === 'string' ? choiceLabel(ctx.lang, holder, key, option) : String(option));
  const invalid = (ctx.problems.get(pointerOf(path))?.length ?? 0) > 0;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Help ctx={ctx} path={path} help={help} id={`${id}-help`} />
      <select
        id={id}
        data-pointer={pointerOf(path)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hasHelp(ctx, path, help) && `${id}-help`, invalid && `${id}-problems`)}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          if (e.target.value === '' && typeof key === 'string') ctx.edit({ op: 'removeKey', path: path.slice(0, -1), key });
          else ctx.edit({ op: 'set', path, value: options.find((o) => String(o) === e.target.value) });
        }}
      >
        {required ? null : <option value="">{located.schema.default !== undefined ? t.byDefault(optionText(located.schema.default)) : t.none}</option>}
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {optionText(o)}
          </option>
        ))}
      </select>
      <Messages ctx={ctx} path={path} id={`${id}-problems`} />
    </div>
  );
}

function Toggle({ ctx, located, value, path, label, help }: FieldProps) {
  const id = useId();
  const checked = value === undefined ? located.schema.default === true : value === true;
  const invalid = (ctx.problems.get(pointerOf(path))?.length ?? 0) > 0;
  return (
    <div className="field field--inline">
      <input
        id={id}
        type="checkbox"
        data-pointer={pointerOf(path)}
        checked={checked}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hasHelp(ctx, path, help) && `${id}-help`, invalid && `${id}-problems`)}
        onChange={(e) => ctx.edit({ op: 'set', path, value: e.target.checked })}
      />
      <label htmlFor={id}>{label}</label>
      <Help ctx={ctx} path={path} help={help} id={`${id}-help`} />
      <Messages ctx={ctx} path={path} id={`${id}-problems`} />
    </div>
  );
}

/** A group of fields (an object, a list) with its title, help and problems; bare: the fields alone, its problems above them. */
function Group({
  title,
  help,
  children,
  path,
  ctx,
  bare,
}: {
  title: string;
  help?: string;
  children: ReactNode;
  path: Path;
  ctx: FormContext;
  bare?: boolean;
}) {
  const id = useId();
  const problems = <Messages ctx={ctx} path={path} id={`${id}-problems`} />;
  if (bare)
    return (
      <div data-pointer={pointerOf(path)}>
        {problems}
        {children}
      </div>
    );
  return (
    <fieldset className="group" data-pointer={pointerOf(path)} aria-describedby={describedBy(hasHelp(ctx, path, help) && `${id}-help`)}>
      <legend>{title}</legend>
      <Help ctx={ctx} path={path} help={help} id={`${id}-help`} />
      {problems}
      {children}
    </fieldset>
  );
}

/**
 * The form of an image object (a file and its alt text): a picture uploaded into it takes the old alt text away in
 * the same step (it described the old picture; kept, it would go live silently under the new one), and the keyboard
 * goes to its field, which says why it is empty until something is written in it.
 */
function useNewPicture(ctx: FormContext, schema: Schema, path: Path, alt: unknown): FormContext {
  const [fresh, setFresh] = useState(false);
  const written = typeof alt === 'string' && alt !== '';
  useEffect(() => {
    if (written) setFresh(false);
  }, [written]);
  if (!schema.properties?.src || !schema.properties.alt) return ctx;
  const altPointer = pointerOf([...path, 'alt']);
  return {
    ...ctx,
    edit: (change, key) => {
      if (key !== `upload:${pointerOf([...path, 'src'])}`) return ctx.edit(change, key);
      ctx.edit([...(Array.isArray(change) ? change : [change]), { op: 'set', path: [...path, 'alt'], value: '' }], key);
      setFresh(true);
      ctx.focus?.(altPointer);
    },
    note: (pointer) => (pointer === altPointer && fresh ? studioTexts(ctx.lang).newPictureAlt : ctx.note?.(pointer)),
  };
}

function ObjectFields({ ctx: form, located, value, path, label, help, bare }: FieldProps) {
  const { schema, file } = located;
  const data = (value ?? {}) as Record<string, unknown>;
  const ctx = useNewPicture(form, schema, path, data.alt);
  const required = new Set(schema.required ?? []);
  const entries = shownMembers(schema, value).filter(([key]) => !ctx.hidden?.(pointerOf([...path, key])));
  const body = entries.map(([key, child]) => {
    const text = fieldText(ctx.lang, schema, key);
    return (
      <SchemaField
        key={key}
        ctx={ctx}
        located={{ schema: child, file }}
        value={data[key]}
        path={[...path, key]}
        label={text.label}
        help={text.help}
        required={required.has(key)}
        siblings={entries.map(([name]) => name)}
        holder={schema}
      />
    );
  });
  if (path.length === 0) return <>{body}</>;
  return (
    <Group title={label} help={help} path={path} ctx={ctx} bare={bare}>
      {value === undefined ? (
        <button
          type="button"
          onClick={() => {
            const key = path[path.length - 1];
            ctx.edit({ op: 'set', path, value: initialValue(ctx.files, located, { ...ctx, key: typeof key === 'string' ? key : undefined }) });
          }}
        >
          {studioTexts(ctx.lang).addGroup(label)}
        </button>
      ) : (
        body
      )}
    </Group>
  );
}

function ArrayFields({ ctx, located, value, path, label, help, holder }: FieldProps) {
  const t = studioTexts(ctx.lang);
  const items = Array.isArray(value) ? value : [];
  const keys = useStableKeys(items);
  const itemSchema = located.schema.items ? { schema: located.schema.items, file: located.file } : undefined;
  const key = path[path.length - 1];
  /** an item's label: from the catalog by the list's place in its object ("Vraag 3"), else the list's label and number */
  const nameOf = (index: number) => (holder && typeof key === 'string' ? itemLabel(ctx.lang, holder, key, index) : `${label} ${index + 1}`);
  const add = () => {
    // the list's name picks the item's first texts ("Nieuwe stad"), and the items it has keep the new one's names apart
    const first = itemSchema ? initialValue(ctx.files, itemSchema, { ...ctx, key: typeof key === 'string' ? key : undefined, existing: items }) : '';
    if (value === undefined) ctx.edit({ op: 'set', path, value: [first] });
    else ctx.edit({ op: 'insert', path, index: items.length, value: first });
    // the new item's first field takes the keyboard, its example text selected: what is typed replaces it
    ctx.focus?.(pointerOf([...path, items.length]), 'new');
  };
  return (
    <Group title={`${label} (${items.length})`} help={help} path={path} ctx={ctx}>
      <ol className="items">
        {items.map((item, index) => (
          <li key={keys[index]} className="item">
            {itemSchema ? <SchemaField ctx={ctx} located={itemSchema} value={item} path={[...path, index]} label={nameOf(index)} required /> : null}
            <div className="item-actions">
              <button
                type="button"
                disabled={index === 0}
                onClick={() => ctx.edit({ op: 'move', path, from: index, to: index - 1 })}
                aria-label={t.moveUp(nameOf(index))}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={index === items.length - 1}
                onClick={() => ctx.edit({ op: 'move', path, from: index, to: index + 1 })}
                aria-label={t.moveDown(nameOf(index))}
              >
                ↓
              </button>
              <button type="button" onClick={() => ctx.edit({ op: 'remove', path, index })} aria-label={t.remove(nameOf(index))}>
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      {/* a full list offers no more: an item added there could never be valid */}
      {located.schema.maxItems !== undefined && items.length >= located.schema.maxItems ? null : (
        <button type="button" onClick={add}>
          {t.addTo(label)}
        </button>
      )}
    </Group>
  );
}

/** The form of one value, from its schema: text, number, choice, switch, group of fields, or list. */
export function SchemaField(props: FieldProps) {
  const located = fieldSchema(props.ctx.files, props.located, props.value);
  const next = { ...props, located };
  switch (inputKind(located.schema)) {
    case 'choice':
      return <Choice {...next} />;
    case 'object':
      return <ObjectFields {...next} />;
    case 'array':
      return <ArrayFields {...next} />;
    case 'toggle':
      return <Toggle {...next} />;
    case 'text':
      return isLinkSchema(located.schema) ? <LinkField {...next} /> : <TextInput {...next} />;
  }
}
