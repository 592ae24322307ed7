import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaseBanner } from './lease-banner.tsx';
import { SiteFilesContext, type SiteFiles } from './site-context.tsx';
import type { LostEdit } from './use-site-files.ts';

afterEach(cleanup);

const other = { state: 'other', holder: 'bram@example.nl', since: '2026-11-30T09:15:00Z', lost: false } as const;

describe('the lease banner', () => {
  it('shows nothing while the file is this tab’s', () => {
    const { container } = render(<LeaseBanner lang="nl" view={{ state: 'held' }} takeOver={() => Promise.resolve()} />);
    expect(container.textContent).toBe('');
  });

  it('says in plain words when taking the file over did not work, and clears it on the next try', async () => {
    let answer = (): Promise<void> => Promise.reject(new Error('503'));
    render(<LeaseBanner lang="nl" view={other} takeOver={() => answer()} />);
    expect(screen.getByRole('status').textContent).toMatch(/^bram@example\.nl bewerkt dit bestand nu/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Overnemen' })));
    expect(screen.getByRole('alert').textContent).toBe('Overnemen lukte niet: de studio gaf geen antwoord. Probeer het zo nog eens.');
    answer = () => Promise.resolve();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Overnemen' })));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the texts of an edit refused because another person has the file: readable, not editable, copied with one click', async () => {
    const lost: LostEdit = {
      path: 'content/pages/home.json',
      reason: 'leased',
      who: 'bram@example.nl',
      texts: [{ at: '/blocks/0/headline', text: 'Mijn kop' }],
    };
    const dropLost = vi.fn();
    const written: string[] = [];
    vi.stubGlobal('navigator', { clipboard: { writeText: (text: string) => Promise.resolve(void written.push(text)) } });
    render(
      <SiteFilesContext.Provider value={{ lost, dropLost } as unknown as SiteFiles}>
        <LeaseBanner lang="nl" view={{ ...other, lost: true }} takeOver={() => Promise.resolve()} />
      </SiteFilesContext.Provider>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/^bram@example\.nl heeft dit bestand nu\. Uw laatste wijziging is niet opgeslagen/);
    // "what you had changed is saved" is not said: it is not so
    expect(document.body.textContent).not.toContain('is bewaard');
    const text = screen.getByRole('textbox', { name: 'Uw tekst' });
    expect([(text as HTMLTextAreaElement).value, (text as HTMLTextAreaElement).readOnly]).toEqual(['Mijn kop', true]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tekst kopiëren' })));
    expect(written).toEqual(['Mijn kop']);
    expect(screen.getByText('Gekopieerd.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(dropLost).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
