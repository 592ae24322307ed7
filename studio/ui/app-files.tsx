import { ProblemBadge } from './form/blocks.tsx';
import { CONFIG_FILE, contentFile, fileId, isPagePath, kindOf } from '../../core/site/layout.ts';
import { NewPage } from './panels.tsx';
import type { StudioTexts } from './texts.ts';
import { useSite } from './files/site-context.tsx';

/** The site's files in the groups a person thinks of: pages, the site's settings, lists, forms. */
function groupFiles(t: StudioTexts, paths: string[]) {
  return [
    { title: t.pages, files: paths.filter(isPagePath) },
    { title: t.site, files: paths.filter((p) => p === CONFIG_FILE) },
    { title: t.collections, files: paths.filter((p) => kindOf(p) === 'collection') },
    { title: t.forms, files: paths.filter((p) => kindOf(p) === 'form') },
  ].filter((group) => group.files.length > 0);
}

interface FileListProps {
  t: StudioTexts;
  lang: string;
  open: string;
  openFile: (path: string) => void;
  /** each page's route, by its id */
  pageRoutes: Map<string, string>;
  /** a file's name as staff know it */
  nameOf: (path: string) => string;
  createPage: (id: string, path: string, title: string) => Promise<void>;
}

/** The list of the site's files, each by its name (a page with its address) and its problem count; and a new page. */
export function FileList({ t, lang, open, openFile, pageRoutes, nameOf, createPage }: FileListProps) {
  const site = useSite();
  return (
    <nav className="files" aria-label={t.files}>
      {groupFiles(t, Object.keys(site.files)).map((group) => (
        <div key={group.title}>
          <h2>{group.title}</h2>
          <ul>
            {group.files.map((path) => {
              const count = site.problems.filter((p) => p.file === path).length + (site.files[path]?.parseError ? 1 : 0);
              const page = isPagePath(path);
              return (
                <li key={path}>
                  <button type="button" data-file={path} aria-current={path === open ? 'page' : undefined} onClick={() => openFile(path)}>
                    <span className="file-label">
                      {nameOf(path)}
                      {page ? <span className="file-route"> {pageRoutes.get(fileId(path)) ?? `(${t.noRoute})`}</span> : null}
                    </span>
                    <ProblemBadge count={count} lang={lang} />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <NewPage lang={lang} exists={(id) => contentFile('page', id) in site.files} create={createPage} />
    </nav>
  );
}
