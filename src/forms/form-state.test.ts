import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { FormConfig } from '../../core/forms/form-types.ts';
import { initialValues, validateForm } from '../../core/forms/validation.ts';
import { formReducer, initialState } from './form-state.ts';

const form = (id: string) => fixtureSite().forms[id] as unknown as FormConfig;

describe('form state', () => {
  const contact = form('contact');
  const reduce = formReducer(contact);

  it('re-checks a field as the visitor corrects it after a failed submit', () => {
    let state = reduce(initialState(contact), { type: 'invalid', errors: validateForm(contact, initialValues(contact)) });
    expect(state.errors.name).toBe('Vul je naam in.');
    state = reduce(state, { type: 'change', name: 'name', value: 'Jan' });
    expect(state.errors.name).toBeUndefined();
    state = reduce(state, { type: 'change', name: 'email', value: 'jan@' });
    expect(state.errors.email).toBe('Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.');
  });

  it('does not nag before the first submit', () => {
    const state = reduce(initialState(contact), { type: 'change', name: 'email', value: 'jan@' });
    expect(state.errors).toEqual({});
  });

  it('keeps everything on error and clears everything on success', () => {
    let state = reduce(initialState(contact), { type: 'change', name: 'name', value: 'Jan' });
    state = reduce(state, { type: 'submitting' });
    const failed = reduce(state, { type: 'error' });
    expect(failed.values.name).toBe('Jan');
    expect(failed.status).toBe('error');
    const done = reduce(state, { type: 'success' });
    expect(done.values.name).toBe('');
    expect(done.status).toBe('success');
  });

  it('a tick is made on the state as it is when applied: boxes adopted from the page before it stay, in the order ticked', () => {
    const quote = form('quote');
    const reduceQuote = formReducer(quote);
    const name = quote.fields.find((f) => f.type === 'checkboxes')!.name;
    const [first, second] = (quote.fields.find((f) => f.type === 'checkboxes') as { options: { value: string }[] }).options.map((o) => o.value);
    // ticked before the code arrived, adopted at hydration; the next tick was clicked before that render
    let state = reduceQuote(initialState(quote), { type: 'adopt', values: { [name]: [second!] } });
    state = reduceQuote(state, { type: 'tick', name, option: first!, on: true });
    expect(state.values[name]).toEqual([second, first]);
    state = reduceQuote(state, { type: 'tick', name, option: second!, on: false });
    expect(state.values[name]).toEqual([first]);
    // a second tick of the same box does not list it twice
    state = reduceQuote(state, { type: 'tick', name, option: first!, on: true });
    expect(state.values[name]).toEqual([first]);
  });
});
