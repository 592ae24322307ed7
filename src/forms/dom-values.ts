import type { FormConfig, FormValues } from '../../core/forms/form-types.ts';

/**
 * The values a form's DOM holds: what the visitor typed and ticked. Before a prerendered form's code has
 * arrived, the browser keeps the visitor's input in the DOM only; the form adopts it when it hydrates, and
 * reads it again on submit so that nothing typed in between is lost. Photos and hidden fields have no
 * prerendered input to read.
 */
export function domValues(form: FormConfig, element: HTMLFormElement): FormValues {
  const data = new FormData(element);
  const values: FormValues = {};
  for (const field of form.fields) {
    if (field.type === 'checkboxes') {
      values[field.name] = data.getAll(field.name).filter((v): v is string => typeof v === 'string');
    } else if (field.type !== 'images' && field.type !== 'hidden') {
      const value = data.get(field.name);
      if (typeof value === 'string') values[field.name] = value;
    }
  }
  return values;
}

/**
 * The state's values with the DOM's wherever they differ. Boxes ticked in a different order are the same
 * choice: the state's order (the order the visitor ticked them) stays.
 */
export function withDomValues(values: FormValues, dom: FormValues): FormValues {
  const merged = { ...values };
  for (const [name, value] of Object.entries(dom)) {
    const mine = values[name];
    const sameChoice = Array.isArray(value) && Array.isArray(mine) && value.length === mine.length && value.every((v) => mine.includes(v));
    if (!sameChoice) merged[name] = value;
  }
  return merged;
}
