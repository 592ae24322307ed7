import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConflictBanner, StudioHeader } from './app-header.tsx';
import { FileList } from './app-files.tsx';
import { CONFIG_FILE, contentFile, fileId as pageId, isPagePath, kindOf } from '../../core/site/layout.ts';
import { Editor } from './app-editor.tsx';
import { SidePanels } from './app-side.tsx';
import { fieldProblems, useAskedRoute, useFileEdit, useFocusRequest, useInterfaceLang, useUndoKeys } from './app-hooks.ts';
import { sourceOf } from './files/derived.ts';
import { followBlock } from './preview/follow.ts';
import { MediaPanel } from './media/media-panel.tsx';
import { fileName, siteFacts, type SiteFacts } from './form/names.ts';
import { pageCreator, parse, problemPlace, useUploads } from './files/app-site.ts';
import type { FormContext } from './form/schema-form.tsx';
import { said, statusText, type Status } from './files/status-texts.ts';
import { studioTexts, type StudioTexts } from './texts.ts';
import { useSiteFiles } from './files/use-site-files.ts';
import { SiteProvider, useSite, type SiteFiles } from './files/site-context.tsx';
import './app.css';

const HOME = contentFile('page', 'home');

/** Which file is open, which of its blocks is selected, and a route the preview shows instead (a landing page). */
function useOpenFile() {
  const [open, setOpen] = useState(HOME);
  const [selected, setSelected] = useState<number | undefined>(0);
  const [route, setRoute] = useState<string | undefined>();
  const openFile = useCallback((path: string) => {
    setOpen(path);
    setSelected(isPagePath(path) ? 0 : undefined);
    setRoute(undefined);
  }, []);
  return { open, selected, setSelected, route, setRoute, openFile };
}

type OpenFile = ReturnType<typeof useOpenFile>;

/**
 * The site's files and the studio's status line: the selection follows blocks another editor moved, and a page an
 * undo brought back (a deleted one) is opened again, so its preview shows it.
 */
function useStudioSite({ open, setSelected, openFile }: OpenFile) {
  const [status, setStatus] = useState<Status>();
  const say = useCallback((text: string) => setStatus(said(text)), []);
  /** counts the pages an undo or redo brought back: each opens in previews of its own */
  const [fresh, setFresh] = useState(0);
  const site = useSiteFiles(
    setStatus,
    (change) => {
      // another editor inserted or moved blocks: the selection (and the field typed in) stays on its own block
      if (change.path === open) setSelected((index) => followBlock(change, index));
    },
    (path) => {
      if (!isPagePath(path)) return;
      openFile(path);
      setFresh((n) => n + 1);
    },
  );
  useUndoKeys(site.undo, site.redo);
  // the open page went (an undone new page): the home page is opened instead
  const gone = site.state !== undefined && site.files[open] === undefined && open !== HOME;
  useEffect(() => {
    if (gone) openFile(HOME);
  }, [gone, openFile]);
  return { site, status, say, fresh };
}

/** The site's config as read now, the language the studio speaks, and each page's route. */
function useSiteConfig(site: SiteFiles) {
  const configText = site.files[CONFIG_FILE]?.text;
  const config = useMemo(() => parse(configText), [configText]);
  const lang = useInterfaceLang(site.state ? String(config?.lang ?? 'en') : undefined);
  const pageRoutes = useMemo(() => new Map(((config?.routes ?? []) as { path: string; page: string }[]).map((r) => [r.page, r.path])), [config]);
  const t = studioTexts(lang);
  // each file's name as staff know it: "Home" for the page at /, a list by its kind, a form by the catalog or its heading
  const facts = useMemo(() => siteFacts(site.files), [site.files]);
  const nameOf = useCallback((path: string) => fileName(t, path, facts), [t, facts]);
  return { config, lang, t, pageRoutes, nameOf, facts };
}

/**
 * The route the previews show for the open file: a page's own; for a list or a form, the first page (in the order of
 * the routes) that shows it, so the change is seen where it is used; else the home page.
 */
function previewRoute(open: string, pageRoutes: Map<string, string>, facts: SiteFacts): string {
  if (isPagePath(open)) return pageRoutes.get(pageId(open)) ?? '/';
  if (kindOf(open) !== 'collection' && kindOf(open) !== 'form') return '/';
  const showing = new Set(facts.shownOn.get(open) ?? []);
  return [...pageRoutes].find(([page]) => showing.has(page))?.[1] ?? '/';
}

