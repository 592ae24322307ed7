import { useEffect, useId, useRef, useState } from 'react';
import type { EditOp } from '../core/edit/ops.ts';
import { mediaApi, type ImageUse, type MediaImage } from './media-api.ts';
import type { MediaTexts } from './media-texts.ts';

export type MediaEdit = (path: string, op: EditOp, key?: string) => void;

const THUMB = 120;
const pointer = (path: (string | number)[]) => `/${path.join('/')}`;

const pageOf = (page: { file: string; title?: string }) => (page.title ? `${page.title} (${page.file})` : page.file);

/** Where a use is, for people: a page's title and file, the site's settings, or a collection and the pages that show it. */
export function whereOf(use: ImageUse, t: MediaTexts): string {
  if (use.title) return pageOf(use);
  if (use.file === 'site.config.json') return t.siteSettings;
  const collection = /^content\/collections\/(.+)\.json$/.exec(use.file);
  return collection ? t.collection(collection[1]!, (use.shownOn ?? []).map(pageOf)) : use.file;
}

/** The alt text of one use, written as the person types (one undo step per field, as in the forms). */
function AltText({ use, t, edit }: { use: ImageUse & { altPath: (string | number)[] }; t: MediaTexts; edit: MediaEdit }) {
  const id = useId();
  const stored = use.alt ?? '';
  const [draft, setDraft] = useState(stored);
  const [focused, setFocused] = useState(false);
  // the list is read again after each write: while the person types, their own text stays
  useEffect(() => {
    if (!focused) setDraft(stored);
  }, [stored, focused]);
  return (
    <div className="media-alt">
      <label htmlFor={id}>{t.alt}</label>
      <input
        id={id}
        value={draft}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          setDraft(e.target.value);
          edit(use.file, { op: 'set', path: use.altPath, value: e.target.value }, `set:${pointer(use.altPath)}`);
        }}
      />
    </div>
  );
}

function Uses({ image, t, edit }: { image: MediaImage; t: MediaTexts; edit: MediaEdit }) {
  if (image.uses.length === 0) return <p className="media-unused">{t.unused}</p>;
  return (
    <>
      <p className="media-used-on">{t.usedOn}</p>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul className="media-uses" role="list">
        {image.uses.map((use) => (
          <li key={`${use.file}#${pointer(use.path)}`}>
            <span className="media-where">{whereOf(use, t)}</span>
            {use.altPath ? <AltText use={{ ...use, altPath: use.altPath }} t={t} edit={edit} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Delete: asked once more; an image in use is refused and the answer says where (the server checks again). */
function Delete({ image, name, t, removed }: { image: MediaImage; name: string; t: MediaTexts; removed: (name: string) => void }) {
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
  edit,
  removed,
}: {
  image: MediaImage;
  t: MediaTexts;
  lang: string;
  edit: MediaEdit;
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
        <Uses image={image} t={t} edit={edit} />
        <Delete image={image} name={name} t={t} removed={removed} />
      </div>
    </li>
  );
}
