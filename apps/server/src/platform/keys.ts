import { hkdfSync } from 'node:crypto';

/**
 * Uses of the one configured secret (JWT_SECRET, or the generated one). Each gets its own key, derived with
 * HKDF-SHA-256 under a distinct label: a key recovered or misused in one place (a code HMAC, say) is no key for
 * the other, and the raw secret signs nothing.
 */
export type KeyPurpose = 'session-token' | 'verification-hmac' | 'totp-secret';

const LABELS: Record<KeyPurpose, string> = {
  'session-token': 'gatehouse/v1/session-token/hs256',
  'verification-hmac': 'gatehouse/v1/verification/hmac-sha256',
  'totp-secret': 'gatehouse/v1/second-factor/totp-secret/aes-256-gcm',
};
/** Fixed: the secret is already random (or checked for length and variety), HKDF needs no per-use salt here. */
const SALT = 'gatehouse/v1';

/** A 256-bit key for `purpose`, the same for the same secret in every process. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, LABELS[purpose], 32));
}
