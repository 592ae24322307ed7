import { useId, type ReactNode } from 'react';
import { fieldSchema, initialValue, inputKind, labelFor, shownMembers } from './schema.ts';
import { Messages, type FieldProps, type FormContext, type Path } from './field-common.tsx';
import { TextInput } from './text-input.tsx';
import { isLinkSchema, LinkField } from './link-field.tsx';
import { useStableKeys } from './use-stable-keys.ts';

// the form's shared pieces, where the studio has always imported them from
export { pointerOf, type FieldProblems, type FormContext, type Path } from './field-common.tsx';

function Choice({ ctx, located, value, path, label, required }: FieldProps) {
  const id = useId();
  const options = located.schema.enum ?? [];
  const key = path[path.length - 1];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {located.schema.description ? <p className="field-hint">{located.schema.description}</p> : null}
      <select
        id={id}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          if (e.target.value === '' && typeof key === 'string') ctx.edit({ op: 'removeKey', path: path.slice(0, -1), key });
          else ctx.edit({ op: 'set', path, value: options.find((o) => String(o) === e.target.value) });
        }}
      >
        {required ? null : <option value="">{located.schema.default !== undefined ? `(default: ${String(located.schema.default)})` : '(none)'}</option>}
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {String(o)}
          </option>
        ))}
      </select>
      <Messages ctx={ctx} path={path} id={`${id}-problems`} />
    </div>
  );
}

function Toggle({ ctx, located, value, path, label }: FieldProps) {
  const id = useId();
  const checked = value === undefined ? located.schema.default === true : value === true;
  return (
    <div className="field field--inline">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => ctx.edit({ op: 'set', path, value: e.target.checked })} />
      <label htmlFor={id}>{label}</label>
      <Messages ctx={ctx} path={path} id={`${id}-problems`} />
    </div>
  );
}

function Group({ title, children, path, ctx }: { title: string; children: ReactNode; path: Path; ctx: FormContext }) {
  const id = useId();
  return (
    <fieldset className="group">
      <legend>{title}</legend>
      <Messages ctx={ctx} path={path} id={`${id}-problems`} />
      {children}
    </fieldset>
  );
}

function ObjectFields({ ctx, located, value, path, label }: FieldProps) {
  const { schema, file } = located;
  const data = (value ?? {}) as Record<string, unknown>;
  const required = new Set(schema.required ?? []);
  const entries = shownMembers(schema, value);
  const body = entries.map(([key, child]) => (
    <SchemaField
      key={key}
      ctx={ctx}
      located={{ schema: child, file }}
      value={data[key]}
      path={[...path, key]}
      label={labelFor(key)}
      required={required.has(key)}
      siblings={entries.map(([name]) => name)}
    />
  ));
  if (path.length === 0) return <>{body}</>;
  return (
    <Group title={label} path={path} ctx={ctx}>
      {value === undefined ? (
        <button type="button" onClick={() => ctx.edit({ op: 'set', path, value: initialValue(ctx.files, located, ctx) })}>
          Add {label.toLowerCase()}
        </button>
      ) : (
        body
      )}
    </Group>
  );
}

function ArrayFields({ ctx, located, value, path, label }: FieldProps) {
  const items = Array.isArray(value) ? value : [];
  const keys = useStableKeys(items);
  const itemSchema = located.schema.items ? { schema: located.schema.items, file: located.file } : undefined;
  const add = () => {
    const first = itemSchema ? initialValue(ctx.files, itemSchema, ctx) : '';
    if (value === undefined) ctx.edit({ op: 'set', path, value: [first] });
    else ctx.edit({ op: 'insert', path, index: items.length, value: first });
  };
  return (
    <Group title={`${label} (${items.length})`} path={path} ctx={ctx}>
      <ol className="items">
        {items.map((item, index) => (
          <li key={keys[index]} className="item">
            {itemSchema ? <SchemaField ctx={ctx} located={itemSchema} value={item} path={[...path, index]} label={`${label} ${index + 1}`} required /> : null}
            <div className="item-actions">
              <button
                type="button"
                disabled={index === 0}
                onClick={() => ctx.edit({ op: 'move', path, from: index, to: index - 1 })}
                aria-label={`Move ${label} ${index + 1} up`}
              >
                ↑
              </button>
              <button
                type="button"
                disabled={index === items.length - 1}
                onClick={() => ctx.edit({ op: 'move', path, from: index, to: index + 1 })}
                aria-label={`Move ${label} ${index + 1} down`}
              >
                ↓
              </button>
              <button type="button" onClick={() => ctx.edit({ op: 'remove', path, index })} aria-label={`Remove ${label} ${index + 1}`}>
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" onClick={add}>
        Add to {label.toLowerCase()}
      </button>
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
