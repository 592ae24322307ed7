import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

/** The server's answers: nobody is signed in, the invitation is unknown, and every sign-in is refused. */
function fakeServer() {
  const answer = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/me')) return answer(401, { error: 'signed-out' });
      if (url.includes('/invitations/')) return answer(404, { error: 'invitation' });
      if (url.endsWith('/sign-in')) return answer(401, { error: 'refused' });
      return answer(404, { error: 'not-found' });
    }),
  );
}

/** The back office as it starts on a page the server served with `<html lang>`, opened at `path`. */
async function openIn(lang: string, path: string) {
  document.documentElement.lang = lang;
  fakeServer();
  vi.resetModules();
  const { App } = await import('./app.tsx');
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('lang');
});

describe('the sign-in screen', () => {
  it('speaks English on an English site, refusals too', async () => {
    await openIn('en', '/aanmelden');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe('Sign in · Back office');
    await userEvent.type(screen.getByLabelText('Email address'), 'anna@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long sentence');
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    expect(screen.getByText('The 6 digits from your authenticator app, or one of your recovery codes.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email address, password or code is wrong.')).toBeTruthy();
    expect(screen.queryByText(/Aanmelden|Wachtwoord|klopt niet/)).toBeNull();
  });

  it('speaks Dutch on a Dutch site, refusals too', async () => {
    await openIn('nl-NL', '/aanmelden');
    expect(screen.getByRole('heading', { level: 1, name: 'Aanmelden' })).toBeTruthy();
    expect(document.title).toBe('Aanmelden · Backoffice');
    await userEvent.type(screen.getByLabelText('E-mailadres'), 'anna@example.com');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'een lange zin');
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByText('E-mailadres, wachtwoord of code klopt niet.')).toBeTruthy();
    expect(screen.queryByText(/Sign in|Password/)).toBeNull();
  });
});

describe('an invitation that no longer works', () => {
  it('is explained in English on an English site', async () => {
    await openIn('de', '/uitnodiging/unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation doesn’t work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This invitation link no longer works: it is unknown, already used or expired.');
    expect(screen.getByText(/Ask an administrator for a new invitation link/)).toBeTruthy();
  });

  it('is explained in Dutch on a Dutch site', async () => {
    await openIn('nl', '/uitnodiging/unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deze uitnodiging werkt niet' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Deze uitnodigingslink werkt niet (meer): hij is onbekend, al gebruikt of verlopen.');
  });
});
