import type { FieldValue, FormConfig, FormValues } from './form-types.ts';
import { oneLine } from './validation.ts';

/** The value of one summary line as plain text: option labels for checkbox groups, links for image fields. */
function lineValue(form: FormConfig, fieldName: string, value: FieldValue | undefined, links: Record<string, string[]>): string {
  const field = form.fields.find((f) => f.name === fieldName);
  if (field?.type === 'images') return (links[fieldName] ?? []).join('\n');
  if (field?.type === 'checkboxes') {
    const chosen = Array.isArray(value) ? value : [];
    // Option order, not click order, so two identical requests read the same.
    return field.options
      .filter((o) => chosen.includes(o.value))
      .map((o) => o.label)
      .join(form.mail.listSeparator ?? ', ');
  }
  if (Array.isArray(value)) return value.join(form.mail.listSeparator ?? ', ');
  // a lead stored before one-line fields refused line breaks still gets one line in the mail, never a forged one
  return (field?.type === 'textarea' ? (value ?? '') : oneLine(value ?? '')).trim();
}

/**
 * The plain-text summary sent as the template's `message`: the heading, then one
 * `Label: value` line per configured line; `block` lines put the value below the label.
 * Pure, so the exact text is unit-tested. The browser sends it to a mail service; the site's own server builds
 * the same text from the stored lead and never takes the browser's.
 */
export function composeMessage(form: FormConfig, values: FormValues, links: Record<string, string[]> = {}): string {
  const out: string[] = [form.mail.heading, ''];
  for (const line of form.mail.lines) {
    const raw = lineValue(form, line.field, values[line.field], links);
    const value = raw === '' ? (line.empty ?? '') : raw;
    if (line.block) {
      if (out[out.length - 1] !== '') out.push('');
      out.push(`${line.label}:`, value);
    } else {
      out.push(`${line.label}: ${value}`);
    }
  }
  return out.join('\n').trimEnd();
}
