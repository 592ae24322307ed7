import { useCallback, useEffect, useRef, useState } from 'react';
import { mediaApi, type MediaImage } from '../files/media-api.ts';
import { MediaItem } from './media-item.tsx';
import { mediaTexts } from './media-texts.ts';
import { MediaUpload } from './media-upload.tsx';
import type { MediaEdit } from './media-use.tsx';
import './media.css';

interface MediaPanelProps {
  /** the site's language (site.config.json's `lang`): the panel speaks it */
  lang: string;
  /** the studio's edit of a site file (one undo step per field) */
  edit: MediaEdit;
  /** change counters of the site's files and of public/: the list is read again when they move */
  revision: number;
  assets: string[];
  /** a site file's name as the rest of the studio says it */
  nameOf: (path: string) => string;
  close: () => void;
}

/** The images of public/images, read again whenever a site file or a file of public/ changed. */
function useImages(revision: number, assets: string[]) {
  const [images, setImages] = useState<MediaImage[] | undefined>();
  const [error, setError] = useState('');
  const asked = useRef(0);
  const reload = useCallback(() => {
    // only the newest answer counts: an older one may come back last
    const ask = ++asked.current;
    mediaApi.list().then(
      (list) => ask === asked.current && setImages(list),
      (failure: unknown) => setError((failure as Error).message),
    );
  }, []);
  const files = assets.join('\n');
  useEffect(reload, [reload, revision, files]);
  return { images, error, reload };
}

/**
 * The media library, a dialog over the studio: upload by dropping or choosing several images, every image with
 * its size and uses, the alt text beside the picture where a page uses it, and delete for an image nothing uses.
 */
export function MediaPanel({ lang, edit, revision, assets, nameOf, close }: MediaPanelProps) {
  const t = { ...mediaTexts(lang), nameOf };
  const dialog = useRef<HTMLDialogElement>(null);
  const { images, error, reload } = useImages(revision, assets);
  const [status, setStatus] = useState('');
  const [focusKey, setFocusKey] = useState<string | undefined>();
  const statusLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} className="media-panel" aria-labelledby="media-heading" onClose={close} lang={lang}>
      <header className="media-head">
        <h2 id="media-heading">{t.title}</h2>
        <button type="button" onClick={close}>
          {t.close}
        </button>
      </header>
      <p className="field-hint">{t.intro}</p>
      <MediaUpload t={t} uploaded={reload} />
      <p role="status" className="media-status" ref={statusLine} tabIndex={-1}>
        {status}
      </p>
      {error ? <p role="alert">{error}</p> : null}
      {!images ? <p>{t.loading}</p> : images.length === 0 ? <p>{t.none}</p> : null}
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul className="media-list" role="list" aria-labelledby="media-heading">
        {images?.map((image) => (
          <MediaItem
            key={image.src}
            image={image}
            t={t}
            lang={lang}
            actions={{
              edit,
              focusKey,
              replaced: (key, message) => {
                setStatus(message);
                setFocusKey(key);
              },
            }}
            removed={(name) => {
              setStatus(t.removed(name));
              // the deleted image's card is gone: the keyboard stays in the dialog, on what happened
              statusLine.current?.focus();
              reload();
            }}
          />
        ))}
      </ul>
    </dialog>
  );
}

/** The studio's way into the media library: one click. */
export function MediaButton({ lang, open }: { lang: string; open: () => void }) {
  return (
    <button type="button" aria-haspopup="dialog" onClick={open}>
      {mediaTexts(lang).open}
    </button>
  );
}
