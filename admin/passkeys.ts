import type { SignInAnswer } from '../core/admin/contract.ts';
import { post, RequestError } from './api.ts';

/** WebAuthn's JSON helpers (Chrome 129, Firefox 119, Safari 18.4); without them the pages offer no passkeys. */
type JsonWebAuthn = typeof PublicKeyCredential & {
  parseCreationOptionsFromJSON: (options: unknown) => PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON: (options: unknown) => PublicKeyCredentialRequestOptions;
};

function webAuthn(): JsonWebAuthn | undefined {
  const api = (globalThis as { PublicKeyCredential?: JsonWebAuthn }).PublicKeyCredential;
  return api && typeof api.parseCreationOptionsFromJSON === 'function' && typeof api.parseRequestOptionsFromJSON === 'function' ? api : undefined;
}

export const browserHasPasskeys = () => webAuthn() !== undefined;

/** The device's own dialog; closed or refused there, the person is told in words, not with the browser's error. */
async function ceremony<T>(run: () => Promise<T | null>): Promise<T> {
  try {
    const result = await run();
    if (result) return result;
  } catch {
    // NotAllowedError and the like: the person closed the dialog, or the device said no
  }
  throw new RequestError(400, { error: 'passkey-cancelled' });
}

const asJson = (credential: Credential) => (credential as PublicKeyCredential & { toJSON: () => unknown }).toJSON();

/** Signs in with a passkey of this device: the server's challenge, the device's signature, the server's check. */
export async function signInWithPasskey(remember = false): Promise<SignInAnswer> {
  const api = webAuthn()!;
  const options = await post('/sign-in/passkey/options');
  const credential = await ceremony(() => navigator.credentials.get({ publicKey: api.parseRequestOptionsFromJSON(options) }));
  return post('/sign-in/passkey', { body: { response: asJson(credential), ...(remember ? { remember } : {}) } });
}

/** Adds a passkey of this device to the signed-in person's account, under a name they recognise. */
export async function addPasskey(name: string): Promise<void> {
  const api = webAuthn()!;
  const options = await post('/passkeys/options');
  const credential = await ceremony(() => navigator.credentials.create({ publicKey: api.parseCreationOptionsFromJSON(options) }));
  await post('/passkeys', { body: { response: asJson(credential), name } });
}
