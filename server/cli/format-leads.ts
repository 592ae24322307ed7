import type { Lead, Mail } from '../storage/types.ts';
import { terminalText } from './terminal-safe.ts';

/**
 * Terminal text for `npm run leads`. Everything a visitor typed goes through clean(): a name holding escape
 * sequences or bidi overrides must not be able to rewrite or disguise the operator's terminal.
 */
export function clean(text: string): string {
  return terminalText(text);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local time, e.g. 2025-06-01 14:03 (with seconds: 14:03:22). */
export function localTime(iso: string, seconds = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

function excerpt(message: string, max = 100): string {
  const lines = message.trim().split(/\r?\n/);
  const first = lines[0] ?? '';
  const more = lines.length > 1 || first.length > max;
  return clean(first.slice(0, max)) + (more ? ' ...' : '');
}

function who(lead: Lead): string {
  const parts = [lead.name || '(no name)', lead.email ? `<${lead.email}>` : '', lead.phone].filter(Boolean);
  return clean(parts.join('  '));
}

function delivery(lead: Lead): string {
  return clean(lead.deliveryDetail ? `${lead.delivery} (${lead.deliveryDetail})` : lead.delivery);
}

export function leadList(leads: Lead[], spam: boolean): string {
  const header = spam
    ? `${leads.length} spam, newest first`
    : `${leads.length} ${leads.length === 1 ? 'lead' : 'leads'}, newest first (spam is listed with --spam)`;
  const blocks = leads.map((lead) => {
    const marks = [lead.review ? 'REVIEW' : '', ...lead.flags].filter(Boolean).map(clean);
    const lines = [
      `${lead.id.slice(0, 8)}  ${localTime(lead.createdAt)}  ${clean(lead.form)}  ${delivery(lead)}${marks.length ? `  [${marks.join(', ')}]` : ''}`,
      `  ${who(lead)}`,
    ];
    if (lead.message.trim()) lines.push(`  ${excerpt(lead.message)}`);
    for (const photo of lead.photos) lines.push(`  photo: ${clean(photo)}`);
    return lines.join('\n');
  });
  return [header, ...blocks].join('\n\n') + '\n';
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const indent = (text: string, by = '    ') =>
  text
    .split(/\r?\n/)
    .map((line) => by + clean(line))
    .join('\n');

function mailText(mail: Mail): string {
  const lines = [
    `  ${mail.id.slice(0, 8)}  ${mail.state}  attempts ${mail.attempts}  created ${localTime(mail.createdAt, true)}${mail.sentAt ? `  sent ${localTime(mail.sentAt, true)}` : ''}`,
    `    to ${clean(mail.to)}${mail.replyTo ? `  reply-to ${clean(mail.replyTo)}` : ''}  subject ${clean(mail.subject)}`,
  ];
  if (mail.nextAttemptAt && mail.state === 'retrying') lines.push(`    next attempt ${localTime(mail.nextAttemptAt, true)}`);
  if (mail.lastError) lines.push(`    last error: ${clean(mail.lastError)}`);
  return lines.join('\n');
}

export function leadDetail(lead: Lead, mails: Mail[]): string {
  const field = (label: string, value: string) => `  ${label.padEnd(12)}${clean(value)}`;
  const out = [
    `Lead ${lead.id}`,
    field('created', `${localTime(lead.createdAt, true)} (${lead.createdAt})`),
    field('form', lead.form),
    field('name', lead.name),
    field('email', lead.email),
    field('phone', lead.phone),
    field('delivery', lead.delivery + (lead.deliveryDetail ? `: ${lead.deliveryDetail}` : '')),
    field('spam', lead.spam ? 'yes' : 'no'),
    field('review', lead.review ? 'yes' : 'no'),
    field('flags', lead.flags.join(', ') || '-'),
    field('submission', lead.submissionId),
    field('ip', lead.ip ?? '-'),
    field('user agent', lead.userAgent ?? '-'),
    'message:',
    indent(lead.message || '-'),
    'values:',
    ...Object.entries(lead.values).map(([key, value]) => `    ${clean(key)}: ${clean(valueText(value))}`),
    `photos (${lead.photos.length}):`,
    ...lead.photos.map((photo) => `    ${clean(photo)}`),
    `mails (${mails.length}):`,
    ...mails.map(mailText),
  ];
  return out.join('\n') + '\n';
}
