import { Hono } from 'hono';
import { isEmail } from '../../core/forms/validation.ts';
import { isRecord, readJson } from './json-body.ts';
import { limited, problem, type ApiContext } from './context.ts';

const MESSAGE_LIMIT = 60_000;

/**
 * EmailJS-compatible `POST /api/v1.0/email/send`: accepts exactly what
 * @emailjs/browser sends and puts the mail in the outbox. The recipient is
 * always the one in config; the browser's `to_email` is ignored on purpose.
 */
export function localMailApi(api: ApiContext): Hono {
  const app = new Hono();
  const templates = new Set(Object.values(api.site.forms).map((f) => f.mail.templateId));
  const to = api.site.integrations.emailjs?.toEmail;

  app.post('/api/v1.0/email/send', async (c) => {
    if (!to) return problem(c, 503, 'no recipient configured');
    const tooMany = limited(c, api.limits.mails, api.clientIp(c));
    if (tooMany) return tooMany;
    const body = await readJson(c, 128 * 1024);
    if (!body.ok) return c.text(body.error, body.status);
    const data = body.data;
    if (!isRecord(data) || !isRecord(data.template_params)) return c.text('The template params are invalid', 400);
    if (typeof data.user_id !== 'string' || data.user_id === '') return c.text('The Public Key is required', 400);
    if (typeof data.service_id !== 'string' || data.service_id === '') return c.text('The service ID is required', 400);
    if (typeof data.template_id !== 'string' || !templates.has(data.template_id)) return c.text('The template ID not found', 400);
    const params = data.template_params;
    const str = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
    const message = str('message');
    if (message.trim() === '' || message.length > MESSAGE_LIMIT) return c.text('The message is empty or too long', 400);
    const replyTo = str('reply_to').trim();
    const heading = message.split('\n', 1)[0]!.trim().slice(0, 150);
    const name = str('from_name').trim().slice(0, 100);
    const submissionId = str('submission_id');
    const lead = submissionId ? await api.storage.findLeadBySubmission(submissionId) : undefined;
    // a send the browser gave up on (timeout) may still arrive before its retry: one lead, one mail
    if (lead && (await api.storage.mailsForLead(lead.id)).length > 0) return c.text('OK', 200);
    await api.storage.addMail({
      leadId: lead?.id ?? null,
      to,
      replyTo: isEmail(replyTo) ? replyTo : null,
      subject: name ? `${heading} - ${name}` : heading,
      text: message,
      templateId: data.template_id,
    });
    if (lead) await api.storage.setDelivery(lead.id, 'outbox', null);
    api.onMail();
    return c.text('OK', 200);
  });

  return app;
}
