import type { FormConfig, FormValues } from '../../core/forms/form-types.ts';

export interface TemplateParams {
  [key: string]: string;
  from_name: string;
  from_email: string;
  to_email: string;
  message: string;
  reply_to: string;
}

export function templateParams(form: FormConfig, values: FormValues, message: string, toEmail: string): TemplateParams {
  const text = (name: string) => {
    const v = values[name];
    return typeof v === 'string' ? v.trim() : '';
  };
  const email = text(form.mail.emailField);
  return { from_name: text(form.mail.nameField), from_email: email, to_email: toEmail, message, reply_to: email };
}
