import { useEffect, useRef, useState } from 'react';
import type { FileRejection } from 'react-dropzone';
import type { ImagesField } from '../../../core/site/schema-types.ts';
import type { PickedFile } from '../../../core/forms/form-types.ts';
import { rejectionMessage } from './image-rejections.ts';

export interface Refused {
  name: string;
  messages: string[];
}

/**
 * The images picked for one field: a drop keeps what fits under maxFiles (counted over all drops) and lists
 * each refused file with the field's own messages; a preview URL lives exactly as long as its file is listed.
 */
export function usePickedImages(field: ImagesField, files: PickedFile[], onChange: (name: string, files: PickedFile[]) => void, idPrefix: string) {
  const nextId = useRef(0);
  const [refused, setRefused] = useState<Refused[]>([]);
  const remaining = field.maxFiles - files.length;

  // Revoke the preview of every file that left the list (removed, form cleared) and all of them on unmount.
  const shown = useRef<PickedFile[]>([]);
  useEffect(() => {
    for (const old of shown.current) if (!files.includes(old)) URL.revokeObjectURL(old.previewUrl);
    shown.current = files;
  }, [files]);
  useEffect(() => () => shown.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    // the surplus is decided here rather than per drop by the library
    const room = Math.max(0, remaining);
    const kept = accepted.slice(0, room).map((file) => ({ id: `${idPrefix}-${nextId.current++}`, file, previewUrl: URL.createObjectURL(file) }));
    const surplus = accepted.slice(room).map((file) => ({ name: file.name, messages: [field.errors.tooMany] }));
    const refusedNow = rejections.map((r) => ({ name: r.file.name, messages: r.errors.map((e) => rejectionMessage(field, String(e.code), e.message)) }));
    setRefused([...refusedNow, ...surplus]);
    if (kept.length > 0) onChange(field.name, [...files, ...kept]);
  };

  const remove = (picked: PickedFile) =>
    onChange(
      field.name,
      files.filter((f) => f !== picked),
    );

  return { refused, full: remaining <= 0, onDrop, remove };
}
