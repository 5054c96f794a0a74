import { isWebAuthnCancel, passkeyAssertion } from '@/components/verification/webauthn';
import { passkeyLogin, passkeyLoginOptions } from '@/features/auth/api/auth.api';
import { HttpError } from '@/lib/http';
import { tx } from './second-factor-texts';

/** What a passkey attempt that did not sign in leaves on the page: a quiet note when the user cancelled. */
export interface PasskeyNotice {
  text: string;
  cancelled: boolean;
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

export { passkeyAssertion };
