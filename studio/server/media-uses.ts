import { variantSource } from '../../core/images/srcset.ts';
import { fileId, kindOf } from '../../core/site/layout.ts';
import type { ImageUse } from '../../core/studio/contract.ts';
import type { SiteFiles } from './site-files.ts';

// Where the site's files use each image, found by reading their JSON: for the media library (media.ts).

type Json = unknown;

/** Every string of a JSON value with its path; the object it sits in comes along for the alt text beside a src. */
function* strings(
  value: Json,
  path: (string | number)[] = [],
  parent?: Record<string, Json>,
): Generator<[string, (string | number)[], Record<string, Json> | undefined]> {
  if (typeof value === 'string') yield [value, path, parent];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, [...path, i]);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, [...path, key], value as Record<string, Json>);
}

/** The image a path names: itself, or for a width the build makes (`a-400w.webp`), the file it is made from. */
const sourceOf = (src: string) => variantSource(src)?.src ?? src;

/** The site's files that parse, each with its data and, for a page, its title. */
function parsedFiles(files: SiteFiles): { file: string; data: Json; title?: string }[] {
  return files.list().flatMap((file) => {
    try {
      const data = JSON.parse(files.read(file).text) as Json;
      const title = kindOf(file) === 'page' ? (data as { title?: unknown }).title : undefined;
      return [{ file, data, title: typeof title === 'string' ? title : undefined }];
    } catch {
      return [];
    }
  });
}

/** The pages that show each collection (a block's `"collection": "<id>"`). */
function pagesByCollection(parsed: ReturnType<typeof parsedFiles>): Map<string, { file: string; title?: string }[]> {
  const pages = new Map<string, { file: string; title?: string }[]>();
  for (const { file, data, title } of parsed.filter((p) => kindOf(p.file) === 'page'))
    for (const [text, path] of strings(data))
      if (path[path.length - 1] === 'collection' && !pages.get(text)?.some((p) => p.file === file))
        pages.set(text, [...(pages.get(text) ?? []), { file, title }]);
  return pages;
}

/** Where each image is used in the site's files (parsed; a file that does not parse uses nothing it can be sure of). */
export function usesOf(files: SiteFiles): Map<string, ImageUse[]> {
  const uses = new Map<string, ImageUse[]>();
  const parsed = parsedFiles(files);
  const shown = pagesByCollection(parsed);
  for (const { file, data, title } of parsed) {
    const collection = kindOf(file) === 'collection' ? fileId(file) : undefined;
    for (const [text, path, parent] of strings(data)) {
      if (!text.startsWith('/images/')) continue;
      const src = sourceOf(text);
      const use: ImageUse = { file, title, path };
      if (collection !== undefined) use.shownOn = shown.get(collection) ?? [];
      // an image object: its alt text is edited beside the picture
      if (path[path.length - 1] === 'src' && parent !== undefined && ('alt' in parent || 'width' in parent))
        Object.assign(use, {
          altPath: [...path.slice(0, -1), 'alt'],
          alt: typeof parent.alt === 'string' ? parent.alt : '',
          sized: 'width' in parent && 'height' in parent,
        });
      uses.set(src, [...(uses.get(src) ?? []), use]);
    }
  }
  return uses;
}
