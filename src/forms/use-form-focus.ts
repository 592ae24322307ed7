import { useEffect, useRef, type RefObject } from 'react';
import type { FormConfig } from '../../core/forms/form-types.ts';
import type { FormState } from './form-state.ts';

/**
 * Where focus goes after a send: to the first field with an error when the check failed (a checkbox group
 * to its first box), and to the result message on success or failure, since the disabled button lost it.
 * Returns the call that marks the next errors to be focused.
 */
export function useFormFocus(form: FormConfig, state: FormState, formRef: RefObject<HTMLFormElement | null>, statusRef: RefObject<HTMLElement | null>) {
  const focusFirstError = useRef(false);

  useEffect(() => {
    if (!focusFirstError.current) return;
    const first = form.fields.find((f) => state.errors[f.name]);
    // a send held until hydration is checked inside the mount effects: its errors render one pass later
    if (!first) return;
    focusFirstError.current = false;
    const target = first && formRef.current?.querySelector<HTMLElement>(`[data-field="${first.name}"]`);
    const focusable = target?.matches('input, textarea') ? target : target?.querySelector<HTMLElement>('input, textarea, button');
    focusable?.focus();
  }, [state.errors, form.fields, formRef]);

  useEffect(() => {
    if (state.status === 'success' || state.status === 'error') statusRef.current?.focus();
  }, [state.status, statusRef]);

  return () => {
    focusFirstError.current = true;
  };
}
