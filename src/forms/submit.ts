import type { FormConfig, FormFiles, FormValues } from '../../core/forms/form-types.ts';
import { MailSettingsError, type MailResult } from './mail.ts';
import { composeMessage } from '../../core/forms/message.ts';
import { templateParams, type TemplateParams } from './message.ts';
import { hostedLinks, photoLines } from './photos.ts';
import type { UploadedPhoto } from './upload.ts';

/** Everything the pipeline talks to, passed in so the order of steps is unit-testable. */
export interface SubmitDeps {
  toEmail: string;
  /** The same for every retry of one message; the mail, the lead and the fallback all carry it. */
  submissionId: string;
  sendMail: (params: TemplateParams) => Promise<MailResult>;
  uploadImages: (files: File[], onProgress: (percent: number) => void) => Promise<UploadedPhoto[]>;
  /** Reads a photo the host refused, to embed it while the message stays small enough. */
  readDataUrl: (file: File) => Promise<string>;
  /** Present when the site records leads: stores the submission before the mail; true when the server took it. */
  recordLead?: (lead: { values: FormValues; photos: string[] }) => Promise<boolean>;
  /** Tells the server how the mail went; only called for a recorded lead, and never awaited. */
  reportDelivery?: (result: MailResult) => void;
  /** Present only for forms with `fallback: true`. */
  postFallback?: (body: FormValues & { submissionId: string }) => Promise<boolean>;
  trackPixel: (event: string) => void;
  onProgress: (percent: number) => void;
  /** Where a bad mail configuration is reported (the console in the browser). */
  report: (error: unknown) => void;
}

async function mailResult(deps: SubmitDeps, params: TemplateParams): Promise<MailResult> {
  try {
    return await deps.sendMail(params);
  } catch (error) {
    // A MailSettingsError names the wrong setting; anything else is unexpected. Both count as a failed send.
    const text = error instanceof MailSettingsError ? error.message : String(error);
    deps.report(error instanceof MailSettingsError ? text : error);
    return { ok: false, status: 0, text };
  }
}

async function uploadAll(form: FormConfig, files: FormFiles, deps: SubmitDeps): Promise<Record<string, UploadedPhoto[]>> {
  const photos: Record<string, UploadedPhoto[]> = {};
  for (const field of form.fields) {
    if (field.type !== 'images') continue;
    const picked = (files[field.name] ?? []).map((p) => p.file);
    photos[field.name] = picked.length > 0 ? await deps.uploadImages(picked, deps.onProgress) : [];
  }
  return photos;
}

/**
 * Uploads (image fields only), composes the summary, records the lead, mails
 * it, falls back if configured; true means success. The record never decides
 * the outcome: that is the mail's status 200, or else the fallback's answer.
 */
export async function submitForm(form: FormConfig, values: FormValues, files: FormFiles, deps: SubmitDeps): Promise<boolean> {
  const photos = await uploadAll(form, files, deps);
  const message = composeMessage(form, values, await photoLines(form, values, photos, deps.readDataUrl));
  const recorded = deps.recordLead ? await deps.recordLead({ values, photos: hostedLinks(photos) }) : false;
  // submission_id lets the site's own mail endpoint link the mail to the lead; a template that does not use it ignores it
  const params: TemplateParams = { ...templateParams(form, values, message, deps.toEmail), submission_id: deps.submissionId };
  const result = await mailResult(deps, params);
  if (recorded) deps.reportDelivery?.(result);
  let ok = result.ok;
  if (!ok && form.fallback && deps.postFallback) ok = await deps.postFallback({ ...values, submissionId: deps.submissionId });
  if (ok && form.pixelEvent) deps.trackPixel(form.pixelEvent);
  return ok;
}
