import type { FieldErrors, FieldValue, FormConfig, FormFiles, FormStatus, FormValues, PickedFile } from '../../core/forms/form-types.ts';
import { initialValues, validateField } from '../../core/forms/validation.ts';
import { withDomValues } from './dom-values.ts';

export interface FormState {
  values: FormValues;
  files: FormFiles;
  errors: FieldErrors;
  status: FormStatus;
  /** Upload progress 0-100 during a submit with images. */
  progress: number;
  /** After the first submit attempt every change is checked at once, so a corrected field clears its message. */
  attempted: boolean;
  /** Successful sends so far; a field with its own state (the upload list) starts afresh when it changes. */
  sent: number;
}

export type FormAction =
  | { type: 'change'; name: string; value: FieldValue }
  /**
   * A box of a checkboxes field ticked or unticked: the list is made from the state when React applies it, not from
   * the render the click saw, so a tick made while the form was still adopting what the DOM held loses nothing.
   */
  | { type: 'tick'; name: string; option: string; on: boolean }
  /** The values the DOM already holds when the form hydrates (typed before its code arrived). */
  | { type: 'adopt'; values: FormValues }
  | { type: 'files'; name: string; files: PickedFile[] }
  | { type: 'invalid'; errors: FieldErrors }
  | { type: 'submitting' }
  | { type: 'progress'; percent: number }
  | { type: 'success' }
  | { type: 'error' };

export function initialState(form: FormConfig): FormState {
  return { values: initialValues(form), files: {}, errors: {}, status: 'idle', progress: 0, attempted: false, sent: 0 };
}

export function formReducer(form: FormConfig) {
  return (state: FormState, action: FormAction): FormState => {
    switch (action.type) {
      case 'change':
        return changed(form, state, action.name, action.value);
      case 'tick': {
        const now = state.values[action.name];
        const list = Array.isArray(now) ? now.filter((v) => v !== action.option) : [];
        return changed(form, state, action.name, action.on ? [...list, action.option] : list);
      }
      case 'adopt': {
        const values = withDomValues(state.values, action.values);
        const changed = Object.keys(values).some((name) => values[name] !== state.values[name]);
        return changed ? { ...state, values } : state;
      }
      case 'files':
        return { ...state, files: { ...state.files, [action.name]: action.files }, status: state.status === 'submitting' ? state.status : 'idle' };
      case 'invalid':
        return { ...state, errors: action.errors, attempted: true, status: 'idle' };
      case 'submitting':
        return { ...state, errors: {}, status: 'submitting', progress: 0, attempted: true };
      case 'progress':
        return { ...state, progress: action.percent };
      case 'success':
        // Cleared, including files; the upload field revokes the previews of files that left.
        return { ...initialState(form), status: 'success', sent: state.sent + 1 };
      case 'error':
        // Everything typed and chosen stays, so the visitor can simply try again.
        return { ...state, status: 'error', progress: 0 };
    }
  };
}

/** The state with a field's new value, its error checked again once the visitor has tried to send. */
function changed(form: FormConfig, state: FormState, name: string, value: FieldValue): FormState {
  const values = { ...state.values, [name]: value };
  const field = form.fields.find((f) => f.name === name);
  const errors = { ...state.errors };
  const recheck = state.attempted || name in errors;
  if (field && recheck) {
    const error = validateField(field, value, form.validation);
    if (error) errors[name] = error;
    else delete errors[name];
  }
  // Typing after a result starts a new message: the old success/error text would be stale.
  const status = state.status === 'submitting' ? state.status : 'idle';
  return { ...state, values, errors, status };
}
