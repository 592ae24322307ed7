import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/**
 * A passkey on a software device, for tests that speak WebAuthn to the back office over plain HTTP (no browser): a
 * P-256 key pair, a random credential id, user verification always done, the backup flags of a synced passkey and a
 * signature counter of 0 in every answer (as iCloud Keychain's and Google Password Manager's): a replay is told apart
 * by its challenge alone.
 */
export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** the relying party's origin, whose host is its id (WebAuthn needs a host name: localhost counts) */
  origin: string;
  /** the user handle the relying party gave at registration */
  userHandle?: string;
}

export function softwarePasskey(origin: string): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(16), privateKey, publicKey, origin };
}

export const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** CBOR's head of a major type with a length (RFC 8949 3.1), for the few items an attestation object has. */
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const cborText = (text: string) => Buffer.concat([cborHead(3, Buffer.byteLength(text)), Buffer.from(text)]);
const cborBytes = (bytes: Buffer) => Buffer.concat([cborHead(2, bytes.length), bytes]);

/** authenticatorData: the RP id's hash, UP | UV | BE | BS (and AT with attested credential data), a counter of 0. */
function authenticatorData(device: SoftwarePasskey, attested?: Buffer): Buffer {
  const flags = 0x01 | 0x04 | 0x08 | 0x10 | (attested ? 0x40 : 0);
  const rpIdHash = createHash('sha256').update(new URL(device.origin).hostname).digest();
  return Buffer.concat([rpIdHash, Buffer.from([flags]), Buffer.alloc(4), attested ?? Buffer.alloc(0)]);
}

/** The attested credential data: a zero AAGUID, the credential id, and the public key as COSE_Key {1: 2, 3: -7, -1: 1, -2: x, -3: y}. */
function attestedCredential(device: SoftwarePasskey): Buffer {
  const jwk = device.publicKey.export({ format: 'jwk' });
  const id = device.credentialId;
  const coseKey = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(Buffer.from(jwk.x!, 'base64url')),
    Buffer.from([0x22]),
    cborBytes(Buffer.from(jwk.y!, 'base64url')),
  ]);
  return Buffer.concat([Buffer.alloc(16), Buffer.from([id.length >> 8, id.length & 0xff]), id, coseKey]);
}

/** The client data a browser signs: its `origin` the page's (a phishing page's, to test that one is refused). */
export const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/**
 * navigator.credentials.create() over `challenge` for the user handle given (as the options said it), as the
 * browser's toJSON() gives it; `origin` where the page that asked is, the relying party's own unless said.
 */
export function createCredential(device: SoftwarePasskey, challenge: string, userHandle: string, origin = device.origin): RegistrationResponseJSON {
  device.userHandle = userHandle;
  // {"fmt": "none", "attStmt": {}, "authData": authData}
  const attestationObject = Buffer.concat([
    cborHead(5, 3),
    cborText('fmt'),
    cborText('none'),
    cborText('attStmt'),
    cborHead(5, 0),
    cborText('authData'),
    cborBytes(authenticatorData(device, attestedCredential(device))),
  ]);
  const id = b64url(device.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

/** navigator.credentials.get() over `challenge`: signed over authenticatorData and the hash of clientDataJSON. */
export function assertion(device: SoftwarePasskey, challenge: string): AuthenticationResponseJSON {
  const authData = authenticatorData(device);
  const clientDataJSON = clientData('webauthn.get', challenge, device.origin);
  const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), device.privateKey);
  const id = b64url(device.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: device.userHandle },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
