import type { ApiError, AuditKind, LeadStatusName, StaffRole } from '../core/admin/contract.ts';

/** The back office's words for each refusal the server can give (core/admin/contract.ts, ApiError). */
const PROBLEMS: Record<string, string> = {
  network: 'De server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
  'signed-out': 'U bent afgemeld. Meld u opnieuw aan.',
  forbidden: 'Dit kan uw rol niet. Vraag het een beheerder als u het nodig hebt.',
  'step-up': 'Bevestig eerst opnieuw wie u bent.',
  refused: 'E-mailadres, wachtwoord of code klopt niet.',
  invitation: 'Deze uitnodigingslink werkt niet (meer): hij is onbekend, al gebruikt of verlopen.',
  code: 'Die code klopt niet. Kijk in de app naar de code van nu en typ de 6 cijfers.',
  'not-found': 'Dit bestaat niet (meer).',
  self: 'Dit kan niet bij uw eigen account: vraag het een andere beheerder.',
  exists: 'Er is al een account met dit e-mailadres.',
  'invalid-email': 'Dit is geen geldig e-mailadres.',
  'invalid-role': 'Kies een rol.',
  invalid: 'Dit verzoek klopt niet. Herlaad de pagina en probeer het opnieuw.',
  'passkeys-unavailable': 'Passkeys werken niet op dit adres van de backoffice. Meld u aan met uw wachtwoord en code.',
  'passkey-cancelled': 'Er is geen passkey gebruikt. Probeer het opnieuw, of meld u aan met uw wachtwoord en code.',
};

const PASSWORD_PROBLEMS: Record<NonNullable<ApiError['problem']>, string> = {
  'too-short': 'Dit wachtwoord is te kort: kies er een van minstens 8 tekens. Een zin van een paar woorden werkt goed.',
  'too-long': 'Dit wachtwoord is te lang: maximaal 128 tekens.',
  common: 'Dit wachtwoord komt te vaak voor en is makkelijk te raden. Kies een ander, bijvoorbeeld een zin van een paar woorden.',
};

export function problemText(code: string, answer: Partial<ApiError> = {}): string {
  if (code === 'throttled') return `Te veel pogingen. Wacht ${answer.retryAfterSeconds ?? 'een paar'} seconden en probeer het dan opnieuw.`;
  if (code === 'password') return PASSWORD_PROBLEMS[answer.problem ?? 'too-short'];
  return PROBLEMS[code] ?? 'Er ging iets mis. Probeer het opnieuw; blijft het misgaan, meld het dan.';
}

export const ROLE_NAMES: Record<StaffRole, string> = { admin: 'Beheerder', editor: 'Redacteur', sales: 'Verkoop' };

export const STATUS_NAMES: Record<LeadStatusName, string> = { new: 'Nieuw', contacted: 'Gecontacteerd', won: 'Gewonnen', lost: 'Verloren' };

/** Each kind of the audit log (server/staff/store/audit.ts) in plain Dutch. */
export const AUDIT_NAMES: Record<AuditKind, string> = {
  'staff.invited': 'Iemand uitgenodigd',
  'staff.reset': 'Account opnieuw ingesteld (nieuwe uitnodiging)',
  'staff.disabled': 'Account geblokkeerd',
  'staff.enabled': 'Account weer toegelaten',
  'staff.role-changed': 'Rol gewijzigd',
  'invitation.accepted': 'Uitnodiging aangenomen',
  'sign-in.succeeded': 'Aangemeld',
  'sign-in.failed': 'Mislukte aanmelding',
  'sign-in.throttled': 'Aanmelden tijdelijk afgeremd (te veel pogingen)',
  'session.ended': 'Sessie beëindigd',
  'sessions.ended': 'Alle sessies beëindigd',
  'factor.recovery-code-used': 'Aangemeld met een herstelcode',
  'factor.passkey-added': 'Passkey toegevoegd',
  'factor.passkey-removed': 'Passkey verwijderd',
  'lead.viewed': 'Lead bekeken',
  'lead.status-changed': 'Status van een lead gewijzigd',
  'lead.marked-spam': 'Lead als spam gemarkeerd',
  'lead.marked-not-spam': 'Lead als geen spam gemarkeerd',
  'lead.note-added': 'Notitie bij een lead geschreven',
  'lead.exported': 'Gegevens van een persoon geëxporteerd',
  'lead.erased': 'Gegevens van een persoon gewist',
};

/** An event's kind in words; a kind this page does not know yet (a newer server) as it is. */
export const auditName = (kind: string) => (AUDIT_NAMES as Record<string, string | undefined>)[kind] ?? kind;

const dateTime = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });
const dateOnly = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' });
const shortDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatShort = (iso: string) => shortDate.format(new Date(iso));

/** A mail's or a lead's delivery state in words. */
export const DELIVERY_NAMES: Record<string, string> = {
  pending: 'Nog geen mail verstuurd',
  'emailjs-sent': 'Mail verstuurd (EmailJS)',
  'emailjs-failed': 'Mail via EmailJS mislukt',
  outbox: 'Mail wacht in de uitbak (geen mailserver ingesteld)',
  'smtp-sent': 'Mail verstuurd',
  'smtp-retrying': 'Mail wordt opnieuw geprobeerd',
  'smtp-failed': 'Mail mislukt',
  sent: 'Verstuurd',
  retrying: 'Wordt opnieuw geprobeerd',
  failed: 'Mislukt',
};
export const deliveryName = (state: string) => DELIVERY_NAMES[state] ?? state;
