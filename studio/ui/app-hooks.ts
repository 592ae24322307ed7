import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditOp } from '../../core/edit/ops.ts';
import { CONFIG_FILE, contentFile } from '../../core/site/layout.ts';
import type { Problem } from './files/api.ts';
import { isDerived, isInternational, PHONE, phoneEdits, sourceOf } from './files/derived.ts';
import { pointerOf, type FieldProblems } from './form/field-common.tsx';
import { plainProblem } from './problems/plain-problems.ts';
import type { TextPatch } from './preview/preview.tsx';
import { speaksDutch, studioTexts } from './texts.ts';
import type { SiteFiles } from './files/site-context.tsx';

type Json = Record<string, unknown>;

/** Ctrl+Z and Ctrl+Shift+Z (Cmd on a Mac) anywhere in the studio: the studio's own undo and redo. */
export function useUndoKeys(undo: () => unknown, redo: () => unknown) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      event.preventDefault();
      void (event.shiftKey ? redo() : undo());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}

const LANG_KEY = 'studio-lang';

/**
 * The language the studio speaks: the site's (its config's `lang`), or while the site loads the one it last had on
 * this computer. The page's `<html lang>` says it (a language the studio does not speak is shown in English).
 */
export function useInterfaceLang(siteLang: string | undefined): string {
  const [remembered] = useState(() => {
    try {
      return localStorage.getItem(LANG_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  });
  const lang = siteLang ?? remembered ?? 'en';
  useEffect(() => {
    document.documentElement.lang = speaksDutch(lang) || /^en\b/i.test(lang) ? lang : 'en';
    document.title = studioTexts(lang).studio;
    if (siteLang === undefined) return;
    try {
      localStorage.setItem(LANG_KEY, siteLang);
    } catch {
      // a browser that keeps nothing: the next load starts in English
    }
  }, [lang, siteLang]);
  return lang;
}

/** /__studio?route=/contact (the link on each page of the dev server): that page's file, or a landing page's preview. */
export function useAskedRoute(
  ready: boolean,
  routes: string[],
  pageRoutes: Map<string, string>,
  openFile: (path: string) => void,
  preview: (route: string) => void,
) {
  const asked = useRef(new URLSearchParams(location.search).get('route'));
  useEffect(() => {
    const wanted = asked.current?.replace(/(.)\/+$/, '$1');
    if (!wanted || !ready) return;
    asked.current = null;
    const page = [...pageRoutes].find(([, path]) => path === wanted)?.[0];
    if (page) openFile(contentFile('page', page));
    else if (routes.includes(wanted)) preview(wanted);
  }, [ready, routes, pageRoutes, openFile, preview]);
}

/** The first field (input, choice, switch, or a button that adds a group) at or in an element. */
function focusable(element: Element): HTMLElement | null {
  const fields = 'input:not([type="file"]), select, textarea, button';
  return element.matches(fields) ? (element as HTMLElement) : element.querySelector<HTMLElement>(fields);
}

/**
 * The field of a value in the open form, by its JSON pointer: its own input, else the first field inside it (an
 * object's, a list item's), else (loose) the field of the nearest value around it that is shown.
 */
function fieldAt(pointer: string, loose: boolean): HTMLElement | null {
  const form = document.querySelector('.editor');
  if (!form) return null;
  const at = (p: string) => form.querySelector(`[data-pointer="${CSS.escape(p)}"]`);
  const own = at(pointer) ?? form.querySelector(`[data-pointer^="${CSS.escape(`${pointer}/`)}"]`);
  if (own) return focusable(own);
  if (!loose) return null;
  for (let p = pointer.replace(/\/[^/]*$/, ''); p !== ''; p = p.replace(/\/[^/]*$/, '')) {
    const around = at(p);
    if (around) return focusable(around);
  }
  return null;
}

/**
 * Focuses a value's field once the studio shows it (after a file opens, a block is selected, or an item is added
 * and saved): looked for on each frame for up to 3 s. 'near': a value with no field of its own (a missing object)
 * gets the field of the nearest value around it, once its own had time to appear. 'new': a new item's first text
 * is selected, so what is typed replaces the example it was filled with.
 */
export function useFocusRequest(): (pointer: string, how?: 'near' | 'new') => void {
  const [wanted, setWanted] = useState<{ pointer: string; how?: 'near' | 'new'; at: number } | undefined>();
  useEffect(() => {
    if (!wanted) return;
    let frame = 0;
    const started = performance.now();
    const look = () => {
      const waited = performance.now() - started;
      const field = fieldAt(wanted.pointer, wanted.how === 'near' && waited > 400);
      if (field) {
        field.scrollIntoView({ block: 'center' });
        field.focus({ preventScroll: true });
        if (wanted.how === 'new' && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.type !== 'checkbox') field.select();
        setWanted(undefined);
      } else if (waited < 3000) frame = requestAnimationFrame(look);
      else setWanted(undefined);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [wanted]);
  return useCallback((pointer: string, how?: 'near' | 'new') => setWanted({ pointer, how, at: performance.now() }), []);
}

/** The problems of one file by the field that shows them, in plain words; a derived value's on the field it follows. */
export function fieldProblems(problems: Problem[], file: string, lang: string): FieldProblems {
  const map: FieldProblems = new Map();
  for (const p of problems) {
    if (p.file !== file) continue;
    const pointer = sourceOf(file, p.pointer);
    const text = plainProblem(p, lang);
    const shown = map.get(pointer) ?? [];
    if (!shown.includes(text)) map.set(pointer, [...shown, text]);
  }
  return map;
}

/**
 * How the open file's form edits it: a text typed shows in the preview at once (the render that follows the
 * write confirms it), and the phone number brings the values that follow it along in the same edit.
 */
export function useFileEdit(site: SiteFiles, open: string, data: Json | undefined, lang: string) {
  const [patch, setPatch] = useState<TextPatch | undefined>();
  /** the text each field last showed in the preview, by file and pointer */
  const shown = useRef(new Map<string, string>());
  const edit = (change: EditOp | EditOp[], key?: string) => {
    if (Array.isArray(change)) return site.edit(open, change, key);
    const op = change;
    if (op.op === 'set' && typeof op.value === 'string') {
      const at = `${open}#${pointerOf(op.path)}`;
      const stored = op.path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], data);
      const from = [shown.current.get(at), typeof stored === 'string' ? stored : undefined].filter((t): t is string => t !== undefined);
      shown.current.set(at, op.value);
      setPatch({ from, to: op.value });
    }
    const typeKey = key ?? (op.op === 'set' ? `set:${pointerOf(op.path)}` : undefined);
    const follow = open === CONFIG_FILE && op.op === 'set' && pointerOf(op.path) === PHONE && typeof op.value === 'string';
    const more = follow ? phoneEdits(data, op.value as string, lang) : [];
    site.edit(open, more.length ? [op, ...more] : op, typeKey);
  };
  const t = studioTexts(lang);
  const contact = data?.contact as Json | undefined;
  /** the phone field says what follows it, and how to type a number whose call link lacks its country code */
  const note = (pointer: string) =>
    open === CONFIG_FILE && pointer === PHONE
      ? [t.phoneFollows, typeof contact?.phoneHref === 'string' && !isInternational(contact.phoneHref) ? t.phoneNeedsCode : ''].filter(Boolean).join(' ')
      : undefined;
  const hidden = (pointer: string) => isDerived(open, pointer);
  return { edit, patch, note, hidden };
}
