import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SystemAnswer } from '../core/admin/system.ts';

const NOW = '2026-03-05T12:00:00.000Z';
const minutesBefore = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();

/** A system in trouble: a mail waiting 20 minutes, the disk nearly full, the last backup 3 days old, one server gone. */
const troubled: SystemAnswer = {
  now: NOW,
  mail: { waiting: 2, oldestAt: minutesBefore(20), failed: 1 },
  leads: 41,
  disk: { freeBytes: 5_000_000_000, totalBytes: 100_000_000_000 },
  backup: { at: minutesBefore(3 * 24 * 60), by: 'backup@web1', bytes: 12_300_000, seconds: 125 },
  publish: { at: minutesBefore(90), by: 'anna@example.nl', seconds: 42 },
  build: null,
  instances: [
    {
      id: 'web2:7',
      kind: 'site',
      host: 'web2',
      startedAt: minutesBefore(600),
      lastSeenAt: minutesBefore(60),
      version: 'b-old',
      gone: true,
      holdsStudio: false,
    },
    { id: 'web1:9', kind: 'studio', host: 'web1', startedAt: minutesBefore(30), lastSeenAt: NOW, version: 'b-new', gone: false, holdsStudio: true },
  ],
  warnings: ['mail-stuck', 'disk-low', 'old-backup'],
};

/** The server: the signed-in admin, and the system's answers in turn (the last one again on every later ask). */
function fakeServer(answers: SystemAnswer[]) {
  const json = (body: object) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/me')) return json({ email: 'admin@example.nl', role: 'admin', permissions: ['signed-in', 'leads', 'people', 'audit', 'system'] });
      if (url.endsWith('/system')) return json(answers.length > 1 ? answers.shift()! : answers[0]!);
      return new Response(JSON.stringify({ error: 'not-found' }), { status: 404 });
    }),
  );
}

async function openIn(lang: string, answers: SystemAnswer[]) {
  document.documentElement.lang = lang;
  fakeServer(answers);
  vi.resetModules();
  const { App } = await import('./app.tsx');
  return render(
    <MemoryRouter initialEntries={['/systeem']}>
      <App />
    </MemoryRouter>,
  );
}

/** The alert that holds the warnings (beside the screen's error line, empty). */
const warningBox = () => screen.getAllByRole('alert').find((alert) => alert.textContent)!;

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('lang');
});

describe('the System screen', () => {
  it('says first what needs attention, then each part in plain English on an English site', async () => {
    await openIn('en', [troubled]);
    expect(await screen.findByRole('heading', { level: 1, name: 'System' })).toBeTruthy();
    await screen.findByRole('table');
    expect(
      within(warningBox())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'An email has been waiting to be sent for more than 15 minutes.',
      'Less than 10% of the disk space is free.',
      'The last backup is more than 2 days old.',
    ]);
    const mail = screen.getByRole('region', { name: 'Email' });
    expect(mail.textContent).toContain('Waiting to be sent2 emails');
    expect(mail.textContent).toContain('Oldest waiting email20 minutes ago (');
    expect(mail.textContent).toContain('Failed (after every attempt)1 email');
    expect(screen.getByRole('region', { name: 'Leads' }).textContent).toContain('41 leads');
    expect(screen.getByRole('region', { name: 'Disk' }).textContent).toContain('Free5 GB of 100 GB5% free');
    const backup = screen.getByRole('region', { name: 'Backup' }).textContent;
    expect(backup).toContain('3 days ago');
    expect(backup).toContain('Bybackup@web1');
    expect(backup).toContain('Size12 MB');
    expect(backup).toContain('Took2 minutes and 5 seconds');
    const publish = screen.getByRole('region', { name: 'Publishing' }).textContent;
    expect(publish).toContain('Last published2 hours ago (');
    expect(publish).toContain('Byanna@example.nl');
    expect(publish).toContain('Took42 seconds');
    // the server still heard of first, with the studio
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['web1', 'Studio', 'activehas the studio', expect.stringMatching(/^5 Mar 2026/), 'just now', 'b-new'],
      ['web2', 'Site', 'gone', expect.stringMatching(/^5 Mar 2026/), '1 hour ago', 'b-old'],
    ]);
    expect(document.body.textContent).not.toMatch(/mail-stuck|disk-low|old-backup|holdsStudio|Systeem/);
  });

  it('says all is well when nothing needs attention, and asks again on Vernieuwen', async () => {
    const well = { ...troubled, mail: { waiting: 0, oldestAt: null, failed: 0 }, warnings: [] };
    await openIn('nl-NL', [troubled, well]);
    await screen.findByText('Er wacht al meer dan 15 minuten een mail om verstuurd te worden.');
    expect(warningBox().textContent).toContain('Er is minder dan 10% schijfruimte vrij.');
    await userEvent.click(screen.getByRole('button', { name: 'Vernieuwen' }));
    expect((await screen.findByText('Alles in orde.')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('region', { name: 'Mail' }).textContent).toContain('Wacht op verzendengeen');
    expect(screen.getByRole('region', { name: 'Mail' }).textContent).not.toContain('Oudste wachtende mail');
  });
});
