import { useId, type CSSProperties } from 'react';
import type { CheckboxesField } from '../../../core/site/schema-types.ts';
import styles from '../form.module.css';
import { describedBy, FieldError, Hint, RequiredMark, widthClass } from './field-parts.tsx';

interface CheckboxGroupProps {
  field: CheckboxesField;
  value: string[];
  error: string | undefined;
  /** a box ticked (on) or unticked */
  onTick: (name: string, option: string, on: boolean) => void;
}

export function CheckboxGroup({ field, value, error, onTick }: CheckboxGroupProps) {
  const id = useId();
  const columns = field.columns ?? 1;
  return (
    <fieldset className={`${widthClass(field.width)} ${styles.group}`} data-field={field.name} aria-describedby={describedBy(id, field.hint, error)}>
      <legend className={styles.label}>
        {field.label}
        <RequiredMark required={field.required} />
      </legend>
      <Hint id={id} text={field.hint} />
      <div className={styles.options} style={{ '--columns': columns, '--columns-phone': columns >= 3 ? 2 : 1 } as CSSProperties}>
        {field.options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="checkbox"
              name={field.name}
              value={option.value}
              checked={value.includes(option.value)}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onTick(field.name, option.value, e.target.checked)}
            />
            <span className={styles.optionText}>
              <span className={styles.optionLabel}>{option.label}</span>
              {option.description ? <span className={styles.optionDescription}>{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} text={error} />
    </fieldset>
  );
}
