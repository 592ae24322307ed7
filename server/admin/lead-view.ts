import type { FormConfig } from '../../core/forms/form-types.ts';
import type { LeadAnswer, LeadPerson, LeadRow } from '../../core/admin/contract.ts';
import { UPLOAD_NAME } from '../api/upload-links.ts';
import type { InboxRow, Lead, LeadNote, Mail } from '../storage/types.ts';
import { formName } from '../../core/forms/form-name.ts';

/** How long leads are kept before the retention erases them (LEAD_RETENTION_DAYS, SPAM_RETENTION_DAYS). */
export interface Retention {
  leadDays: number;
  spamDays: number;
}

/** The id of the stored photo a lead's link names, or undefined for a link to elsewhere. */
export function photoId(link: string): string | undefined {
  return UPLOAD_NAME.exec(link.split('/').pop() ?? '')?.[1];
}

/** A field's value as the form asked it: the chosen options' labels for checkboxes, text as typed. */
function shownValue(field: FormConfig['fields'][number], value: unknown): string {
  if (field.type === 'checkboxes') {
    const chosen = Array.isArray(value) ? value : [];
    return chosen.map((v) => field.options.find((o) => o.value === v)?.label ?? String(v)).join(', ');
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A row of the inbox as the list shows it: the declared fields, named one by one (a column added to storage stays off the wire). */
export const rowOf = (row: InboxRow): LeadRow => ({
  id: row.id,
  createdAt: row.createdAt,
  form: row.form,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status,
  spam: row.spam,
  review: row.review,
  delivery: row.delivery,
  hasPhotos: row.hasPhotos,
  preview: row.preview,
  unread: row.unread,
  assignedTo: row.assignedTo,
  callBackOn: row.callBackOn,
  ...(row.sourceLabel ? { sourceLabel: row.sourceLabel } : {}),
});

type LeadPage = LeadAnswer['lead'];

/** A lead's mails and notes as its page shows them; a note's author by address, or null when they are gone. */
const mailsOf = (mails: Mail[]): LeadPage['mails'] =>
  mails.map((m) => ({ id: m.id, state: m.state, attempts: m.attempts, sentAt: m.sentAt, lastError: m.lastError }));
const notesOf = (notes: LeadNote[], authors: Map<string, string>): LeadPage['notes'] =>
  notes.map((n) => ({ id: n.id, body: n.body, author: n.authorId ? (authors.get(n.authorId) ?? null) : null, createdAt: n.createdAt }));

/**
 * A lead as its page shows it: its fields in the form's order with their labels (values of fields the form no
 * longer has, after them, by name), its stored photos as links the back office serves, its mails and notes, and
 * the day the retention erases it.
 */
export function leadView(input: {
  row: InboxRow;
  lead: Lead;
  form: FormConfig | undefined;
  mails: Mail[];
  notes: LeadNote[];
  authors: Map<string, string>;
  retention: Retention;
  person: LeadPerson;
}): LeadPage {
  const { row, lead, form, retention, person } = input;
  const fields = (form?.fields ?? [])
    .filter((f) => f.type !== 'hidden' && f.type !== 'images')
    .map((f) => ({ name: f.name, label: f.label, value: shownValue(f, lead.values[f.name]) }));
  const known = new Set(form?.fields.map((f) => f.name) ?? []);
  for (const [name, value] of Object.entries(lead.values)) {
    if (!known.has(name) && (typeof value === 'string' || typeof value === 'number')) fields.push({ name, label: name, value: String(value) });
  }
  const photos = lead.photos.flatMap((link, index) => {
    const id = photoId(link);
    return id ? [{ url: `/api/leads/${lead.id}/photos/${id}`, name: `Foto ${index + 1}` }] : [];
  });
  const days = row.spam ? retention.spamDays : retention.leadDays;
  return {
    ...rowOf(row),
    formTitle: form ? formName(form) : row.form,
    fields,
    photos,
    deliveryDetail: lead.deliveryDetail,
    mails: mailsOf(input.mails),
    notes: notesOf(input.notes, input.authors),
    // spam's period starts at the staff's mark when there is one (person-queries.ts, expiredLeads)
    erasedOn: new Date(Date.parse((row.spam && row.spamMarkedAt) || lead.createdAt) + days * 86_400_000).toISOString(),
    person,
    source: lead.source ?? null,
  };
}

/**
 * The lead's person as its page shows them: their other leads (newest first) with their forms' titles, and the notes
 * of all their leads on one timeline, newest first, each naming the lead it is about.
 */
export function personView(
  leadId: string,
  leads: InboxRow[],
  notes: LeadNote[],
  authors: Map<string, string>,
  formTitle: (form: string) => string,
): LeadPerson {
  const others = leads
    .filter((l) => l.id !== leadId)
    .map((l) => ({ id: l.id, createdAt: l.createdAt, formTitle: formTitle(l.form), status: l.status, spam: l.spam }));
  const timeline = notesOf(notes, authors)
    .map((n, i) => ({ ...n, leadId: notes[i]!.leadId }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return { others, timeline };
}
