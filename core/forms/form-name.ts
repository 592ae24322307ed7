import type { FormConfig } from './form-types.ts';

/**
 * A form's one name for the staff (issue 50): its `name` in the site's config ("Contactformulier"), else its heading,
 * else its id. The inbox, a lead's page and the studio all call a form by this.
 */
export function formName(form: Partial<Pick<FormConfig, 'name' | 'heading'>> & Pick<FormConfig, 'id'>): string {
  const named = [form.name, form.heading].find((text) => typeof text === 'string' && text.trim() !== '');
  return named ?? form.id;
}
