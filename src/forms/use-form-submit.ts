import { useEffect, useLayoutEffect, useRef, useState, type Dispatch, type FormEvent, type RefObject } from 'react';
import type { FormConfig } from '../../core/forms/form-types.ts';
import type { Integrations } from '../../core/site/schema-types.ts';
import { validateForm } from '../../core/forms/validation.ts';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';
import type { FormAction, FormState } from './form-state.ts';
import { createFormSession } from './form-session.ts';
import { domValues, withDomValues } from './dom-values.ts';

interface SubmitOptions {
  form: FormConfig;
  integrations: Integrations;
  state: FormState;
  dispatch: Dispatch<FormAction>;
  formRef: RefObject<HTMLFormElement | null>;
  trapName: string;
  /** called before the errors of a failed check are shown */
  onInvalid: () => void;
}

/**
 * A form's send: checked with the same rules as the server, one send at a time, through the form's session
 * (token, lead, mail, photos). Hydrated over prerendered HTML, what the visitor typed before the code arrived
 * becomes the state, and a send pressed then (held back by the page's bootstrap) goes out now.
 */
export function useFormSubmit({ form, integrations, state, dispatch, formRef, trapName, onInvalid }: SubmitOptions) {
  const [session] = useState(() => createFormSession(form, integrations));
  const inFlight = useRef(false);
  // the send now being made was pressed before the code arrived
  const sentBeforeCode = useRef(false);

  // the fill-time token is fetched once the form is on screen (never while prerendering)
  useEffect(() => session.start(), [session]);

  // in the commit that hydrates the form, before the browser hands over another click: a box ticked before the code
  // arrived is in the state before a later tick's change renders, else that render would untick it on the page
  useLayoutEffect(() => {
    if (formRef.current) dispatch({ type: 'adopt', values: domValues(form, formRef.current) });
    // once, at hydration: the form's config never changes on a page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const island = element.closest(`[${ISLAND_ATTR.pendingSubmit}]`);
    if (island) {
      island.removeAttribute(ISLAND_ATTR.pendingSubmit);
      sentBeforeCode.current = true;
      element.requestSubmit();
      sentBeforeCode.current = false;
    }
    // once, at hydration: the form's config never changes on a page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const send = async () => {
    // the DOM's values: the same as the state, except while the form hydrates under the visitor's hands
    const values = formRef.current ? withDomValues(state.values, domValues(form, formRef.current)) : state.values;
    const errors = validateForm(form, values);
    if (Object.keys(errors).length > 0) {
      onInvalid();
      dispatch({ type: 'invalid', errors });
      return;
    }
    inFlight.current = true;
    dispatch({ type: 'submitting' });
    const trap = formRef.current?.elements.namedItem(trapName);
    let ok = false;
    try {
      ok = await session.submit({
        values,
        files: state.files,
        hp: trap instanceof HTMLInputElement ? trap.value : '',
        sentBeforeCode: sentBeforeCode.current,
        onProgress: (percent) => dispatch({ type: 'progress', percent }),
      });
    } catch (error) {
      console.error(error);
    } finally {
      inFlight.current = false;
    }
    // the form clears on success; the honeypot is not in the state, so it is cleared here
    if (ok && trap instanceof HTMLInputElement) trap.value = '';
    dispatch({ type: ok ? 'success' : 'error' });
  };

  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!inFlight.current) void send();
  };
}
