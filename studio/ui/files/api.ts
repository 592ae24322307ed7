import type { EditOp } from '../../../core/edit/ops.ts';
import {
  STUDIO_API,
  type CreateRequest,
  type DiffAnswer,
  type EditAnswer,
  type EditRequest,
  type ErrorAnswer,
  type ProblemsAnswer,
  type RemoveAnswer,
  type RemoveRequest,
  type RestoreRequest,
  type SiteFile,
  type StepAnswer,
  type StepFile,
  type StepRequest,
  type StudioState,
  type UploadedImage,
} from '../../../core/studio/contract.ts';
import { CallFailed, postJson, writeHeaders } from './call.ts';

/** The studio's calls to its dev-server side (studio/server/site-api.ts); the shapes are the wire's (core/studio/contract.ts). */
export type { EditAnswer, SiteFile, StepAnswer, StepFile, StudioState } from '../../../core/studio/contract.ts';
/** A problem as the validator reports it: file, line, column, JSON pointer and message. */
export type { Problem } from '../../../core/validate/validate.ts';

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & Partial<ErrorAnswer>;
  if (!response.ok && response.status !== 409) throw new CallFailed(response.status, body.error ?? `${response.status} ${response.statusText}`, body.reference);
  return body;
}

const post = <B>(route: string, body: B) => postJson(`${STUDIO_API}/${route}`, body);

export const api = {
  state: async () => json<StudioState>(await fetch(`${STUDIO_API}/state`)),
  problems: async () => json<ProblemsAnswer>(await fetch(`${STUDIO_API}/problems`)),
  file: async (path: string) => json<SiteFile>(await fetch(`${STUDIO_API}/file?path=${encodeURIComponent(path)}`)),
  diff: async () => json<DiffAnswer>(await fetch(`${STUDIO_API}/diff`)),
  edit: async (path: string, base: string, ops: EditOp[]) => json<EditAnswer>(await post<EditRequest>('edit', { path, base, ops })),
  restore: async (path: string, base: string, text: string) => json<EditAnswer>(await post<RestoreRequest>('restore', { path, base, text })),
  /** The texts of a step of several files put back, all or none (undo and redo of a page deleted or renamed). */
  step: async (files: StepFile[]) => json<StepAnswer>(await post<StepRequest>('step', { files })),
  create: async (path: string, text: string) => json<SiteFile>(await post<CreateRequest>('create', { path, text })),
  /** Deletes a page's file, only at the version the studio holds (its route and the links to it are edits of their own). */
  removePage: async (path: string, base: string) => {
    const answer = await json<RemoveAnswer>(await post<RemoveRequest>('remove', { path, base }));
    if (!answer.ok) throw new Error(answer.error);
  },
  /** A new image in public/images/ from a file the person picked: its path, and the width and height to declare. */
  upload: async (file: File) =>
    json<UploadedImage>(
      await fetch(`${STUDIO_API}/image?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: writeHeaders('application/octet-stream'),
        body: file,
      }),
    ),
  /** Opens the file at its line in the editor Vite knows ($EDITOR, VS Code, ...). */
  openInEditor: (file: string, line: number, column = 1) => fetch(`/__open-in-editor?file=${encodeURIComponent(`${file}:${line}:${column}`)}`),
};
