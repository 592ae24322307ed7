import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EditOp } from '../core/edit/ops.ts';
import { api, type Problem } from './api.ts';
import { BlockList, ProblemBadge } from './blocks.tsx';
import { ChangesPanel, LandingPanel, NewPage, ProblemsPanel } from './panels.tsx';
import { Preview, type TextPatch } from './preview.tsx';
import { initialValue, labelFor, resolve, schemaFileFor, type Located, type SchemaFiles } from './schema.ts';
import { pointerOf, SchemaField, type FieldProblems, type FormContext, type Path } from './schema-form.tsx';
import { useSiteFiles } from './use-site-files.ts';
import { followBlock } from './follow.ts';
import { PublishBar } from './publish-panel.tsx';
import { MediaButton, MediaPanel } from './media-panel.tsx';
import { PageActions } from './page-actions.tsx';
import { SiteSearch } from './site-search.tsx';

type Json = Record<string, unknown>;

function parse(text: string | undefined): Json | undefined {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  } catch {
    return undefined;
  }
}

const pageId = (path: string) => path.replace(/^content\/pages\//, '').replace(/\.json$/, '');

function groupFiles(paths: string[]) {
  return [
    { title: 'Pages', files: paths.filter((p) => p.startsWith('content/pages/')) },
    { title: 'Site', files: paths.filter((p) => p === 'site.config.json') },
    { title: 'Collections', files: paths.filter((p) => p.startsWith('content/collections/')) },
    { title: 'Forms', files: paths.filter((p) => p.startsWith('content/forms/')) },
  ];
}

function fieldProblems(problems: Problem[], file: string): FieldProblems {
  const map: FieldProblems = new Map();
  for (const p of problems) {
    if (p.file !== file) continue;
    map.set(p.pointer, [...(map.get(p.pointer) ?? []), `${p.message} (${p.file}:${p.line})`]);
  }
  return map;
}

/** The page's own settings (title, description, ...): every field of the page but its blocks. */
function PageSettings({ ctx, root, data }: { ctx: FormContext; root: Located; data: Json }) {
  const { schema, file } = resolve(ctx.files, root);
  const required = new Set(schema.required ?? []);
  return (
    <fieldset className="group">
      <legend>Page</legend>
      {Object.entries(schema.properties ?? {})
        .filter(([key]) => key !== 'blocks' && key !== '$schema')
        .map(([key, child]) => (
          <SchemaField
            key={key}
            ctx={ctx}
            located={{ schema: child, file }}
            value={data[key]}
            path={[key]}
            label={labelFor(key)}
            required={required.has(key)}
          />
        ))}
    </fieldset>
  );
}

export function Studio() {
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState('content/pages/home.json');
  const [selected, setSelected] = useState<number | undefined>(0);
  const site = useSiteFiles(setStatus, (change) => {
    // another editor inserted or moved blocks: the selection (and the field typed in) stays on its own block
    if (change.path === open) setSelected((index) => followBlock(change, index));
  });
  const [route, setRoute] = useState<string | undefined>();
  const [patch, setPatch] = useState<TextPatch | undefined>();
  const [media, setMedia] = useState(false);
  /** images uploaded since the studio loaded (the list of public/ comes with the site's state) */
  const [uploaded, setUploaded] = useState<string[]>([]);
  /** the text each field last showed in the preview, by file and pointer */
  const shown = useRef(new Map<string, string>());
  const { undo, redo } = site;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      event.preventDefault();
      void (event.shiftKey ? redo() : undo());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const config = parse(site.files['site.config.json']?.text);
  const pageRoutes = useMemo(() => {
    const routes = (config?.routes ?? []) as { path: string; page: string }[];
    return new Map(routes.map((r) => [r.page, r.path]));
  }, [config]);

  const openFile = useCallback((path: string) => {
    setOpen(path);
    setSelected(path.startsWith('content/pages/') ? 0 : undefined);
    setRoute(undefined);
  }, []);

  // /__studio?route=/contact (the link on each page of the dev server): that page's file, or a landing page's preview
  const asked = useRef(new URLSearchParams(location.search).get('route'));
  useEffect(() => {
    const wanted = asked.current?.replace(/(.)\/+$/, '$1');
    if (!wanted || !site.state) return;
    asked.current = null;
    const page = [...pageRoutes].find(([, path]) => path === wanted)?.[0];
    if (page) openFile(`content/pages/${page}.json`);
    else if (site.routes.includes(wanted)) setRoute(wanted);
  }, [site.state, site.routes, pageRoutes, openFile]);

  if (!site.state) return <p className="loading">Loading the site…</p>;
  const schemas: SchemaFiles = site.state.schemas;
  const file = site.files[open];
  const data = parse(file?.text);
  const isPage = open.startsWith('content/pages/');
  const blocks = (isPage && Array.isArray(data?.blocks) ? data.blocks : []) as Json[];
  const edit = (change: EditOp | EditOp[], key?: string) => {
    if (Array.isArray(change)) return site.edit(open, change, key);
    const op = change;
    // a text typed into a field shows in the preview at once; the render that follows the write confirms it
    if (op.op === 'set' && typeof op.value === 'string') {
      const key = `${open}#${pointerOf(op.path)}`;
      const stored = op.path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], data);
      const from = [shown.current.get(key), typeof stored === 'string' ? stored : undefined].filter((t): t is string => t !== undefined);
      shown.current.set(key, op.value);
      setPatch({ from, to: op.value });
    }
    site.edit(open, op, key ?? (op.op === 'set' ? `set:${pointerOf(op.path)}` : undefined));
  };
  const upload = async (picked: File) => {
    const saved = await api.upload(picked);
    setUploaded((list) => [...list, saved.src]);
    return saved;
  };
  const assets = [...new Set([...site.assets, ...uploaded])].sort();
  const lang = String(config?.lang ?? 'en');
  const ctx: FormContext = {
    files: schemas,
    lang,
    routes: site.routes,
    paths: Object.keys(site.files),
    problems: fieldProblems(site.problems, open),
    assets,
    upload,
    edit,
  };
  const root: Located = { schema: schemas[schemaFileFor(open)] ?? {}, file: schemaFileFor(open) };
  const previewRoute = route ?? (isPage ? (pageRoutes.get(pageId(open)) ?? '/') : '/');
  const blockProblems = (index: number) =>
    site.problems.filter((p) => p.file === open && (p.pointer === `/blocks/${index}` || p.pointer.startsWith(`/blocks/${index}/`))).length;

  /** opens a file at a value: its block selected (the field's focus follows once the studio shows it) */
  const showField = (path: string, pointer: string) => {
    openFile(path);
    const block = /^\/blocks\/(\d+)/.exec(pointer);
    if (block) setSelected(Number(block[1]));
  };
  const show = (problem: Problem) => showField(problem.file, problem.pointer);

  /** A new page, valid at once: its title as its description and its hero's heading, for the person to change. */
  const createPage = async (id: string, path: string, title: string) => {
    const text = `${JSON.stringify({ $schema: '../../schemas/page.schema.json', title, description: title, blocks: [{ type: 'hero', variant: 'page', headline: title }] }, null, 2)}\n`;
    await site.create(`content/pages/${id}.json`, text);
    const routes = (config?.routes ?? []) as unknown[];
    site.edit('site.config.json', { op: 'insert', path: ['routes'], index: routes.length, value: { path, page: id } });
    // the preview asks for the new route only once the config that has it is saved (else it shows the 404 page)
    await site.settled();
    openFile(`content/pages/${id}.json`);
    setStatus(`Added the page ${id} at ${path}.`);
  };

  return (
    <div className="studio">
      <header className="top">
        <h1>Studio</h1>
        <span className="file-name">{open}</span>
        <button type="button" onClick={() => void undo()} disabled={!site.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={() => void redo()} disabled={!site.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <SiteSearch lang={lang} site={site} show={(path, pointer) => showField(path, pointer)} />
        <MediaButton lang={String(config?.lang ?? '')} open={() => setMedia(true)} />
        <PublishBar
          lang={String(config?.lang ?? 'en')}
          problemCount={site.problems.length + Object.values(site.files).filter((f) => f.parseError).length}
          settled={site.settled}
        />
        <p className="status" role="status" aria-live="polite">
          {status}
        </p>
      </header>
      {media ? (
        <MediaPanel lang={String(config?.lang ?? '')} edit={site.edit} revision={site.revision} assets={site.assets} close={() => setMedia(false)} />
      ) : null}
      {site.conflict ? (
        <div className="conflict" role="alert">
          <p>
            An edit of <code>{site.conflict.path}</code> could not be applied: {site.conflict.message}. The file was reloaded from disk; your edit is kept here.
          </p>
          <button type="button" onClick={site.retryConflict}>
            Try it again
          </button>
          <button type="button" onClick={site.dropConflict}>
            Drop it
          </button>
        </div>
      ) : null}
      <nav className="files" aria-label="Site files">
        {groupFiles(Object.keys(site.files)).map((group) => (
          <div key={group.title}>
            <h2>{group.title}</h2>
            <ul>
              {group.files.map((path) => {
                const count = site.problems.filter((p) => p.file === path).length + (site.files[path]?.parseError ? 1 : 0);
                const name = path.replace(/^content\/[a-z]+\//, '').replace(/\.json$/, '');
                return (
                  <li key={path}>
                    <button type="button" aria-current={path === open ? 'page' : undefined} onClick={() => openFile(path)}>
                      {path.startsWith('content/pages/') ? `${name} ${pageRoutes.get(name) ?? '(no route)'}` : name}
                      <ProblemBadge count={count} />
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        <NewPage exists={(id) => `content/pages/${id}.json` in site.files} create={createPage} />
      </nav>
      <main className="editor">
        {!file ? <p>No such file.</p> : null}
        {file && !data ? (
          <p className="conflict" role="alert">
            {open} is not valid JSON ({file.parseError ?? 'it does not parse'}). Fix it in your editor; the studio shows it again once it parses.
          </p>
        ) : null}
        {data && isPage ? (
          <>
            <PageActions lang={lang} site={site} page={pageId(open)} onRemoved={() => openFile('content/pages/home.json')} />
            <PageSettings ctx={ctx} root={root} data={data} />
            <BlockList
              blocks={blocks}
              selected={selected}
              select={setSelected}
              edit={edit}
              schemas={schemas}
              problemCount={blockProblems}
              newValue={(located) => initialValue(schemas, located, ctx)}
            />
            {selected !== undefined && blocks[selected] ? (
              <section className="block-form" aria-labelledby="block-form-heading">
                <h2 id="block-form-heading">
                  Block {selected + 1}: {String(blocks[selected]!.type)}
                </h2>
                <SchemaField
                  ctx={ctx}
                  located={{ schema: schemas['block.schema.json'] ?? {}, file: 'block.schema.json' }}
                  value={blocks[selected]}
                  path={['blocks', selected] as Path}
                  label={`Block ${selected + 1}`}
                  required
                />
              </section>
            ) : null}
          </>
        ) : null}
        {data && !isPage ? <SchemaField ctx={ctx} located={root} value={data} path={[]} label={open} required /> : null}
      </main>
      <aside className="side">
        <Preview
          lang={lang}
          route={previewRoute}
          patch={patch}
          revision={site.revision}
          selected={isPage && route === undefined ? selected : undefined}
          onSelect={setSelected}
        />
        <ProblemsPanel
          problems={site.problems}
          files={Object.values(site.files)}
          siteRoot={String((site.state as { siteRoot?: string }).siteRoot ?? '')}
          show={show}
        />
        <LandingPanel
          cities={((config?.landing as Json | undefined)?.cities ?? []) as string[]}
          services={(((config?.landing as Json | undefined)?.services ?? []) as { slug: string }[]).map((service) => service.slug)}
          routes={site.routes}
          edit={(op) => site.edit('site.config.json', op)}
          preview={setRoute}
        />
        <ChangesPanel />
      </aside>
    </div>
  );
}
