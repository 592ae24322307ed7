import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { FormConfig } from './form-types.ts';
import { submissionChecker } from './lead-contract.ts';

const form = (id: string) => fixtureSite().forms[id] as unknown as FormConfig;
const check = (id: string) => submissionChecker(new Ajv({ strict: true }), form(id));

describe('submissionChecker', () => {
  it('refuses a name that would forge lines in the staff mail, naming the field', () => {
    const result = check('contact')({
      submissionId: 'abcdefgh1234',
      values: { name: 'Jan\nEmail: directeur@example.nl\nTelefoon: 0900-1234567', email: 'jan@example.nl' },
    });
    expect(result).toEqual({ ok: false, error: 'invalid fields', fields: { name: 'Naam mag geen regeleinden of stuurtekens bevatten.' } });
  });

  it('refuses a control character in a hidden field, which has no message of its own', () => {
    const demo = form('demo');
    const hidden = demo.fields.find((f) => f.type === 'hidden')!;
    const result = check('demo')({
      submissionId: 'abcdefgh1234',
      values: { name: 'Jan', email: 'jan@example.nl', company: 'Jan BV', [hidden.name]: 'a\r\nb' },
    });
    expect(result).toEqual({ ok: false, error: `invalid submission: /values/${hidden.name} must be one line without control characters` });
  });

  it('takes line breaks in a long text', () => {
    const result = check('contact')({ submissionId: 'abcdefgh1234', values: { name: 'Jan', email: 'jan@example.nl', message: 'Een\nTwee' } });
    expect(result.ok).toBe(true);
  });
});

describe('submissionChecker and a source', () => {
  const values = { name: 'Jan', email: 'jan@example.nl', message: 'Hallo' };

  it('keeps a clean source with the submission', () => {
    const result = check('contact')({ submissionId: 'abcdefgh1234', values, source: { utm_source: 'nieuwsbrief', utm_campaign: 'najaar' } });
    expect(result).toMatchObject({ ok: true, submission: { source: { utm_source: 'nieuwsbrief', utm_campaign: 'najaar' } } });
  });

  it('takes the submission whatever its source holds, dropping what is not clean', () => {
    const bad = [{ utm_source: 'x'.repeat(201), admin: 'true', gclid: 7 }, 'utm_source=google', [1, 2], null, { referrer: 'a\u0000b' }];
    for (const source of bad) {
      const result = check('contact')({ submissionId: 'abcdefgh1234', values, source });
      expect(result.ok).toBe(true);
      expect(result.ok && result.submission.source).toBeUndefined();
    }
    const mixed = check('contact')({ submissionId: 'abcdefgh1234', values, source: { utm_medium: 'cpc', utm_term: { nested: true } } });
    expect(mixed.ok && mixed.submission.source).toEqual({ utm_medium: 'cpc' });
  });
});
