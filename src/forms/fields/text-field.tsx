import { useId } from 'react';
import type { InputField, TextareaField } from '../../../core/site/schema-types.ts';
import styles from '../form.module.css';
import { describedBy, FieldError, Hint, RequiredMark, widthClass } from './field-parts.tsx';

interface TextFieldProps {
  field: InputField | TextareaField;
  value: string;
  error: string | undefined;
  onChange: (name: string, value: string) => void;
}

const inputModes = { email: 'email', tel: 'tel', text: undefined } as const;

export function TextField({ field, value, error, onChange }: TextFieldProps) {
  const id = useId();
  const shared = {
    id,
    name: field.name,
    value,
    placeholder: field.placeholder,
    maxLength: field.maxLength,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, field.hint, error),
    'data-field': field.name,
    className: styles.control,
  };
  return (
    <div className={widthClass(field.width)}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      {field.type === 'textarea' ? (
        <textarea {...shared} rows={field.rows} onChange={(e) => onChange(field.name, e.target.value)} />
      ) : (
        <input
          {...shared}
          type={field.type}
          inputMode={inputModes[field.type]}
          autoComplete={field.autocomplete}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
      )}
      <Hint id={id} text={field.hint} />
      <FieldError id={id} text={error} />
    </div>
  );
}
