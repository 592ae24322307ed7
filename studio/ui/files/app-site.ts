import { useState } from 'react';
import { CONFIG_FILE, contentFile } from '../../../core/site/layout.ts';
import type { Problem } from './api.ts';
import { sourceOf } from './derived.ts';
import { mediaApi } from './media-api.ts';
import { placeOf } from '../form/names.ts';
import type { StudioTexts } from '../texts.ts';
import type { SiteFiles } from './site-context.tsx';

type Json = Record<string, unknown>;

export function parse(text: string | undefined): Json | undefined {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  } catch {
    return undefined;
  }
}

/** The value of each file as last parsed, by its path: a list of many problems parses each file once. */
const parsed = new Map<string, { text: string | undefined; value: Json | undefined }>();
function parsedFile(path: string, text: string | undefined): Json | undefined {
  const known = parsed.get(path);
  if (known && known.text === text) return known.value;
  const value = parse(text);
  parsed.set(path, { text, value });
  return value;
}

/** A JSON pointer as the path it names ('/blocks/0/headline' → ['blocks', 0, 'headline']). */
const pathOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Where a problem is, in words: the file's name › the block › the fields on the way ("Home › Blok 1 (Openingsblok) › Kop"). */
export function problemPlace(site: SiteFiles, t: StudioTexts, lang: string, nameOf: (path: string) => string) {
  return (problem: Problem) => {
    const value = parsedFile(problem.file, site.files[problem.file]?.text);
    const place = site.state ? placeOf(t, lang, site.state.schemas, problem.file, value, pathOf(sourceOf(problem.file, problem.pointer))) : [];
    return [nameOf(problem.file), ...place].join(' › ');
  };
}

/** Images picked in a field: uploaded into public/images/ (refused with a reason a person reads), and offered to every field at once. */
export function useUploads(site: SiteFiles) {
  /** images uploaded since the studio loaded (the list of public/ comes with the site's state) */
  const [uploaded, setUploaded] = useState<string[]>([]);
  const upload = async (picked: File) => {
    const saved = await mediaApi.upload(picked, false);
    setUploaded((list) => [...list, saved.src]);
    return saved;
  };
  return { upload, assets: [...new Set([...site.assets, ...uploaded])].sort() };
}

/** A new page, valid at once: its title as its description and its hero's heading, for the person to change; then its route. */
export function pageCreator(site: SiteFiles, config: Json | undefined, t: StudioTexts, openFile: (path: string) => void, say: (status: string) => void) {
  return async (id: string, path: string, title: string) => {
    const text = `${JSON.stringify({ $schema: '../../schemas/page.schema.json', title, description: title, blocks: [{ type: 'hero', variant: 'page', headline: title }] }, null, 2)}\n`;
    const routes = (config?.routes ?? []) as unknown[];
    // the file and its route: one step, that one Ctrl+Z undoes
    await site.together(async () => {
      await site.create(contentFile('page', id), text);
      site.edit(CONFIG_FILE, { op: 'insert', path: ['routes'], index: routes.length, value: { path, page: id } });
      // the preview asks for the new route only once the config that has it is saved (else it shows the 404 page)
      await site.settled();
    });
    openFile(contentFile('page', id));
    say(t.pageAdded(title, path));
  };
}
