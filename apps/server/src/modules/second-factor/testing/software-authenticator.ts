import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for server tests (the browser E2E uses Chromium's virtual authenticator instead): one ES256
 * key pair, a signature counter, and the two WebAuthn ceremonies answered as a browser would
 * (RegistrationResponseJSON / AuthenticationResponseJSON) for a given origin.
 */
export function createSoftwareAuthenticator(origin: string, rpId = new URL(origin).hostname) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const id = credentialId.toString('base64url');
  let counter = 0;
  const rpIdHash = createHash('sha256').update(rpId).digest();
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // User present (0x01) and verified (0x04); 0x40: attested credential data follows.
  const flags = (attested: boolean) => Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]);
  const count = () => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(counter);
    return buffer;
  };

  return {
    id,
    /** Answers POST /auth/passkeys/options' `options` (a 'none' attestation). */
    register(options: { challenge: string }) {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        flags(true),
        count(),
        Buffer.alloc(16),
        length,
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** Answers a request for an assertion (`options.challenge`), counting one use. */
    authenticate(options: { challenge: string }, overrides: { origin?: string } = {}) {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, flags(false), count()]);
      const data = overrides.origin
        ? Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin }))
        : clientData('webauthn.get', options.challenge);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, createHash('sha256').update(data).digest()]),
        privateKey,
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle: undefined,
        },
        clientExtensionResults: {},
      };
    },
  };
}
