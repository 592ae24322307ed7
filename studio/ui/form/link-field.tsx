import { useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type RefObject } from 'react';
import type { Schema } from './schema.ts';
import type { FieldProps } from './field-common.tsx';
import { TextInput } from './text-input.tsx';
import { linkKind, matchRoutes, plainLink, routeOf, siteNow, siteRouteChoices, type RouteChoice } from './links.ts';
import { linksTexts, type LinksTexts } from './links-texts.ts';
import './links.css';

/** A field that holds a link (the schemas mark it `x-link`): a page of the site, another site, a phone number or an address. */
export const isLinkSchema = (schema: Schema): boolean => schema['x-link'] === true;

/** One choice of the list: a route, or another kind of link (its value, or the start the person types on from). */
interface Choice {
  value: string;
  title: string;
  detail: string;
  group: 'pages' | 'landingPages' | 'otherKinds';
}

const PAGES_SHOWN = 50;
const LANDING_SHOWN = 20;
const STARTS = { external: 'https://', phone: 'tel:', email: 'mailto:' } as const;

/** The choices for what was typed: the routes it names (by title or path), then the other kinds of link. */
function choicesFor(routes: RouteChoice[], typed: string, t: LinksTexts): { choices: Choice[]; moreLanding: number } {
  // a link of another kind typed in full needs no list
  if (typed !== '' && ['external', 'phone', 'email', 'anchor'].includes(linkKind(typed))) return { choices: [], moreLanding: 0 };
  const found = matchRoutes(routes, typed);
  const asChoice = (r: RouteChoice): Choice => ({ value: r.path, title: r.title, detail: r.path, group: r.kind === 'page' ? 'pages' : 'landingPages' });
  const landing = found.filter((r) => r.kind === 'landing');
  const others = (Object.keys(STARTS) as (keyof typeof STARTS)[]).map((kind): Choice => {
    const made = plainLink(kind, typed);
    return { value: made ?? STARTS[kind], title: t[kind], detail: made ?? '', group: 'otherKinds' };
  });
  return {
    choices: [
      ...found
        .filter((r) => r.kind === 'page')
        .slice(0, PAGES_SHOWN)
        .map(asChoice),
      ...landing.slice(0, LANDING_SHOWN).map(asChoice),
      ...others,
    ],
    moreLanding: Math.max(0, landing.length - LANDING_SHOWN),
  };
}

/** What a link goes to, in words, beside the field: the page's title, or the kind of link. */
function targetText(value: string, routes: RouteChoice[], t: LinksTexts): { text: string; unknown?: boolean } | undefined {
  if (value === '') return undefined;
  const kind = linkKind(value);
  if (kind !== 'page') return kind === 'other' ? undefined : { text: t[kind] };
  const route = routes.find((r) => r.path === routeOf(value));
  if (!route) return { text: t.unknownRoute, unknown: true };
  const anchor = /#.+$/.exec(value)?.[0];
  return { text: `${route.kind === 'landing' ? t.landingOf(route.title) : route.title}${anchor ? ` (${anchor})` : ''}` };
}

/**
 * The person's pick, typed into the field's own input as if typed by hand: the field keeps its draft, its echoes and
 * its undo step exactly as for keys (React reads a value set through the element's own setter as typing).
 */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.setSelectionRange(value.length, value.length);
}

/** The field's text input (a long link is a textarea: it stays a plain text field, with no list). */
const inputOf = (wrap: HTMLElement | null) => wrap?.querySelector<HTMLInputElement>('input[type="text"]') ?? null;

/** Makes the field's input the combobox of the list (the input is the text field's own: its typing stays as it is). */
function useCombobox(wrap: RefObject<HTMLDivElement | null>, listId: string, open: boolean, activeId: string | undefined) {
  useLayoutEffect(() => {
    const input = inputOf(wrap.current);
    const toggle = wrap.current?.querySelector<HTMLButtonElement>('.link-toggle');
    if (toggle) toggle.hidden = !input;
    if (!input) return;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
    input.setAttribute('aria-expanded', String(open));
    if (activeId) input.setAttribute('aria-activedescendant', activeId);
    else input.removeAttribute('aria-activedescendant');
    // the list and its button sit at the input, wherever the field's label and help put it
    const popup = wrap.current?.querySelector<HTMLElement>('.link-popup');
    if (popup) popup.style.top = `${input.offsetTop + input.offsetHeight + 2}px`;
    if (toggle) Object.assign(toggle.style, { top: `${input.offsetTop}px`, height: `${input.offsetHeight}px` });
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  });
}

