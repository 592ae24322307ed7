import { useCallback, useMemo, useState } from 'react';
import { ConflictBanner, StudioHeader } from './app-header.tsx';
import { FileList } from './app-files.tsx';
import { Editor, isPagePath, pageId } from './app-editor.tsx';
import { SidePanels } from './app-side.tsx';
import { fieldProblems, useAskedRoute, useFileEdit, useFocusRequest, useInterfaceLang, useUndoKeys } from './app-hooks.ts';
import { sourceOf } from './derived.ts';
import { followBlock } from './follow.ts';
import { MediaPanel } from './media-panel.tsx';
import { fileName } from './names.ts';
import { pageCreator, parse, problemPlace, statusText, useUploads } from './app-site.ts';
import type { FormContext } from './schema-form.tsx';
import { studioTexts } from './texts.ts';
import { useSiteFiles } from './use-site-files.ts';
import './app.css';

const HOME = 'content/pages/home.json';

/** The studio: the site's files, the open one's form, its previews and the site's problems, in the site's language. */
export function Studio() {
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState(HOME);
  const [selected, setSelected] = useState<number | undefined>(0);
  const site = useSiteFiles(setStatus, (change) => {
    // another editor inserted or moved blocks: the selection (and the field typed in) stays on its own block
    if (change.path === open) setSelected((index) => followBlock(change, index));
  });
  const [route, setRoute] = useState<string | undefined>();
  const [media, setMedia] = useState(false);
  const { upload, assets } = useUploads(site);
  const focus = useFocusRequest();
  useUndoKeys(site.undo, site.redo);

  const configText = site.files['site.config.json']?.text;
  const config = useMemo(() => parse(configText), [configText]);
  const lang = useInterfaceLang(site.state ? String(config?.lang ?? 'en') : undefined);
  const t = studioTexts(lang);
  const pageRoutes = useMemo(() => new Map(((config?.routes ?? []) as { path: string; page: string }[]).map((r) => [r.page, r.path])), [config]);
  const data = useMemo(() => parse(site.files[open]?.text), [site.files, open]);
  const { edit, patch, note, hidden } = useFileEdit(site, open, data, lang);

  const openFile = useCallback((path: string) => {
    setOpen(path);
    setSelected(isPagePath(path) ? 0 : undefined);
    setRoute(undefined);
  }, []);
  useAskedRoute(site.state !== undefined, site.routes, pageRoutes, openFile, setRoute);

  /** opens a file at a value: its block selected, then its field focused once the studio shows it */
  const showField = useCallback(
    (path: string, pointer: string) => {
      const target = sourceOf(path, pointer);
      openFile(path);
      const block = /^\/blocks\/(\d+)/.exec(target);
      if (block && isPagePath(path)) setSelected(Number(block[1]));
      focus(target, 'near');
    },
    [openFile, focus],
  );

  if (!site.state) return <p className="loading">{t.loading}</p>;

  const ctx: FormContext = {
    files: site.state.schemas,
    lang,
    routes: site.routes,
    paths: Object.keys(site.files),
    problems: fieldProblems(site.problems, open, lang),
    assets,
    upload,
    edit,
    hidden,
    note,
    focus,
  };

  const isPage = isPagePath(open);
  return (
    <div className="studio">
      <StudioHeader
        t={t}
        lang={lang}
        site={site}
        title={fileName(t, open)}
        status={statusText(t, status)}
        showField={showField}
        openMedia={() => setMedia(true)}
      />
      {media ? <MediaPanel lang={lang} edit={site.edit} revision={site.revision} assets={site.assets} close={() => setMedia(false)} /> : null}
      <ConflictBanner t={t} site={site} />
      <FileList
        t={t}
        lang={lang}
        site={site}
        open={open}
        openFile={openFile}
        pageRoutes={pageRoutes}
        createPage={pageCreator(site, config, t, openFile, setStatus)}
      />
      <Editor
        t={t}
        site={site}
        ctx={ctx}
        open={open}
        file={site.files[open]}
        data={data}
        selected={selected}
        select={setSelected}
        openFile={openFile}
        say={setStatus}
        problems={site.problems}
      />
      <SidePanels
        lang={lang}
        site={site}
        config={config}
        route={route ?? (isPage ? (pageRoutes.get(pageId(open)) ?? '/') : '/')}
        selected={isPage && route === undefined ? selected : undefined}
        select={setSelected}
        patch={patch}
        blocks={isPage && route === undefined && Array.isArray(data?.blocks) ? data.blocks : undefined}
        preview={setRoute}
        where={problemPlace(site, t, lang)}
        nameOf={(path) => fileName(t, path)}
        show={(problem) => showField(problem.file, problem.pointer)}
      />
    </div>
  );
}
