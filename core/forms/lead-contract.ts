import type { Ajv, ValidateFunction } from 'ajv';
import type { FormConfig } from './form-types.ts';
import { hasControlCharacter, valueFields, validateForm } from './validation.ts';
import type { FormValues } from './form-types.ts';
import { cleanSource, type LeadSource } from './lead-source.ts';

/**
 * The server checks a submission with the same form config the browser uses:
 * ajv for the shape (types, known fields, option values, lengths), then the
 * browser's own `validateForm` for the rules and their messages.
 */
const HIDDEN_MAX = 500;
export const SUBMISSION_ID = '^[A-Za-z0-9_-]{8,64}$';
const MAX_PHOTOS = 20;

export function submissionSchema(form: FormConfig): object {
  const properties: Record<string, object> = {};
  for (const field of valueFields(form)) {
    if (field.type === 'checkboxes') {
      properties[field.name] = { type: 'array', uniqueItems: true, maxItems: field.options.length, items: { enum: field.options.map((o) => o.value) } };
    } else {
      properties[field.name] = { type: 'string', maxLength: field.type === 'hidden' ? HIDDEN_MAX : field.maxLength };
    }
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: ['submissionId', 'values'],
    properties: {
      submissionId: { type: 'string', pattern: SUBMISSION_ID },
      values: { type: 'object', additionalProperties: false, properties },
      photos: { type: 'array', maxItems: MAX_PHOTOS, items: { type: 'string', maxLength: 2048, pattern: '^(https?://|/)' } },
      token: { type: 'string', maxLength: 200 },
      hp: { type: 'string', maxLength: 2000 },
      // anything: the checker takes it out before the schema and keeps only what cleanSource lets through
      source: {},
    },
  };
}

/** A lead as the browser sends it and the server stores it: the one wire format of POST {leads endpoint}/{form id}. */
export interface Submission {
  /** Matches SUBMISSION_ID; the same id sent again is the same lead, stored once. */
  submissionId: string;
  values: FormValues;
  /** Links of the uploaded photos only; a photo the host refused is never sent as a data URL. */
  photos?: string[];
  /** The signed fill-time token the page fetched when the form was shown. */
  token?: string;
  /** The honeypot's value: empty for people. */
  hp?: string;
  /** Where the visitor came from (lead-source.ts); what is not a clean source is dropped, never a refused lead. */
  source?: LeadSource;
}

export type CheckResult = { ok: true; submission: Submission } | { ok: false; error: string; fields?: Record<string, string> };

export function submissionChecker(ajv: Ajv, form: FormConfig): (body: unknown) => CheckResult {
  const validate: ValidateFunction = ajv.compile(submissionSchema(form));
  return (body) => {
    if (!validate(body)) {
      const first = validate.errors?.[0];
      return { ok: false, error: `invalid submission: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim() };
    }
    const { source: raw, ...submission } = body as Submission;
    const source = cleanSource(raw);
    // fields the visitor left out count as empty, as in the browser
    const values: FormValues = {};
    for (const field of valueFields(form)) values[field.name] = submission.values[field.name] ?? (field.type === 'checkboxes' ? [] : '');
    const fields = validateForm(form, values);
    // a hidden field has no message of its own, and its value is set by the page, never typed
    const hidden = valueFields(form).find((f) => f.type === 'hidden' && hasControlCharacter(String(values[f.name])));
    if (hidden) return { ok: false, error: `invalid submission: /values/${hidden.name} must be one line without control characters` };
    if (Object.keys(fields).length > 0) return { ok: false, error: 'invalid fields', fields };
    return { ok: true, submission: source ? { ...submission, values, source } : { ...submission, values } };
  };
}
