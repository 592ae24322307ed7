import type { FormConfig, FormValues, ImagesField } from '../../core/forms/form-types.ts';
import { composeMessage } from '../../core/forms/message.ts';
import { fill } from '../../core/text/fill.ts';
import type { UploadedPhoto } from './upload.ts';

/**
 * EmailJS drops a template whose parameters exceed 50 kB. The message keeps
 * below this many bytes (UTF-8), leaving room for the other parameters.
 */
export const MESSAGE_BUDGET_BYTES = 45_000;

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** What a data URL of `file` will measure, known before reading it: the prefix plus base64 (4 characters per 3 bytes). */
export function dataUrlLength(file: File): number {
  return `data:${file.type || 'application/octet-stream'};base64,`.length + 4 * Math.ceil(file.size / 3);
}

/**
 * The line for a refused file that is too large to embed. `texts.notUploaded`
 * ({name}) is not in the form schema yet; until it is, the field's own
 * "not added" heading stands before the name, so no wording lives in code.
 */
export function notUploadedLine(field: ImagesField, name: string): string {
  const texts = field.texts;
  return fill(texts.notUploaded ?? `${texts.rejectedHeading} {name}`, { name });
}

/**
 * The mail's line per photo: the host's link; for a refused file a data URL
 * while the whole message stays within the budget, in the order chosen;
 * otherwise the not-uploaded line with its name.
 */
export async function photoLines(
  form: FormConfig,
  values: FormValues,
  photos: Record<string, UploadedPhoto[]>,
  readDataUrl: (file: File) => Promise<string>,
  budget = MESSAGE_BUDGET_BYTES,
): Promise<Record<string, string[]>> {
  const lines: Record<string, string[]> = {};
  const refused: Array<{ field: ImagesField; index: number; file: File }> = [];
  for (const field of form.fields) {
    if (field.type !== 'images') continue;
    lines[field.name] = (photos[field.name] ?? []).map((photo, index) => {
      if (photo.link !== undefined) return photo.link;
      refused.push({ field, index, file: photo.file });
      return notUploadedLine(field, photo.file.name);
    });
  }
  let size = bytes(composeMessage(form, values, lines));
  for (const { field, index, file } of refused) {
    const fieldLines = lines[field.name]!;
    const notice = bytes(fieldLines[index]!);
    // measure first, so a file that cannot fit is never read at all
    if (size - notice + dataUrlLength(file) > budget) continue;
    const url = await readDataUrl(file);
    if (size - notice + url.length > budget) continue;
    fieldLines[index] = url;
    size += url.length - notice;
  }
  return lines;
}

/** The photos the lead record gets: real links only, never data URLs. */
export function hostedLinks(photos: Record<string, UploadedPhoto[]>): string[] {
  return Object.values(photos).flatMap((list) => list.flatMap((p) => (p.link === undefined ? [] : [p.link])));
}