/** Opens a file at a value: its block selected, then its field focused once the studio shows it. */
function useShowField({ openFile, setSelected }: OpenFile) {
  const focus = useFocusRequest();
  const showField = useCallback(
    (path: string, pointer: string) => {
      const target = sourceOf(path, pointer);
      openFile(path);
      const block = /^\/blocks\/(\d+)/.exec(target);
      if (block && isPagePath(path)) setSelected(Number(block[1]));
      focus(target, 'near');
    },
    [openFile, setSelected, focus],
  );
  return { focus, showField };
}

/** What the forms of the open file are given: the schemas, routes, images and problems, and how they edit. */
function formContext(
  site: SiteFiles,
  open: string,
  lang: string,
  images: ReturnType<typeof useUploads>,
  fileEdit: ReturnType<typeof useFileEdit>,
  focus: FormContext['focus'],
) {
  const { edit, note, hidden } = fileEdit;
  const schemas = site.state?.schemas ?? {};
  const problems = fieldProblems(site.problems, open, lang);
  return { files: schemas, lang, routes: site.routes, paths: Object.keys(site.files), problems, ...images, edit, hidden, note, focus } satisfies FormContext;
}

/** The studio's bar with its status line, the media library it opens, and a change that could not be saved. */
function StudioTop({
  t,
  lang,
  open,
  route,
  status,
  showField,
  nameOf,
}: {
  t: StudioTexts;
  lang: string;
  open: string;
  route: string;
  status: string;
  showField: (path: string, pointer: string) => void;
  nameOf: (path: string) => string;
}) {
  const site = useSite();
  const [media, setMedia] = useState(false);
  return (
    <>
      <StudioHeader
        t={t}
        lang={lang}
        title={nameOf(open)}
        status={status}
        showField={showField}
        openMedia={() => setMedia(true)}
        nameOf={nameOf}
        route={route}
      />
      {media ? <MediaPanel lang={lang} edit={site.edit} revision={site.revision} assets={site.assets} nameOf={nameOf} close={() => setMedia(false)} /> : null}
      <ConflictBanner t={t} nameOf={nameOf} />
    </>
  );
}

/** The studio: the site's files, the open one's form, its previews and the site's problems, in the site's language. */
export function Studio() {
  const view = useOpenFile();
  const { open, selected, setSelected, route, setRoute, openFile } = view;
  const { site, status, say, fresh } = useStudioSite(view);
  const images = useUploads(site);
  const { focus, showField } = useShowField(view);
  const { config, lang, t, pageRoutes, nameOf, facts } = useSiteConfig(site);
  const data = useMemo(() => parse(site.files[open]?.text), [site.files, open]);
  const fileEdit = useFileEdit(site, open, data, lang);
  useAskedRoute(site.state !== undefined, site.routes, pageRoutes, openFile, setRoute);

  if (!site.state) return <p className="loading">{t.loading}</p>;

  const isPage = isPagePath(open);
  const shown = route ?? previewRoute(open, pageRoutes, facts);
  return (
    <SiteProvider site={site}>
      <div className="studio">
        <StudioTop t={t} lang={lang} open={open} route={shown} status={statusText(t, status, nameOf)} showField={showField} nameOf={nameOf} />
        <FileList
          t={t}
          lang={lang}
          open={open}
          openFile={openFile}
          pageRoutes={pageRoutes}
          nameOf={nameOf}
          createPage={pageCreator(site, config, t, openFile, say)}
        />
        <Editor
          t={t}
          ctx={formContext(site, open, lang, images, fileEdit, focus)}
          open={open}
          name={nameOf(open)}
          file={site.files[open]}
          data={data}
          selected={selected}
          select={setSelected}
          openFile={openFile}
          say={say}
          problems={site.problems}
        />
        <SidePanels
          lang={lang}
          config={config}
          route={shown}
          selected={isPage && route === undefined ? selected : undefined}
          select={setSelected}
          patch={fileEdit.patch}
          blocks={isPage && route === undefined && Array.isArray(data?.blocks) ? data.blocks : undefined}
          preview={setRoute}
          where={problemPlace(site, t, lang, nameOf)}
          nameOf={nameOf}
          show={(problem) => showField(problem.file, problem.pointer)}
          fresh={fresh}
        />
      </div>
    </SiteProvider>
  );
}
