import type { FormConfig, FormFiles, FormValues } from './form-types.ts';
import { MailSettingsError, type MailResult } from './mail.ts';
import { composeMessage, templateParams, type TemplateParams } from './message.ts';

/** Everything the pipeline talks to, passed in so the order of steps is unit-testable. */
export interface SubmitDeps {
  toEmail: string;
  sendMail: (params: TemplateParams) => Promise<MailResult>;
  uploadImages: (files: File[], onProgress: (percent: number) => void) => Promise<string[]>;
  /** Present only for forms with `fallback: true`. */
  postFallback?: (values: FormValues) => Promise<boolean>;
  trackPixel: (event: string) => void;
  onProgress: (percent: number) => void;
  /** Where a bad mail configuration is reported (the console in the browser). */
  report: (error: unknown) => void;
}

async function mailSucceeded(deps: SubmitDeps, params: TemplateParams): Promise<boolean> {
  try {
    const result = await deps.sendMail(params);
    return result.ok;
  } catch (error) {
    // A MailSettingsError names the wrong setting; anything else is unexpected. Both count as a failed send.
    deps.report(error instanceof MailSettingsError ? error.message : error);
    return false;
  }
}

/** Uploads (image fields only), composes the summary, mails it, falls back if configured; true means success. */
export async function submitForm(form: FormConfig, values: FormValues, files: FormFiles, deps: SubmitDeps): Promise<boolean> {
  const links: Record<string, string[]> = {};
  for (const field of form.fields) {
    if (field.type !== 'images') continue;
    const picked = (files[field.name] ?? []).map((p) => p.file);
    links[field.name] = picked.length > 0 ? await deps.uploadImages(picked, deps.onProgress) : [];
  }
  const message = composeMessage(form, values, links);
  let ok = await mailSucceeded(deps, templateParams(form, values, message, deps.toEmail));
  if (!ok && form.fallback && deps.postFallback) ok = await deps.postFallback(values);
  if (ok && form.pixelEvent) deps.trackPixel(form.pixelEvent);
  return ok;
}
