import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a sealed value, and its format: AES-256-GCM, a 12-byte nonce, the ciphertext, a 16-byte tag, base64url. */
const SEALED = 'v1.';

/**
 * The key the staff's TOTP secrets are sealed with, derived from the server's secret (FORM_SECRET, or the one kept in
 * the data folder): the database alone, or a copy of it, does not give anyone the codes. Servers that share a
 * database share FORM_SECRET already, so they read each other's secrets.
 */
export function staffSecretKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'staff-totp-secret', 'v1', 32));
}

export function sealSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The plain secret; a value stored before sealing (no mark) as it is; undefined when it does not open with this key
 * (another server's secret, or altered): its person cannot sign in with the authenticator, and an admin resets them.
 */
export function openSecret(key: Buffer, stored: string): string | undefined {
  if (!stored.startsWith(SEALED)) return stored;
  const bytes = Buffer.from(stored.slice(SEALED.length), 'base64url');
  if (bytes.length < 12 + 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
