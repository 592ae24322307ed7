import { createTransport } from 'nodemailer';
import { inLanguage } from '../../core/text/language.ts';
import { transportOptions } from '../mail/smtp-delivery.ts';

/** Sends an invitation link to the invitee; false when the mail did not go (the admin hands the link over instead). */
export type SendInvitation = (to: string, link: string, expiresAt: string) => Promise<boolean>;

/** How long the admin's screen waits for the SMTP server before it shows the link alone. */
const SEND_TIMEOUT_MS = 10_000;

const WORDS = {
  nl: {
    locale: 'nl-NL',
    subject: (site: string) => `Je uitnodiging voor de beheeromgeving van ${site}`,
    lines: (site: string, link: string, until: string) => [
      'Hallo,',
      '',
      `Je bent uitgenodigd voor de beheeromgeving van ${site}. Open deze link om je wachtwoord en je inlogcode in te stellen:`,
      '',
      link,
      '',
      `De link werkt één keer, tot ${until}.`,
      'Heb je deze uitnodiging niet verwacht? Dan kun je deze mail negeren.',
    ],
  },
  en: {
    locale: 'en-GB',
    subject: (site: string) => `Your invitation to the back office of ${site}`,
    lines: (site: string, link: string, until: string) => [
      'Hello,',
      '',
      `You have been invited to the back office of ${site}. Open this link to set your password and your sign-in code:`,
      '',
      link,
      '',
      `The link works once, until ${until}.`,
      'Did you not expect this invitation? Then you can ignore this mail.',
    ],
  },
};

/**
 * The mail's text in the back office's language (the live site's: Dutch for `nl`, English otherwise): what the link
 * is for, how long it works, and what to do if unexpected.
 */
export function invitationText(link: string, expiresAt: string, site: string, lang: string): { subject: string; text: string } {
  const words = inLanguage(lang, WORDS);
  const until = new Date(expiresAt).toLocaleString(words.locale, { timeZone: 'Europe/Amsterdam', dateStyle: 'long', timeStyle: 'short' });
  return { subject: words.subject(site), text: words.lines(site, link, until).join('\n') };
}

/**
 * The invitation mail, sent at once over SMTP_URL and never stored: the link is a key, and the database keeps only
 * its hash. Mail is a convenience, never a factor: the link is also shown to the admin who made it.
 */
export function invitationMailer(smtpUrl: string, from: string, site: string, lang: () => string): SendInvitation {
  const transport = createTransport(transportOptions(smtpUrl));
  return async (to, link, expiresAt) => {
    const { subject, text } = invitationText(link, expiresAt, site, lang());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SEND_TIMEOUT_MS)));
    const sent = transport.sendMail({ from, to, subject, text }).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([sent, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
