import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Lead } from './lead-cards.tsx';

type Mail = Lead['mails'][number];

/** The mail card in the back office's language (chosen by the page's <html lang> when its words load). */
async function show(lang: string, delivery: string, mails: Partial<Mail>[] = [], deliveryDetail: string | null = null) {
  document.documentElement.lang = lang;
  vi.resetModules();
  const { MailState } = await import('./lead-cards.tsx');
  const lead = { delivery, deliveryDetail, mails: mails.map((m, i) => ({ id: `m${i}`, state: 'sent', attempts: 1, sentAt: null, lastError: null, ...m })) };
  return render(<MailState lead={lead as unknown as Lead} />);
}

afterEach(() => document.documentElement.removeAttribute('lang'));

describe('the mail card of a lead', () => {
  it('says in one sentence that the notification was mailed, and when', async () => {
    const { container } = await show('nl', 'smtp-sent', [{ state: 'sent', attempts: 1, sentAt: '2026-12-03T09:15:00Z' }]);
    expect(container.querySelector('p')?.textContent).toMatch(/^De melding van deze lead is op .*2026.* gemaild\.$/);
    expect(screen.queryByText('Technische details')).toBeNull();
  });

  it('says a failed mail plainly, the lead kept; what the mail server said folded under technical details', async () => {
    const { container } = await show('nl', 'smtp-failed', [{ state: 'failed', attempts: 5, lastError: '550 5.1.1 mailbox unavailable' }]);
    expect(container.querySelector('p')?.textContent).toBe('Mailen van de melding is mislukt na 5 pogingen. De lead zelf is bewaard en staat hier.');
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('550 5.1.1 mailbox unavailable');
  });

  it('says where a mail waits without a mail server, and speaks English on an English site', async () => {
    const dutch = await show('nl', 'outbox');
    expect(dutch.container.textContent).toContain('de melding staat in de uitbak op de server');
    dutch.unmount();
    const { container } = await show('en', 'smtp-retrying', [{ state: 'retrying', attempts: 2 }]);
    expect(container.querySelector('p')?.textContent).toBe('Emailing the notification hasn’t worked yet (2 attempts); the server tries again by itself.');
  });
});
