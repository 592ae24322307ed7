import type { ImagesField } from '../../../core/site/schema-types.ts';
import { fill } from '../../../core/text/fill.ts';

/** The accepted types as react-dropzone lists them: each MIME type followed by its extensions. */
export function acceptList(accept: ImagesField['accept']): string {
  return Object.entries(accept)
    .flatMap(([mime, exts]) => [mime, ...(exts ?? [])])
    .join(', ');
}

/** Config text for a react-dropzone error code; unknown codes keep the library's own message. */
export function rejectionMessage(field: ImagesField, code: string, libraryMessage: string): string {
  switch (code) {
    case 'file-invalid-type':
      return fill(field.errors.invalidType, { types: acceptList(field.accept) });
    case 'file-too-large':
      return fill(field.errors.tooLarge, { size: field.maxSize });
    case 'file-too-small':
      return fill(field.errors.tooSmall, { size: field.minSize ?? 0 });
    case 'too-many-files':
      return field.errors.tooMany;
    default:
      return libraryMessage;
  }
}
