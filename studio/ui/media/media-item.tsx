import { useEffect, useRef, useState } from 'react';
import { mediaApi, type ImageUse, type MediaImage } from '../files/media-api.ts';
import type { MediaWords } from './media-texts.ts';
import { ImageObjectUseRow, keyOfUse, pointer, Where, whereOf, type MediaEdit } from './media-use.tsx';

const THUMB = 120;

/** What a use can do in the panel: write an edit, and the use whose alt text takes the keyboard next. */
export interface UseActions {
  edit: MediaEdit;
  focusKey: string | undefined;
  replaced: (key: string, message: string) => void;
}

/** The uses to list: each image object apart (each has its alt text), a plain path once per place (a config naming it twice). */
function distinct(uses: ImageUse[], t: MediaWords): ImageUse[] {
  const seen = new Set<string>();
  return uses.filter((use) => {
    if (use.altPath) return true;
    const where = whereOf(use, t);
    if (seen.has(where)) return false;
    seen.add(where);
    return true;
  });
}

function Uses({ image, t, actions }: { image: MediaImage; t: MediaWords; actions: UseActions }) {
  if (image.uses.length === 0) return <p className="media-unused">{t.unused}</p>;
  return (
    <>
      <p className="media-used-on">{t.usedOn}</p>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul className="media-uses" role="list">
        {distinct(image.uses, t).map((use) => (
          <li key={`${use.file}#${pointer(use.path)}`}>
            {use.altPath ? (
              <ImageObjectUseRow
                use={{ ...use, altPath: use.altPath }}
                t={t}
                edit={actions.edit}
                focus={actions.focusKey === keyOfUse(use)}
                replaced={actions.replaced}
              />
            ) : (
              <Where use={use} t={t} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Delete: asked once more; an image in use is refused and the answer says where (the server checks again). */
function Delete({ image, name, t, removed }: { image: MediaImage; name: string; t: MediaWords; removed: (name: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState('');
  // the keyboard's place follows the question: to "keep" when it is asked, back to "delete" when it is answered no
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (asked.current) start.current?.focus();
    asked.current ||= asking;
  }, [asking]);
  const refuse = (uses: ImageUse[]) => setRefusal(t.inUse(name, [...new Set(uses.map((u) => whereOf(u, t)))].join(', ')));
  const confirm = async () => {
    setAsking(false);
    const answer = await mediaApi.remove(image.src);
    if (answer.ok) removed(name);
    else refuse(answer.uses);
  };
  return (
    <div className="media-delete">
      {asking ? (
        <div role="group" aria-label={t.confirm(name)}>
          <p>{t.confirm(name)}</p>
          <button type="button" className="danger" onClick={() => void confirm()}>
            {t.yes}
          </button>
          <button type="button" ref={keep} onClick={() => setAsking(false)}>
            {t.no}
          </button>
        </div>
      ) : (
        <button type="button" ref={start} aria-label={t.remove(name)} onClick={() => (image.uses.length > 0 ? refuse(image.uses) : setAsking(true))}>
          {t.removeShort}
        </button>
      )}
      <p role="status" className="media-refusal">
        {refusal}
      </p>
    </div>
  );
}

/** One image: its thumbnail, pixel size and file size, where it is used with its alt text there, and delete. */
export function MediaItem({
  image,
  t,
  lang,
  actions,
  removed,
}: {
  image: MediaImage;
  t: MediaWords;
  lang: string;
  actions: UseActions;
  removed: (name: string) => void;
}) {
  const name = image.src.replace(/^\/images\//, '');
  const height = image.width && image.height ? Math.round((THUMB * image.height) / image.width) : THUMB;
  const kb = new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, image.bytes / 1024));
  return (
    <li className="media-item" aria-label={name}>
      <img src={image.src} alt="" loading="lazy" decoding="async" width={THUMB} height={height} className="media-thumb" />
      <div className="media-info">
        <h3>{name}</h3>
        <p className="media-size">
          {image.width && image.height ? `${t.pixels(image.width, image.height)} · ` : ''}
          {kb}
        </p>
        <Uses image={image} t={t} actions={actions} />
        <Delete image={image} name={name} t={t} removed={removed} />
      </div>
    </li>
  );
}
