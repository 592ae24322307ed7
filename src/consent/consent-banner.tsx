import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Tag } from '../../core/site/schema-types.ts';
import type { ConsentCategory } from '../../core/site/tags.ts';
import { useSite } from '../site/site-context.tsx';
import { categoriesOf, choiceOf, readChoice, saveChoice, type ConsentChoice } from '../site/consent.ts';
import { applyChoice } from '../site/consent-tags.ts';
import { consentTexts, processorLines, type ConsentTexts } from './texts.ts';
import { CONSENT_OPEN_ATTR } from './open-attr.ts';
import styles from './consent-banner.module.css';

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** Where focus goes when the banner closes: back to the button that opened it, or to the page's main content. */
function restoreFocus(opener: HTMLElement | null, banner: HTMLElement | null): void {
  if (opener?.isConnected) opener.focus();
  else if (banner?.contains(document.activeElement)) document.getElementById('main')?.focus({ preventScroll: true });
}

/** The state of the banner: the choice in force, whether it shows, and the opener to give focus back to. */
function useConsent(tags: readonly Tag[], savedText: string) {
  const [choice, setChoice] = useState<ConsentChoice | null>(null);
  const [open, setOpen] = useState(false);
  const [reopened, setReopened] = useState(false);
  const [announce, setAnnounce] = useState('');
  const openerRef = useRef<HTMLElement | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const stored = readChoice(storage());
    if (stored) {
      applyChoice(tags, stored);
      setChoice(stored);
    } else setOpen(true);
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.(`[${CONSENT_OPEN_ATTR}]`);
      if (!(button instanceof HTMLElement)) return;
      openerRef.current = button;
      setReopened(true);
      setOpen(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [tags]);

  // opened from the footer: focus goes to the banner's heading
  useEffect(() => {
    if (open && reopened) headingRef.current?.focus();
  }, [open, reopened]);

  /** Closes the banner, with a new choice or (null: Escape after an earlier choice) without one. */
  const finish = useCallback(
    (granted: ConsentCategory[] | null) => {
      restoreFocus(openerRef.current, bannerRef.current);
      openerRef.current = null;
      setOpen(false);
      if (!granted) return;
      const made = choiceOf(granted);
      saveChoice(storage(), made);
      applyChoice(tags, made);
      setChoice(made);
      setAnnounce(savedText);
    },
    [tags, savedText],
  );

  // Escape closes a banner opened again from the footer; the first time a choice is needed
  useEffect(() => {
    if (!open || !choice) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && bannerRef.current?.contains(document.activeElement)) finish(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, choice, finish]);

  return { choice, open, reopened, announce, finish, bannerRef, headingRef };
}

/**
 * The consent banner: an overlay fixed at the bottom of the screen (it moves nothing on the page), shown on the first
 * visit and again from the footer's 'Cookie-instellingen'. Refusing is as prominent as accepting; nothing is ticked
 * before the visitor ticks it; each category says what it is for and who processes what.
 */
export default function ConsentBanner() {
  const { site } = useSite();
  const tags = site.integrations.tags ?? [];
  const texts = consentTexts(site.lang);
  const { choice, open, reopened, announce, finish, bannerRef, headingRef } = useConsent(tags, texts.saved);
  return (
    <>
      <p role="status" className="visually-hidden">
        {announce}
      </p>
      {open ? (
        <BannerPanel
          texts={texts}
          brand={site.brand.name}
          tags={tags}
          initial={choice}
          expandedAtFirst={reopened}
          panelRef={bannerRef}
          headingRef={headingRef}
          onDecide={finish}
        />
      ) : null}
    </>
  );
}

interface PanelProps {
  texts: ConsentTexts;
  brand: string;
  tags: readonly Tag[];
  initial: ConsentChoice | null;
  expandedAtFirst: boolean;
  panelRef: RefObject<HTMLDivElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDecide: (granted: ConsentCategory[]) => void;
}

function BannerPanel({ texts, brand, tags, initial, expandedAtFirst, panelRef, headingRef, onDecide }: PanelProps) {
  const id = useId();
  const categories = categoriesOf(tags);
  const [expanded, setExpanded] = useState(expandedAtFirst);
  const [ticked, setTicked] = useState<Record<ConsentCategory, boolean>>({ statistics: initial?.statistics === true, marketing: initial?.marketing === true });
  const toggle = (category: ConsentCategory) => setTicked((t) => ({ ...t, [category]: !t[category] }));
  return (
    <div ref={panelRef} className={styles.banner} role="dialog" aria-modal="false" aria-labelledby={`${id}-title`} aria-describedby={`${id}-intro`}>
      <div className={`container ${styles.inner}`}>
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
          {texts.title}
        </h2>
        <p id={`${id}-intro`}>{texts.intro.replace('{brand}', brand)}</p>
        <h3 className={styles.subtitle}>{texts.who}</h3>
        <ul className={styles.processors}>
          {processorLines(texts, tags).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>{texts.withdraw}</p>
        {expanded ? <Categories texts={texts} categories={categories} ticked={ticked} onToggle={toggle} idPrefix={id} /> : null}
        <div className={styles.actions}>
          <button type="button" className="btn btn--primary" onClick={() => onDecide([])}>
            {texts.refuse}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onDecide(categories)}>
            {texts.accept}
          </button>
          {expanded ? (
            <button type="button" className="btn btn--secondary" onClick={() => onDecide(categories.filter((c) => ticked[c]))}>
              {texts.save}
            </button>
          ) : (
            <button type="button" className="btn btn--secondary" aria-expanded="false" onClick={() => setExpanded(true)}>
              {texts.choose}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

interface CategoriesProps {
  texts: ConsentTexts;
  categories: ConsentCategory[];
  ticked: Record<ConsentCategory, boolean>;
  onToggle: (category: ConsentCategory) => void;
  idPrefix: string;
}

/** The categories the site's tags use, each a checkbox with its plain explanation; none ticked before the visitor ticks it. */
function Categories({ texts, categories, ticked, onToggle, idPrefix }: CategoriesProps) {
  return (
    <fieldset className={styles.categories}>
      <legend className="visually-hidden">{texts.choose}</legend>
      {categories.map((category) => (
        <div key={category} className={styles.category}>
          <input
            type="checkbox"
            id={`${idPrefix}-${category}`}
            checked={ticked[category]}
            onChange={() => onToggle(category)}
            aria-describedby={`${idPrefix}-${category}-why`}
          />
          <label htmlFor={`${idPrefix}-${category}`}>{texts.categories[category].name}</label>
          <p id={`${idPrefix}-${category}-why`} className={styles.explanation}>
            {texts.categories[category].explanation}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
