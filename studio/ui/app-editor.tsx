import { useLease } from './files/use-lease.ts';
import { LeaseBanner } from './files/lease-banner.tsx';
import { signedIn } from './publish/publish-dialog.tsx';
import { contentFile, fileId as pageId, isPagePath } from '../../core/site/layout.ts';
import type { Problem, SiteFile } from './files/api.ts';
import { BlockList } from './form/blocks.tsx';
import { fieldText } from './form/labels.ts';
import { blockOf } from './form/names.ts';
import { PageActions } from './page-actions.tsx';
import { Detail } from './panels.tsx';
import { initialValue, resolve, schemaFileFor, type Located } from './form/schema.ts';
import { SchemaField, type FormContext, type Path } from './form/schema-form.tsx';
import type { StudioTexts } from './texts.ts';

type Json = Record<string, unknown>;

/** The page's own settings (title, description, ...): every field of the page but its blocks. */
function PageSettings({ t, ctx, root, data }: { t: StudioTexts; ctx: FormContext; root: Located; data: Json }) {
  const { schema, file } = resolve(ctx.files, root);
  const required = new Set(schema.required ?? []);
  return (
    <fieldset className="group">
      <legend>{t.pageSettings}</legend>
      {Object.entries(schema.properties ?? {})
        .filter(([key]) => key !== 'blocks' && key !== '$schema')
        .map(([key, child]) => {
          const text = fieldText(ctx.lang, schema, key);
          return (
            <SchemaField
              key={key}
              ctx={ctx}
              located={{ schema: child, file }}
              value={data[key]}
              path={[key]}
              label={text.label}
              help={text.help}
              required={required.has(key)}
              holder={schema}
            />
          );
        })}
    </fieldset>
  );
}

/** The selected block's form, titled with its number and its type's name. */
function BlockForm({ t, ctx, block, index }: { t: StudioTexts; ctx: FormContext; block: Json; index: number }) {
  const name = blockOf(ctx.lang, String(block.type ?? '')).name;
  return (
    <section className="block-form" aria-labelledby="block-form-heading">
      <h2 id="block-form-heading">{t.block(index + 1, name)}</h2>
      <SchemaField
        ctx={ctx}
        located={{ schema: ctx.files['block.schema.json'] ?? {}, file: 'block.schema.json' }}
        value={block}
        path={['blocks', index] as Path}
        label={t.block(index + 1, name)}
        required
        bare
      />
    </section>
  );
}

interface EditorProps {
  t: StudioTexts;
  ctx: FormContext;
  /** the open file's path, its file and its value (undefined while it does not parse) */
  open: string;
  /** the open file's name as staff know it */
  name: string;
  file: SiteFile | undefined;
  data: Json | undefined;
  selected: number | undefined;
  select: (index: number) => void;
  openFile: (path: string) => void;
  /** a status line already in the site's language */
  say: (status: string) => void;
  problems: Problem[];
}

/** The open file's form: a page's settings, blocks and selected block; any other file's fields. */
export function Editor({ t, ctx, open, name, file, data, selected, select, openFile, say, problems }: EditorProps) {
  // behind a sign-in, the file is this tab's to change, or another person's to read along (leases)
  const lease = useLease(open, signedIn() !== undefined);
  const root: Located = { schema: ctx.files[schemaFileFor(open)] ?? {}, file: schemaFileFor(open) };
  const isPage = isPagePath(open);
  const blocks = (isPage && Array.isArray(data?.blocks) ? data.blocks : []) as Json[];
  const blockProblems = (index: number) =>
    problems.filter((p) => p.file === open && (p.pointer === `/blocks/${index}` || p.pointer.startsWith(`/blocks/${index}/`))).length;
  return (
    <main className="editor">
      <LeaseBanner lang={ctx.lang} view={lease.view} takeOver={lease.takeOver} />
      {/* read along: made anew when the file becomes another person's, so no field keeps a draft of this tab's over
          their text (a refused write's answer may bring no new text when theirs had come already) */}
      <div inert={lease.view.state === 'other'} key={lease.view.state === 'other' ? 'reading-along' : 'editing'}>
        {!file ? <p>{t.noFile}</p> : null}
        {file && !data ? (
          <div className="conflict" role="alert">
            <p>{t.notJson(name)}</p>
            <Detail t={t} text={`${open}: ${file.parseError ?? ''}`} />
          </div>
        ) : null}
        {data && isPage ? (
          <>
            <PageActions
              lang={ctx.lang}
              page={pageId(open)}
              onRemoved={(text) => {
                openFile(contentFile('page', 'home'));
                say(text);
              }}
            />
            <PageSettings t={t} ctx={ctx} root={root} data={data} />
            <BlockList
              lang={ctx.lang}
              blocks={blocks}
              selected={selected}
              select={select}
              edit={ctx.edit}
              schemas={ctx.files}
              problemCount={blockProblems}
              newValue={(located) => initialValue(ctx.files, located, ctx)}
              added={(name) => say(t.blockAdded(name))}
              paths={ctx.paths}
            />
            {selected !== undefined && blocks[selected] ? <BlockForm t={t} ctx={ctx} block={blocks[selected]} index={selected} /> : null}
          </>
        ) : null}
        {data && !isPage ? <SchemaField ctx={ctx} located={root} value={data} path={[]} label={name} required /> : null}
      </div>
    </main>
  );
}
