import { credentialForServer } from '@gatehouse/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { isWebAuthnCancel, loadWebAuthn } from '@/components/verification/webauthn';
import { type PasskeyCredential, passkeyLogin, passkeyLoginOptions } from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { tx } from './second-factor-texts';

/** What a passkey attempt that did not sign in leaves on the page: a quiet note when the user cancelled. */
export interface PasskeyNotice {
  text: string;
  cancelled: boolean;
}

/** The browser's passkey prompt for the server's request options (the library is fetched on the first one). */
export async function passkeyAssertion(options: object): Promise<PasskeyCredential> {
  const { startAuthentication } = await loadWebAuthn();
  // Only the fields the contract carries (an extension result nobody asked for would be refused).
  return credentialForServer(
    await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
  );
}

/** How a failed passkey attempt is told: the server's message, a quiet 已取消, or that the browser gave up. */
export function passkeyNotice(error: unknown): PasskeyNotice {
  if (error instanceof HttpError) return { text: error.message, cancelled: false };
  if (isWebAuthnCancel(error)) return { text: tx('cancelled'), cancelled: true };
  return { text: tx('passkeyFailed'), cancelled: false };
}

/** A passwordless sign-in with a discoverable passkey: the session token, or what to say instead. */
export async function signInWithPasskey(): Promise<string | PasskeyNotice> {
  try {
    const { challengeId, options } = await passkeyLoginOptions();
    return await passkeyLogin(challengeId, await passkeyAssertion(options));
  } catch (error) {
    return passkeyNotice(error);
  }
}
