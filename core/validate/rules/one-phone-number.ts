import type { Rule } from './rule.ts';
import { coded } from '../problem-catalog.ts';
import { CONFIG_FILE } from '../../site/layout.ts';

const digits = (v: string | undefined) => v?.replace(/\D/g, '');

export const onePhoneNumber: Rule = {
  name: 'one-phone-number',
  description: 'The tel: link, WhatsApp and the chat use the same phone number (one number for the whole site).',
  needs: ['/contact', '/chat'],
  check(context) {
    const { contact, chat } = context.site;
    const phone = digits(contact.phoneHref);
    if (!phone) return;
    const others: [string, string | undefined][] = [
      ['/contact/whatsapp', contact.whatsapp],
      ['/chat/phoneNumber', chat.phoneNumber],
    ];
    for (const [pointer, value] of others) {
      const d = digits(value);
      if (d && d !== phone) context.report(CONFIG_FILE, pointer, coded('phone-differs', { value: value!, phone: contact.phoneHref }));
    }
  },
};
