import type { Lead } from '../storage/types.ts';
import { csvText } from './terminal-safe.ts';

/**
 * One RFC 4180 field, always quoted. A spreadsheet runs a cell that starts with = + - @ (or
 * tab / carriage return) as a formula: a lead typing `=HYPERLINK(...)` must stay text, so such
 * cells get a leading single quote (OWASP's advice for CSV injection).
 */
export function csvField(value: string): string {
  const text = csvText(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

const columns: [string, (lead: Lead) => string][] = [
  ['id', (l) => l.id],
  ['createdAt', (l) => l.createdAt],
  ['form', (l) => l.form],
  ['name', (l) => l.name],
  ['email', (l) => l.email],
  ['phone', (l) => l.phone],
  ['message', (l) => l.message],
  ['photos', (l) => l.photos.join(' ')],
  ['delivery', (l) => l.delivery],
  ['deliveryDetail', (l) => l.deliveryDetail ?? ''],
  ['spam', (l) => String(l.spam)],
  ['review', (l) => String(l.review)],
  ['flags', (l) => l.flags.join(' ')],
  ['values', (l) => JSON.stringify(l.values)],
  ['submissionId', (l) => l.submissionId],
  ['ip', (l) => l.ip ?? ''],
  ['userAgent', (l) => l.userAgent ?? ''],
];

/** A header row and one row per lead, CRLF line ends as RFC 4180 asks. */
export function leadsCsv(leads: Lead[]): string {
  const rows = [columns.map(([name]) => csvField(name)), ...leads.map((lead) => columns.map(([, get]) => csvField(get(lead))))];
  return rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}
