import type { EditOp } from '../core/edit/ops.ts';
import type { SchemaFiles } from './schema.ts';

/** The studio's calls to its dev-server side (scripts/studio/plugin.ts). */
export interface SiteFile {
  path: string;
  text: string;
  version: string;
  parseError?: string;
}

/** A problem as the validator reports it: file, line, column, JSON pointer and message. */
export type { Problem } from '../core/validate/validate.ts';
import type { Problem } from '../core/validate/validate.ts';

export interface StudioState {
  files: SiteFile[];
  problems: Problem[];
  /** what the landing guard says of the landing pages (too alike, too thin): worth fixing, never in the way */
  warnings: Problem[];
  routes: string[];
  /** the files under public/, as the site links them */
  assets: string[];
  schemas: SchemaFiles;
}

export type EditAnswer =
  | { ok: true; file: SiteFile; changed: boolean; replayed: boolean }
  | { ok: false; reason: 'conflict' | 'invalid' | 'stale'; message: string; failedOp?: number; file: SiteFile };

/** One file of an undo or redo step: the text to put back (null: the file goes) over the version there (null: none). */
export interface StepFile {
  path: string;
  base: string | null;
  text: string | null;
}

/** Each file of a step as it is after it, or (refused) as it is now; null where the file is not there. */
export interface StepAnswer {
  ok: boolean;
  message?: string;
  files: { path: string; file: SiteFile | null }[];
}

const BASE = '/__studio/api';

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok && response.status !== 409) throw new Error(body.error ?? `${response.status} ${response.statusText}`);
  return body;
}

const post = (route: string, body: unknown) =>
  fetch(`${BASE}/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const api = {
  state: async () => json<StudioState>(await fetch(`${BASE}/state`)),
  problems: async () => json<{ problems: Problem[]; warnings: Problem[]; routes: string[]; assets: string[] }>(await fetch(`${BASE}/problems`)),
  file: async (path: string) => json<SiteFile>(await fetch(`${BASE}/file?path=${encodeURIComponent(path)}`)),
  diff: async () => json<{ diff: string | null; untracked: string[] }>(await fetch(`${BASE}/diff`)),
  edit: async (path: string, base: string, ops: EditOp[]) => json<EditAnswer>(await post('edit', { path, base, ops })),
  restore: async (path: string, base: string, text: string) => json<EditAnswer>(await post('restore', { path, base, text })),
  /** The texts of a step of several files put back, all or none (undo and redo of a page deleted or renamed). */
  step: async (files: StepFile[]) => json<StepAnswer>(await post('step', { files })),
  create: async (path: string, text: string) => json<SiteFile>(await post('create', { path, text })),
  /** Deletes a page's file, only at the version the studio holds (its route and the links to it are edits of their own). */
  removePage: async (path: string, base: string) => {
    const answer = await json<{ ok: boolean; error?: string }>(await post('remove', { path, base }));
    if (!answer.ok) throw new Error(answer.error ?? 'the page was not deleted');
  },
  /** A new image in public/images/ from a file the person picked: its path, and the width and height to declare. */
  upload: async (file: File) =>
    json<{ src: string; width: number; height: number }>(
      await fetch(`${BASE}/image?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: file,
      }),
    ),
  /** Opens the file at its line in the editor Vite knows ($EDITOR, VS Code, ...). */
  openInEditor: (file: string, line: number, column = 1) => fetch(`/__open-in-editor?file=${encodeURIComponent(`${file}:${line}:${column}`)}`),
};
