import { Hono } from 'hono';
import { isEmail } from '../../core/forms/validation.ts';
import { composeMessage } from '../../core/forms/message.ts';
import type { FormConfig, FormValues } from '../../core/forms/form-types.ts';
import type { Lead, NewMail } from '../storage/types.ts';
import { isRecord, readJson } from './json-body.ts';
import { limited, type ApiContext } from './context.ts';
import { siteForm } from '../site.ts';
import { overSiteBudget } from './site-budget.ts';

/** A mail the browser asks for but that no stored lead stands behind: EmailJS's own words for an unknown request. */
const UNKNOWN_SUBMISSION = 'The submission was not found';

/**
 * The staff notification for a stored lead, made from what the server validated and stored, never from the
 * browser's text: its form's mail heading and lines, its photos under the form's photo field (a lead keeps its
 * links in one list; a form with two photo fields lists them all under the first), and Reply-To only when the
 * lead's address passes the e-mail rule.
 */
export function leadMail(form: FormConfig, lead: Lead, to: string): Omit<NewMail, 'leadId'> {
  const photoField = form.fields.find((f) => f.type === 'images');
  const links = photoField ? { [photoField.name]: lead.photos } : {};
  const heading = form.mail.heading.trim().slice(0, 150);
  const name = lead.name.replace(/\s+/g, ' ').trim().slice(0, 100);
  return {
    to,
    replyTo: isEmail(lead.email) ? lead.email : null,
    subject: name ? `${heading} - ${name}` : heading,
    text: composeMessage(form, lead.values as FormValues, links),
    templateId: form.mail.templateId,
  };
}

/**
 * EmailJS-compatible `POST /api/v1.0/email/send`: takes exactly what @emailjs/browser sends, and queues the
 * notification of the stored lead it names (`template_params.submission_id`), once per lead. Everything else in
 * the request (message, subject, names, addresses) is ignored: the mail is built from the stored lead, and the
 * recipient is always the one in config. A request for no stored lead is refused, so nothing reaches the staff
 * inbox without a lead behind it; a lead flagged as spam gets the same 200 as any other, and no mail.
 */
export function localMailApi(api: ApiContext): Hono {
  const app = new Hono();
  const templates = new Set(Object.values(api.site.forms).map((f) => f.mail.templateId));
  const to = api.site.integrations.emailjs?.toEmail;

  app.post('/api/v1.0/email/send', async (c) => {
    if (!to) return c.text('No recipient is configured', 503);
    const ip = api.clientIp(c);
    const tooMany = limited(c, api.limits.mails, ip);
    if (tooMany) return tooMany;
    const body = await readJson(c, 128 * 1024);
    if (!body.ok) return c.text(body.error, body.status);
    const data = body.data;
    if (!isRecord(data) || !isRecord(data.template_params)) return c.text('The template params are invalid', 400);
    if (typeof data.user_id !== 'string' || data.user_id === '') return c.text('The Public Key is required', 400);
    if (typeof data.service_id !== 'string' || data.service_id === '') return c.text('The service ID is required', 400);
    if (typeof data.template_id !== 'string' || !templates.has(data.template_id)) return c.text('The template ID not found', 400);
    const submissionId = data.template_params.submission_id;
    const lead = typeof submissionId === 'string' && submissionId !== '' ? await api.storage.findLeadBySubmission(submissionId) : undefined;
    const form = lead && siteForm(api.site, lead.form);
    if (!lead || !form || form.mail.templateId !== data.template_id) return c.text(UNKNOWN_SUBMISSION, 400);
    if (lead.spam) return c.text('OK', 200);
    // the budget of the staff inbox, for all addresses together (and all instances: site-budget.ts); the lead stays
    // stored for `npm run leads`
    const overBudget = await overSiteBudget(c, api.storage, 'mails-total', api.limits.mailsTotal);
    if (overBudget) return overBudget;
    const queued = await api.storage.queueLeadMail(lead.id, leadMail(form, lead, to));
    if (queued.created) {
      await api.storage.setDelivery(lead.id, 'outbox', null);
      api.onMail();
    }
    return c.text('OK', 200);
  });

  return app;
}
