import { useEffect, useId, useState, type ReactNode } from 'react';
import type { EditOp } from '../core/edit/ops.ts';
import { MAX_UPLOAD_BYTES } from '../core/images/uploads.ts';
import { branchFor, initialValue, labelFor, resolve, typeOf, type Located, type SchemaFiles } from './schema.ts';

export type Path = (string | number)[];

/** Problems of the open file by JSON pointer ('/blocks/0/headline'). */
export type FieldProblems = Map<string, string[]>;

export interface FormContext {
  files: SchemaFiles;
  problems: FieldProblems;
  /** the files under public/ (images, sounds), for fields that name one */
  assets: string[];
  /** keeps a picked file as a new image in public/images/ */
  upload: (file: File) => Promise<{ src: string; width: number; height: number }>;
  /** edits with the same key in quick succession are one undo step; several ops given together are always one */
  edit: (op: EditOp | EditOp[], key?: string) => void;
}

export const pointerOf = (path: Path) => (path.length === 0 ? '' : `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);

interface FieldProps {
  ctx: FormContext;
  located: Located;
  value: unknown;
  path: Path;
  label: string;
  required?: boolean;
  /** the keys beside this one in its object (an image's src has width and height beside it) */
  siblings?: string[];
}

function Messages({ ctx, path, id }: { ctx: FormContext; path: Path; id: string }) {
  const messages = ctx.problems.get(pointerOf(path));
  if (!messages?.length) return null;
  return (
    <ul className="field-problems" id={id}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

/** A text the person types: kept locally while they type, so the server's answer never moves the caret. */
/**
 * A file picked for an image field becomes a new image in public/images/ (WebP at 2x, its widths made by the
 * build); the field takes its path, and the width and height beside it, when there are, its size: one undo step.
 */
function ImageUpload({ ctx, path, siblings }: Pick<FieldProps, 'ctx' | 'path' | 'siblings'>) {
  const id = useId();
  const [status, setStatus] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setStatus(`Not uploaded: ${file.name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
      return;
    }
    setStatus(`Uploading ${file.name}…`);
    try {
      const saved = await ctx.upload(file);
      const parent = path.slice(0, -1);
      const size: EditOp[] =
        siblings?.includes('width') && siblings.includes('height')
          ? [
              { op: 'set', path: [...parent, 'width'], value: saved.width },
              { op: 'set', path: [...parent, 'height'], value: saved.height },
            ]
          : [];
      ctx.edit([{ op: 'set', path, value: saved.src }, ...size], `upload:${pointerOf(path)}`);
      setStatus(`${saved.src} added (${saved.width} × ${saved.height}).`);
    } catch (error) {
      setStatus(`Not uploaded: ${(error as Error).message}`);
    }
  };
  return (
    <div className="upload">
      <label htmlFor={id}>Or upload an image</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p role="status" className="field-hint">
        {status}
      </p>
    </div>
  );
}

/** A schema's pattern as a RegExp, or undefined when it is not one JavaScript reads (then every file is offered). */
function patternOf(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

function TextInput({ ctx, located, value, path, label, required, siblings }: FieldProps) {
  const id = useId();
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const [draft, setDraft] = useState(text);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setDraft(text);
  }, [text, focused]);
  const { schema } = located;
  const problemId = `${id}-problems`;
  const invalid = (ctx.problems.get(pointerOf(path))?.length ?? 0) > 0;
  const long = (schema.maxLength ?? 0) > 160 || draft.length > 80 || draft.includes('\n');
  const numeric = typeOf(schema) === 'number';
  const list = schema['x-asset'] !== undefined ? `${id}-files` : undefined;
  // the files this field can name, by its pattern; an upload only where it takes the WebP an upload becomes
  const pattern = list && typeof schema.pattern === 'string' ? patternOf(schema.pattern) : undefined;
  const assets = list ? ctx.assets.filter((src) => !pattern || pattern.test(src)) : [];
  const takesImages = list !== undefined && (!pattern || pattern.test('/images/upload.webp'));
  const commit = (next: string) => {
    setDraft(next);
    const key = path[path.length - 1];
    if (next === '' && !required && typeof key === 'string') ctx.edit({ op: 'removeKey', path: path.slice(0, -1), key });
    else ctx.edit({ op: 'set', path, value: numeric ? Number(next) : next });
  };
  const common = {
    id,
    value: draft,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? problemId : undefined,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {schema.description ? <p className="field-hint">{schema.description}</p> : null}
      {long && !numeric ? (
        <textarea {...common} rows={Math.min(8, Math.max(3, Math.ceil(draft.length / 70)))} onChange={(e) => commit(e.target.value)} />
      ) : (
        <input {...common} type={numeric ? 'number' : 'text'} list={list} onChange={(e) => commit(e.target.value)} />
      )}
      {list ? (
        <>
          <datalist id={list}>
            {assets.map((src) => (
              <option key={src} value={src} />
            ))}
          </datalist>
          {takesImages ? <ImageUpload ctx={ctx} path={path} siblings={siblings} /> : null}
        </>
      ) : null}
      <Messages ctx={ctx} path={path} id={problemId} />
    </div>
  );
}

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
  const entries = Object.entries(schema.properties ?? {}).filter(([key, s]) => key !== '$schema' && s.const === undefined);
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
        <button type="button" onClick={() => ctx.edit({ op: 'set', path, value: initialValue(ctx.files, located) })}>
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
  const itemSchema = located.schema.items ? { schema: located.schema.items, file: located.file } : undefined;
  const add = () => {
    const first = itemSchema ? initialValue(ctx.files, itemSchema) : '';
    if (value === undefined) ctx.edit({ op: 'set', path, value: [first] });
    else ctx.edit({ op: 'insert', path, index: items.length, value: first });
  };
  return (
    <Group title={`${label} (${items.length})`} path={path} ctx={ctx}>
      <ol className="items">
        {items.map((item, index) => (
          <li key={index} className="item">
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
  let located = resolve(props.ctx.files, props.located);
  if (located.schema.oneOf) located = branchFor(props.ctx.files, located, props.value) ?? located;
  const next = { ...props, located };
  if (located.schema.enum) return <Choice {...next} />;
  switch (typeOf(located.schema)) {
    case 'object':
      return <ObjectFields {...next} />;
    case 'array':
      return <ArrayFields {...next} />;
    case 'boolean':
      return <Toggle {...next} />;
    default:
      return <TextInput {...next} />;
  }
}
