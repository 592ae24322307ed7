import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import type { BlockOf } from '../../core/site/model.ts';
import { useFormConfig, useSite } from '../site/site-context.tsx';
import type { FieldValue, FormConfig, PickedFile } from '../../core/forms/form-types.ts';
import { formReducer, initialState } from './form-state.ts';
import { validateForm } from '../../core/forms/validation.ts';
import { createFormSession } from './form-session.ts';
import { domValues, withDomValues } from './dom-values.ts';
import { TextField } from './fields/text-field.tsx';
import { CheckboxGroup } from './fields/checkbox-group.tsx';
import { Honeypot, honeypotName } from './fields/honeypot.tsx';
import styles from './form.module.css';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';

// react-dropzone is only fetched by forms that have an image field.
const ImageField = lazy(() => import('./fields/image-field.tsx'));

/** Renders any form of content/forms/ and runs its submit pipeline. */
export default function FormBlock({ block }: { block: BlockOf<'form'> }) {
  // The validator checked the file against form.schema.json, so the cast is safe.
  const form = useFormConfig(block.form) as unknown as FormConfig;
  const { integrations } = useSite().site;
  const [state, dispatch] = useReducer(formReducer(form), form, initialState);
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);
  // the send now being made was pressed before the code arrived
  const sentBeforeCode = useRef(false);
  const focusFirstError = useRef(false);
  const headingId = useId();
  const [session] = useState(() => createFormSession(form, integrations));
  const trapName = honeypotName(form.fields.map((f) => f.name));

  // the fill-time token is fetched once the form is on screen (never while prerendering)
  useEffect(() => session.start(), [session]);

  // Hydrated over prerendered HTML: what the visitor typed before the code arrived becomes the state (a
  // later render would otherwise wipe it), and a send pressed then (held back by the page's bootstrap) goes now.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    dispatch({ type: 'adopt', values: domValues(form, element) });
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

  useEffect(() => {
    if (!focusFirstError.current) return;
    const first = form.fields.find((f) => state.errors[f.name]);
    // a send held until hydration is validated inside the mount effects: its errors render one pass later
    if (!first) return;
    focusFirstError.current = false;
    const target = first && formRef.current?.querySelector<HTMLElement>(`[data-field="${first.name}"]`);
    // A checkbox group is a fieldset: focus its first box.
    const focusable = target?.matches('input, textarea') ? target : target?.querySelector<HTMLElement>('input, textarea, button');
    focusable?.focus();
  }, [state.errors, form.fields]);

  useEffect(() => {
    // The submit button was disabled while sending, which drops focus; give it to the result instead.
    if (state.status === 'success' || state.status === 'error') statusRef.current?.focus();
  }, [state.status]);

  const change = (name: string, value: FieldValue) => dispatch({ type: 'change', name, value });
  const changeFiles = (name: string, files: PickedFile[]) => dispatch({ type: 'files', name, files });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    // the DOM's values: the same as the state, except while the form hydrates under the visitor's hands
    const values = formRef.current ? withDomValues(state.values, domValues(form, formRef.current)) : state.values;
    const errors = validateForm(form, values);
    if (Object.keys(errors).length > 0) {
      focusFirstError.current = true;
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

  const busy = state.status === 'submitting';
  const result = state.status === 'success' ? form.messages.success : state.status === 'error' ? form.messages.error : '';

  return (
    <section id={block.id} className={`section section--muted ${styles.band}`} aria-labelledby={form.heading ? headingId : undefined}>
      <div className={`container ${styles.wrap}`}>
        <div className={styles.card}>
          {form.heading ? (
            <h2 id={headingId} className={styles.heading}>
              {form.heading}
            </h2>
          ) : null}
          {form.intro ? <p className={styles.intro}>{form.intro}</p> : null}
          {form.requiredNote ? <p className={styles.note}>{form.requiredNote}</p> : null}
          <form
            ref={formRef}
            className={styles.form}
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            aria-busy={busy}
            aria-labelledby={form.heading ? headingId : undefined}
          >
            <div className={styles.grid}>
              {form.fields.map((field) => {
                const error = state.errors[field.name];
                const value = state.values[field.name];
                switch (field.type) {
                  case 'hidden':
                    return null;
                  case 'checkboxes':
                    return <CheckboxGroup key={field.name} field={field} value={Array.isArray(value) ? value : []} error={error} onChange={change} />;
                  case 'images':
                    return (
                      <Suspense key={field.name} fallback={<div className={styles.dropzonePlaceholder} />}>
                        {/* Keyed on the sends: after a success the field remounts, so refusals of the old message go too. */}
                        <ImageField
                          key={state.sent}
                          field={field}
                          files={state.files[field.name] ?? []}
                          onChange={changeFiles}
                          progress={state.progress}
                          busy={busy}
                        />
                      </Suspense>
                    );
                  default:
                    return <TextField key={field.name} field={field} value={typeof value === 'string' ? value : ''} error={error} onChange={change} />;
                }
              })}
            </div>
            <Honeypot name={trapName} />
            <div className={styles.actions}>
              <button type="submit" className="btn btn--primary btn--lg" disabled={busy}>
                {busy ? (
                  <>
                    <span className={styles.spinner} aria-hidden="true" />
                    {form.submit.busyLabel}
                  </>
                ) : (
                  form.submit.label
                )}
              </button>
            </div>
            <div ref={statusRef} tabIndex={-1} role="status" className={styles.status} data-state={state.status}>
              {result ? <p className={state.status === 'success' ? styles.success : styles.failure}>{result}</p> : null}
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
