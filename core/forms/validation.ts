import type { FieldErrors, FieldValue, FormConfig, FormField, FormValues } from './form-types.ts';
import { fill } from '../text/fill.ts';
import type { Integrations } from '../site/schema-types.ts';

/** Deliberately loose: one @, no spaces, a dot in the domain. The mail service does the real check. */
/**
 * One plain address and nothing else: the local part of RFC 5322's atext and dots (no quotes, spaces, angle
 * brackets, commas or control characters, so no display name and no second address can ride along into a
 * Reply-To header), a domain of letter, digit and hyphen labels with a dot; 64 characters before the @, 254 in all.
 */
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u;
const MAX_EMAIL = 254;
const MAX_LOCAL = 64;

/** The browser's e-mail rule, shared with the server so both accept the same addresses. */
export const isEmail = (value: string) => value.length <= MAX_EMAIL && value.indexOf('@') <= MAX_LOCAL && EMAIL.test(value);

/** The fields whose values are typed or chosen (hidden ones included, images excluded: those are files). */
export function valueFields(form: FormConfig): Exclude<FormField, { type: 'images' }>[] {
  return form.fields.filter((f): f is Exclude<FormField, { type: 'images' }> => f.type !== 'images');
}

export function initialValues(form: FormConfig): FormValues {
  const values: FormValues = {};
  for (const field of valueFields(form)) {
    values[field.name] = field.type === 'checkboxes' ? [] : field.type === 'hidden' ? (field.default ?? '') : '';
  }
  return values;
}

/**
 * Line breaks and other control characters (C0, DEL, C1, and the Unicode line and paragraph separators): a one-line
 * field never needs them, and a name with a line break would forge lines such as "Email:" in the mail staff read.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** Whether a visitor types one line of text in this field: a text, e-mail or phone input. */
const isSingleLine = (field: FormField) => field.type === 'text' || field.type === 'email' || field.type === 'tel';

/** Whether a one-line field's value holds a character it may not: the server and the browser refuse the same. */
export const hasControlCharacter = (value: string) => CONTROL.test(value);

/** The value with each run of control characters made one space: what a one-line field may show. */
export const oneLine = (value: string) => value.replace(new RegExp(`${CONTROL.source}+`, 'gu'), ' ');

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  return Array.isArray(value) ? value.length === 0 : value.trim() === '';
}

/** The Dutch (or whatever the config says) message for one field, or undefined when the value is fine. */
export function validateField(field: FormField, value: FieldValue | undefined, defaults: FormConfig['validation']): string | undefined {
  if (field.type === 'hidden' || field.type === 'images') return undefined;
  const label = field.label;
  const message = (rule: 'required' | 'email' | 'tooLong' | 'singleLine', extra: Record<string, string | number> = {}) => {
    const text = field.messages?.[rule] ?? defaults[rule];
    // A missing message must not hide the problem: fall back to the label, which is config too.
    return fill(text ?? label, { label, ...extra });
  };
  if (field.required && isEmpty(value)) return message('required');
  if (typeof value !== 'string' || field.type === 'checkboxes') return undefined;
  if (value.length > field.maxLength) return message('tooLong', { max: field.maxLength });
  if (isSingleLine(field) && hasControlCharacter(value)) return message('singleLine');
  if (field.type === 'email' && value.trim() !== '' && !isEmail(value.trim())) return message('email');
  return undefined;
}

export function validateForm(form: FormConfig, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of form.fields) {
    const error = validateField(field, values[field.name], form.validation);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** A lead sent sooner after its form's fill-time token was issued is stored flagged as spam (3 s unless configured). */
export function minFillMs(integrations: Integrations | undefined): number {
  return (integrations?.leads?.minFillSeconds ?? 3) * 1000;
}
