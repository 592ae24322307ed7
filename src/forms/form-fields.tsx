import { lazy, Suspense } from 'react';
import type { FieldValue, FormConfig, PickedFile } from '../../core/forms/form-types.ts';
import type { FormState } from './form-state.ts';
import { TextField } from './fields/text-field.tsx';
import { CheckboxGroup } from './fields/checkbox-group.tsx';
import styles from './form.module.css';

// react-dropzone is only fetched by forms that have an image field.
const ImageField = lazy(() => import('./fields/image-field.tsx'));

interface FormFieldsProps {
  form: FormConfig;
  state: FormState;
  busy: boolean;
  onChange: (name: string, value: FieldValue) => void;
  onTick: (name: string, option: string, on: boolean) => void;
  onFiles: (name: string, files: PickedFile[]) => void;
}

/** Every visible field of a form, in config order, each with its value and error from the form's state. */
export function FormFields({ form, state, busy, onChange, onTick, onFiles }: FormFieldsProps) {
  return (
    <div className={styles.grid}>
      {form.fields.map((field) => {
        const error = state.errors[field.name];
        const value = state.values[field.name];
        switch (field.type) {
          case 'hidden':
            return null;
          case 'checkboxes':
            return <CheckboxGroup key={field.name} field={field} value={Array.isArray(value) ? value : []} error={error} onTick={onTick} />;
          case 'images':
            return (
              <Suspense key={field.name} fallback={<div className={styles.dropzonePlaceholder} />}>
                {/* Keyed on the sends: after a success the field remounts, so refusals of the old message go too. */}
                <ImageField key={state.sent} field={field} files={state.files[field.name] ?? []} onChange={onFiles} progress={state.progress} busy={busy} />
              </Suspense>
            );
          default:
            return <TextField key={field.name} field={field} value={typeof value === 'string' ? value : ''} error={error} onChange={onChange} />;
        }
      })}
    </div>
  );
}
