import { Hono, type Context } from 'hono';
import type { Ajv } from 'ajv';
import type { FormConfig } from '../../core/forms/form-types.ts';
import { isEmail, minFillMs } from '../../core/forms/validation.ts';
import type { NewLead } from '../storage/types.ts';
import { checkToken, issueToken, TOKEN_MAX_AGE_MS } from './form-token.ts';
import { SUBMISSION_ID, submissionChecker, type Submission } from '../../core/forms/lead-contract.ts';
import { isRecord, readJson } from './json-body.ts';
import { limited, problem, type ApiContext } from './context.ts';
import { onOrigins, ownUploadId } from './upload-links.ts';
import { rateKey } from './client-address.ts';
import { siteForm } from '../site.ts';

const JSON_LIMIT = 64 * 1024;
const SUBMISSION = new RegExp(SUBMISSION_ID);

const text = (values: Submission['values'], name: string | undefined) => {
  const v = name ? values[name] : undefined;
  return typeof v === 'string' ? v.trim() : '';
};

/** The lead row for a checked submission: the mail's name and e-mail fields, the form's phone field and its first long text. */
function leadFrom(
  form: FormConfig,
  formId: string,
  s: Submission,
): Pick<NewLead, 'submissionId' | 'form' | 'name' | 'email' | 'phone' | 'message' | 'values' | 'photos' | 'source'> {
  const phone = form.fields.find((f) => f.type === 'tel') ?? form.fields.find((f) => f.name === 'phone');
  const message = form.fields.find((f) => f.type === 'textarea');
  return {
    submissionId: s.submissionId,
    form: formId,
    name: text(s.values, form.mail.nameField),
    email: text(s.values, form.mail.emailField),
    phone: text(s.values, phone?.name),
    message: text(s.values, message?.name),
    values: s.values,
    photos: s.photos ?? [],
    // checked by the submission's checker: only a clean source is left (core/forms/lead-source.ts)
    source: s.source ?? null,
  };
}

/**
 * The photo links a lead may carry, with the ids of our own uploads among them: with the site's own image host
 * only links to its uploads; with an outside host (Imgur) also links on that host's image origins. Undefined when
 * one is neither: the submission is refused, so a lead never points staff at an address someone else chose.
 */
function photoIds(api: ApiContext, links: string[]): string[] | undefined {
  const ids: string[] = [];
  for (const link of links) {
    const id = ownUploadId(link, api.photoOrigins);
    if (id) ids.push(id);
    else if (!onOrigins(link, api.outsidePhotoOrigins)) return undefined;
  }
  return ids;
}

/**
 * The uploads a lead takes as its own: a new lead's, unless it is spam; for a retry of a stored lead only those
 * the stored lead lists (its first attempt may have been cut off before they were attached), never new links.
 * Otherwise a spam lead or a retry with other links would take photos out of the quota and the sweep for good.
 */
async function uploadsToAttach(api: ApiContext, leadId: string, created: boolean, spam: boolean, uploads: string[]): Promise<string[]> {
  if (uploads.length === 0 || spam) return [];
  if (created) return uploads;
  const stored = await api.storage.getLead(leadId);
  if (!stored || stored.spam) return [];
  const listed = new Set(photoIds(api, stored.photos) ?? []);
  return uploads.filter((upload) => listed.has(upload));
}

const userAgent = (c: Context) => c.req.header('user-agent')?.slice(0, 500) ?? null;

/**
 * Why a submission's fill-time token does not vouch for it, or nothing when it does: a token must be the
 * server's own, for this form, old enough, not expired, and not used before by another submission (a retry
 * of the same submission may carry it again).
 */
async function tokenFlag(api: ApiContext, token: unknown, formId: string, submissionId: string, minFill: number): Promise<string | undefined> {
  const verdict = checkToken(api.secret, token, formId, minFill);
  if (!verdict.ok) return verdict.flag;
  const holder = await api.storage.bindFormToken(verdict.nonce, submissionId, new Date(Date.now() - 2 * TOKEN_MAX_AGE_MS));
  return holder === submissionId ? undefined : 'reused-token';
}

/**
 * POST /api/forms/:formId: a lead checked against the same form config the page was built with. It is stored
 * whatever its spam signs (a filled honeypot, a missing, forged or too young fill-time token): those only flag it.
 */
function postLead(app: Hono, api: ApiContext, ajv: Ajv) {
  const minFill = minFillMs(api.site.integrations);
  const checkers = new Map(Object.entries(api.site.forms).map(([id, form]) => [id, submissionChecker(ajv, form)]));
  app.post('/api/forms/:formId', async (c) => {
    const formId = c.req.param('formId');
    const form = siteForm(api.site, formId);
    const check = checkers.get(formId);
    if (!form || !check) return problem(c, 404, 'unknown form');
    const ip = api.clientIp(c);
    const tooMany = limited(c, api.limits.leads, ip);
    if (tooMany) return tooMany;
    const body = await readJson(c, JSON_LIMIT);
    if (!body.ok) return problem(c, body.status, body.error);
    const checked = check(body.data);
    if (!checked.ok) return problem(c, 400, checked.error, checked.fields ? { fields: checked.fields } : {});
    const s = checked.submission;
    const uploads = photoIds(api, s.photos ?? []);
    if (!uploads) return problem(c, 400, 'invalid submission: /photos must be links to photos uploaded to this site');
    const flags: string[] = [];
    if (s.hp && s.hp.trim() !== '') flags.push('honeypot');
    const tokenProblem = await tokenFlag(api, s.token, formId, s.submissionId, minFill);
    if (tokenProblem) flags.push(tokenProblem);
    const { id, created } = await api.storage.addLead({
      ...leadFrom(form, formId, s),
      spam: flags.length > 0,
      review: false,
      flags,
      ip,
      userAgent: userAgent(c),
    });
    const own = await uploadsToAttach(api, id, created, flags.length > 0, uploads);
    // the photos are the lead's now, and the sweep of unused uploads leaves them; only those this address uploaded
    if (own.length > 0) await api.storage.attachUploads(own, id, rateKey(ip));
    return c.json({ id }, created ? 201 : 200, { 'Cache-Control': 'no-store' });
  });
}

