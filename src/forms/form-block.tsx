import { useId, useReducer, useRef } from 'react';
import type { BlockOf } from '../../core/site/model.ts';
import type { FieldValue, FormConfig, PickedFile } from '../../core/forms/form-types.ts';
import { useFormConfig, useSite } from '../site/site-context.tsx';
import { Section } from '../ui/section.tsx';
import { formReducer, initialState } from './form-state.ts';
import { useFormFocus } from './use-form-focus.ts';
import { useFormSubmit } from './use-form-submit.ts';
import { FormFields } from './form-fields.tsx';
import { Honeypot, honeypotName } from './fields/honeypot.tsx';
import styles from './form.module.css';

/** Renders any form of content/forms/ and runs its submit pipeline. */
export default function FormBlock({ block }: { block: BlockOf<'form'> }) {
  // The validator checked the file against form.schema.json, so the cast is safe.
  const form = useFormConfig(block.form) as unknown as FormConfig;
  const { integrations } = useSite().site;
  const [state, dispatch] = useReducer(formReducer(form), form, initialState);
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const trapName = honeypotName(form.fields.map((f) => f.name));
  const focusErrors = useFormFocus(form, state, formRef, statusRef);
  const onSubmit = useFormSubmit({ form, integrations, state, dispatch, formRef, trapName, onInvalid: focusErrors });

  const busy = state.status === 'submitting';
  const result = state.status === 'success' ? form.messages.success : state.status === 'error' ? form.messages.error : '';
  const labelledBy = form.heading ? headingId : undefined;

  return (
    <Section id={block.id} tone="muted" className={styles.band} containerClassName={styles.wrap} labelledBy={labelledBy}>
      <div className={styles.card}>
        {form.heading ? (
          <h2 id={headingId} className={styles.heading}>
            {form.heading}
          </h2>
        ) : null}
        {form.intro ? <p className={styles.intro}>{form.intro}</p> : null}
        {form.requiredNote ? <p className={styles.note}>{form.requiredNote}</p> : null}
        <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} aria-busy={busy} aria-labelledby={labelledBy}>
          <FormFields
            form={form}
            state={state}
            busy={busy}
            onChange={(name: string, value: FieldValue) => dispatch({ type: 'change', name, value })}
            onTick={(name: string, option: string, on: boolean) => dispatch({ type: 'tick', name, option, on })}
            onFiles={(name: string, files: PickedFile[]) => dispatch({ type: 'files', name, files })}
          />
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
    </Section>
  );
}