function ChoiceList({
  id,
  choices,
  active,
  current,
  choose,
  t,
}: {
  id: string;
  choices: Choice[];
  active: number;
  current: string;
  choose: (c: Choice) => void;
  t: LinksTexts;
}) {
  const groups = (['pages', 'landingPages', 'otherKinds'] as const).filter((g) => choices.some((c) => c.group === g));
  return (
    <div role="listbox" id={id} aria-label={t.pages}>
      {groups.map((group) => (
        <div role="group" key={group} aria-labelledby={`${id}-${group}`}>
          <div role="presentation" id={`${id}-${group}`} className="link-group-title">
            {t[group]}
          </div>
          {choices.map((choice, index) =>
            choice.group !== group ? null : (
              // the keys that choose are the combobox input's (the focus stays there); a click keeps it there too
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <div
                key={`${group}:${choice.value}:${choice.title}`}
                role="option"
                tabIndex={-1}
                id={`${id}-${index}`}
                aria-selected={index === active}
                className={`link-option${choice.value === current && group !== 'otherKinds' ? ' is-current' : ''}`}
                // a click keeps the focus in the field
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(choice)}
              >
                <span className="link-option-title">{choice.title}</span> <span className="link-option-detail">{choice.detail}</span>
              </div>
            ),
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The list's state: what was typed since it opened (undefined while it is closed), the active choice, and the keys
 * that move through it, choose and close it. A choice is typed into the field's input, as the person's own keys.
 */
function useChoices(wrap: RefObject<HTMLDivElement | null>, routes: RouteChoice[], t: LinksTexts) {
  const [typed, setTyped] = useState<string | undefined>();
  const [active, setActive] = useState(-1);
  const picking = useRef(false);
  const { choices, moreLanding } = useMemo(() => choicesFor(routes, typed ?? '', t), [routes, typed, t]);
  const open = typed !== undefined && choices.length > 0;
  const show = (text: string) => {
    setTyped(text);
    setActive(-1);
  };
  const close = () => setTyped(undefined);
  const choose = (choice: Choice) => {
    const input = inputOf(wrap.current);
    close();
    if (!input) return;
    picking.current = true;
    typeInto(input, choice.value);
    picking.current = false;
    input.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== inputOf(wrap.current)) return;
    const move = (step: number) => setActive((i) => (i + step + choices.length) % choices.length);
    if (e.key === 'ArrowDown' && !open) show('');
    else if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp' && open) move(-1);
    else if (e.key === 'Enter' && open && active >= 0) choose(choices[active]!);
    else if (e.key === 'Escape' && open) close();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  /** what the person typed into the field (not a choice typed in for them) opens the list on it */
  const onTyped = (text: string) => {
    if (!picking.current) show(text);
  };
  return { choices, moreLanding, open, active, show, close, choose, onKeyDown, onTyped };
}

/**
 * The link picker: the field is the text field it always was (every key typed is an edit, as in any field), and a
 * combobox besides: what is typed finds the site's pages and landing pages by title or path, and another site, a
 * phone number or an e-mail address are plain choices. Beside the field: what the link goes to, in words.
 */
export function LinkField(props: FieldProps) {
  const t = linksTexts(props.ctx.lang);
  const files = useSyncExternalStore(siteNow.subscribe, siteNow.get);
  const routes = useMemo(() => siteRouteChoices(files, props.ctx.routes), [files, props.ctx.routes]);
  const wrap = useRef<HTMLDivElement>(null);
  const listId = useId();
  const list = useChoices(wrap, routes, t);
  const { open, active, choices } = list;
  useCombobox(wrap, listId, open, open && active >= 0 ? `${listId}-${active}` : undefined);
  const value = typeof props.value === 'string' ? props.value : '';
  const target = targetText(value, routes, t);
  return (
    // the field's own input sits inside: its keys, typing and leaving are read here, as they bubble
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="link-field"
      ref={wrap}
      onKeyDown={list.onKeyDown}
      onInput={(e) => e.target === inputOf(wrap.current) && list.onTyped((e.target as HTMLInputElement).value)}
      onBlur={(e) => !wrap.current?.contains(e.relatedTarget as Node | null) && list.close()}
    >
      <TextInput {...props} />
      <button
        type="button"
        className="link-toggle"
        tabIndex={-1}
        aria-label={t.showChoices}
        aria-controls={listId}
        aria-expanded={open}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          if (open) list.close();
          else list.show('');
          inputOf(wrap.current)?.focus();
        }}
      >
        ▾
      </button>
      {target ? <p className={`link-target${target.unknown ? ' is-unknown' : ''}`}>→ {target.text}</p> : null}
      <div className="link-popup" hidden={!open}>
        <ChoiceList id={listId} choices={open ? choices : []} active={active} current={value} choose={list.choose} t={t} />
        {open && list.moreLanding > 0 ? <p className="link-note">{t.moreLanding(list.moreLanding)}</p> : null}
        {open && !choices.some((c) => c.group !== 'otherKinds') ? <p className="link-note">{t.noPage}</p> : null}
      </div>
      <p role="status" className="links-sr-only">
        {open ? t.choices(choices.length) : ''}
      </p>
    </div>
  );
}
