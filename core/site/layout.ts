/**
 * Where a site keeps its data, relative to its root, with /: the config, the content files of each kind, the public
 * files, and which schema of schemas/ checks which file. The validator, the build, the studio and its dev-server side
 * all read the layout from here, so a folder is named once.
 */

/** The site's config: brand, routes, landing matrix, navigation. */
export const CONFIG_FILE = 'site.config.json';
/** The folder of the content files, one folder per kind below it. */
export const CONTENT_DIR = 'content';
/** The files the site serves as they are (images, sounds); a field names one by its path under it. */
export const PUBLIC_DIR = 'public';
/** Where the studio puts an uploaded image, and where its media library looks. */
export const IMAGES_DIR = `${PUBLIC_DIR}/images`;

/** The site's own files and folders, those Publish commits and History restores. */
export const SITE_PATHS = [CONFIG_FILE, CONTENT_DIR, PUBLIC_DIR];
/** The site's JSON data: what the studio edits and its diff shows. */
export const DATA_PATHS = [CONFIG_FILE, CONTENT_DIR];

/** The content files' kinds, each a folder of content/ whose files are named by their id. */
export const CONTENT_DIRS = { page: `${CONTENT_DIR}/pages`, collection: `${CONTENT_DIR}/collections`, form: `${CONTENT_DIR}/forms` } as const;
export type ContentKind = keyof typeof CONTENT_DIRS;

/** What a site file is: the config, or a content file of one kind. */
export type FileKind = 'config' | ContentKind;

/** The schema of schemas/ that checks each kind of file. */
export const SCHEMA_OF_KIND: Record<FileKind, string> = {
  config: 'site.schema.json',
  page: 'page.schema.json',
  collection: 'collection.schema.json',
  form: 'form.schema.json',
};

/** The file of a page, collection or form by its id: `content/pages/home.json`. */
export const contentFile = (kind: ContentKind, id: string) => `${CONTENT_DIRS[kind]}/${id}.json`;

/** A content file's id: its path below its kind's folder without `.json` (`home` for content/pages/home.json). */
export function fileId(path: string): string {
  const kind = kindOf(path);
  const below = kind && kind !== 'config' ? path.slice(CONTENT_DIRS[kind].length + 1) : path.slice(path.lastIndexOf('/') + 1);
  return below.replace(/\.json$/, '');
}

/** The kind of a site file by the folder it is in (anything below content/pages/ is a page's); undefined for others. */
export function kindOf(path: string): FileKind | undefined {
  if (path === CONFIG_FILE) return 'config';
  return (Object.keys(CONTENT_DIRS) as ContentKind[]).find((kind) => path.startsWith(`${CONTENT_DIRS[kind]}/`));
}

/** Whether a path is in the pages' folder: the studio shows it as a page. */
export const isPagePath = (path: string) => kindOf(path) === 'page';

/**
 * Whether a path relative to the site's root is one of its data files, as the dev server watches them: the config, or a
 * JSON file anywhere under content/ (a file the validator then reads or refuses).
 */
export const isSiteData = (path: string) =>
  path === CONFIG_FILE || (path.startsWith(`${CONTENT_DIR}/`) && path.endsWith('.json') && path.length > CONTENT_DIR.length + '/.json'.length);

/** A site file's relative path: the config, or a .json under content/ (no way out of the folder, no hidden part). */
export function isSiteFile(path: string): boolean {
  if (path.split('/').some((part) => part === '..' || part === '' || part.startsWith('.'))) return false;
  return path === CONFIG_FILE || /^content\/[A-Za-z0-9_/-]+\.json$/.test(path);
}

const PAGE_FILE = /^content\/pages\/[A-Za-z0-9_-]+\.json$/;

/** A page's file: content/pages/<id>.json, nothing deeper, nothing else (never the config, a collection or a form). */
export const isPageFile = (path: string) => isSiteFile(path) && PAGE_FILE.test(path);

/**
 * The schema that checks a file, for the validator: the config's, or its kind's for a file right in its kind's folder
 * (a file deeper down is no page, collection or form); undefined for any other file.
 */
export function schemaFor(path: string): string | undefined {
  const kind = kindOf(path);
  if (kind === undefined) return undefined;
  const name = kind === 'config' ? path : path.slice(CONTENT_DIRS[kind].length + 1);
  return /^[^/]+\.json$/.test(name) ? SCHEMA_OF_KIND[kind] : undefined;
}
