import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { MAX_UPLOAD_BYTES } from '../../../core/images/uploads.ts';
import { mediaApi, RefusedUpload } from '../files/media-api.ts';
import type { MediaTexts } from './media-texts.ts';

export interface Outcome {
  name: string;
  text: string;
  ok: boolean;
}

const MB = MAX_UPLOAD_BYTES / 1024 / 1024;

type Saved = { src: string; width: number; height: number };

/** One file's upload, said in plain words: added, too big, or not an image; `library` false for one put into a use. */
export async function uploadOne(file: File, t: MediaTexts, library = true): Promise<Outcome & { saved?: Saved }> {
  if (file.size > MAX_UPLOAD_BYTES) return { name: file.name, text: t.tooBig(file.name, MB), ok: false };
  try {
    const saved = await mediaApi.upload(file, library);
    return { name: file.name, text: t.uploaded(file.name, saved.src), ok: true, saved };
  } catch (error) {
    // the server refuses a file it cannot read as an image (its size was checked here first)
    if (error instanceof RefusedUpload) return { name: file.name, text: t.notImage(file.name), ok: false };
    return { name: file.name, text: t.failed(file.name, (error as Error).message), ok: false };
  }
}

/**
 * Images dropped on the zone or chosen with its button, several at once: each is uploaded in turn (the server
 * converts one at a time best on a small machine) and the list shows it as soon as it is there.
 */
export function MediaUpload({ t, uploaded }: { t: MediaTexts; uploaded: () => void }) {
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const upload = async (files: File[]) => {
    setOutcomes(files.map((file) => ({ name: file.name, text: t.uploading(file.name), ok: true })));
    for (const [index, file] of files.entries()) {
      const outcome = await uploadOne(file, t);
      setOutcomes((all) => all.map((o, i) => (i === index ? outcome : o)));
      if (outcome.ok) uploaded();
    }
  };
  // the zone is no button itself: the one button inside opens the file chooser, from the keyboard too
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => void upload(files),
    noClick: true,
    noKeyboard: true,
    multiple: true,
  });
  return (
    <div className="media-upload">
      <div {...getRootProps({ className: `media-drop${isDragActive ? ' media-drop--active' : ''}` })} data-testid="media-drop">
        <input {...getInputProps({ accept: 'image/jpeg,image/png,image/webp,image/gif,image/avif', 'aria-hidden': true })} />
        <p>{isDragActive ? t.dropping : t.drop}</p>
        <button type="button" onClick={open}>
          {t.choose}
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul className="media-outcomes" aria-live="polite" role="list">
        {outcomes.map((o, i) => (
          <li key={`${o.name}-${i}`} className={o.ok ? undefined : 'media-error'}>
            {o.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