/** POST /api/forms/:formId/:submissionId/delivery: the browser reports how the mail service answered, for staff. */
function postDelivery(app: Hono, api: ApiContext) {
  app.post('/api/forms/:formId/:submissionId/delivery', async (c) => {
    const submissionId = c.req.param('submissionId');
    if (!SUBMISSION.test(submissionId) || !siteForm(api.site, c.req.param('formId'))) return problem(c, 404, 'unknown submission');
    const tooMany = limited(c, api.limits.leads, api.clientIp(c));
    if (tooMany) return tooMany;
    const body = await readJson(c, 4096);
    if (!body.ok) return problem(c, body.status, body.error);
    const report = body.data;
    if (!isRecord(report) || typeof report.status !== 'number' || !Number.isInteger(report.status) || typeof report.text !== 'string') {
      return problem(c, 400, 'expected { status, text }');
    }
    const lead = await api.storage.findLeadBySubmission(submissionId);
    if (!lead || lead.form !== c.req.param('formId')) return problem(c, 404, 'unknown submission');
    // a mail that went through the site's own endpoint already set the delivery state; the browser's report adds nothing
    if ((await api.storage.mailsForLead(lead.id)).length === 0) {
      const sent = report.status === 200;
      // 'Email sending failed' is the reason recorded for any non-200 answer; it is for staff, never shown to visitors
      const detail = sent ? null : `Email sending failed: ${report.status} ${report.text.slice(0, 200)}`.trim();
      await api.storage.setDelivery(lead.id, sent ? 'emailjs-sent' : 'emailjs-failed', detail);
    }
    return c.body(null, 204);
  });
}

/**
 * POST /api/contact, the contact form's fallback when the mail service fails: { name, email, phone, message,
 * timestamp, submissionId, token }. Stored for review; without a good fill-time token for the form it is spam.
 */
function postFallback(app: Hono, api: ApiContext) {
  const fallbackForm = Object.entries(api.site.forms).find(([, f]) => f.fallback)?.[0] ?? 'contact';
  const minFill = minFillMs(api.site.integrations);
  app.post('/api/contact', async (c) => {
    const ip = api.clientIp(c);
    const tooMany = limited(c, api.limits.leads, ip);
    if (tooMany) return tooMany;
    const body = await readJson(c, JSON_LIMIT);
    if (!body.ok) return problem(c, body.status, body.error);
    const data = body.data;
    if (!isRecord(data)) return problem(c, 400, 'expected a JSON object');
    const str = (key: string, max: number) => (typeof data[key] === 'string' ? (data[key] as string).trim().slice(0, max) : '');
    const name = str('name', 200);
    const email = str('email', 254);
    if (name === '' || email === '' || !isEmail(email)) return problem(c, 400, 'name and a valid email are required');
    const given = typeof data.submissionId === 'string' && SUBMISSION.test(data.submissionId) ? data.submissionId : undefined;
    const values = { name, email, phone: str('phone', 60), message: str('message', 10_000), timestamp: str('timestamp', 40) };
    const submissionId = given ?? `contact-fallback-${crypto.randomUUID()}`;
    const tokenProblem = await tokenFlag(api, data.token, fallbackForm, submissionId, minFill);
    const { id, created } = await api.storage.addLead({
      submissionId,
      form: fallbackForm,
      name,
      email,
      phone: values.phone,
      message: values.message,
      values,
      photos: [],
      spam: tokenProblem !== undefined,
      review: true,
      flags: tokenProblem ? ['fallback', tokenProblem] : ['fallback'],
      ip,
      userAgent: userAgent(c),
    });
    return c.json({ id }, created ? 201 : 200, { 'Cache-Control': 'no-store' });
  });
}

/** GET /api/forms/:formId/token: a fill-time token for one form, limited per address like the leads themselves. */
function getToken(app: Hono, api: ApiContext) {
  app.get('/api/forms/:formId/token', (c) => {
    const formId = c.req.param('formId');
    if (!siteForm(api.site, formId)) return problem(c, 404, 'unknown form');
    const tooMany = limited(c, api.limits.tokens, api.clientIp(c));
    if (tooMany) return tooMany;
    return c.json({ token: issueToken(api.secret, formId) }, 200, { 'Cache-Control': 'no-store' });
  });
}

/** The leads API: the fill-time tokens, the leads of every form, delivery reports and the contact fallback. */
export function leadsApi(api: ApiContext, ajv: Ajv): Hono {
  const app = new Hono();
  getToken(app, api);
  postLead(app, api, ajv);
  postDelivery(app, api);
  postFallback(app, api);
  return app;
}
