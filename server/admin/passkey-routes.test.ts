import { expect, it } from 'vitest';
import { relyingParty } from './passkey-routes.ts';

it('takes the relying party from the configured origin, and has none for an IP address (WebAuthn needs a host name)', () => {
  expect(relyingParty('https://beheer.example.nl', 'Back office')).toEqual({
    id: 'beheer.example.nl',
    origin: 'https://beheer.example.nl',
    name: 'Back office',
  });
  expect(relyingParty('http://localhost:4330', 'Back office')).toMatchObject({ id: 'localhost', origin: 'http://localhost:4330' });
  expect(relyingParty('http://127.0.0.1:4330', 'Back office')).toBeUndefined();
  expect(relyingParty('http://[::1]:4330', 'Back office')).toBeUndefined();
});
