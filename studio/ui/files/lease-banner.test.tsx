import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LeaseBanner } from './lease-banner.tsx';

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
});
