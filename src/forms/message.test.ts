import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { FormConfig } from '../../core/forms/form-types.ts';
import { templateParams } from './message.ts';
import { initialValues } from '../../core/forms/validation.ts';

const form = (id: string) => fixtureSite().forms[id] as unknown as FormConfig;

describe('templateParams', () => {
  it('fills from_name, from_email, reply_to from the configured fields and to_email from the site', () => {
    const values = { ...initialValues(form('contact')), name: 'Jan', email: ' jan@example.nl ' };
    expect(templateParams(form('contact'), values, 'MSG', 'info@example.nl')).toEqual({
      from_name: 'Jan',
      from_email: 'jan@example.nl',
      to_email: 'info@example.nl',
      message: 'MSG',
      reply_to: 'jan@example.nl',
    });
  });
});
