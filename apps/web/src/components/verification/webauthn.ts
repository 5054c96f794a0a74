import { credentialForServer } from '@gatehouse/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { passkeyAddressNote } from './passkey-address';

/**
 * @simplewebauthn/browser, fetched on first use: only the screens and dialogs that use passkeys need it, so it
 * stays out of every route's first load (docs/frontend-budgets.md).
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** A passkey's answer as the contract carries it (an extension result nobody asked for is dropped, not sent). */
export type PasskeyAnswer = ReturnType<typeof credentialForServer>;

/** The browser's passkey prompt for the server's request options: the one way every screen asks for a passkey. */
export async function passkeyAssertion(options: object): Promise<PasskeyAnswer> {
  const { startAuthentication } = await loadWebAuthn();
  return credentialForServer(
    await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
  );
}

/** The browser's prompt to create a passkey for the server's creation options. */
export async function passkeyCreation(options: object): Promise<PasskeyAnswer> {
  const { startRegistration } = await loadWebAuthn();
  return credentialForServer(
    await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
  );
}

/**
 * Whether this browser can use passkeys (WebAuthn) on this page; false when the library cannot be fetched, and on a
 * page opened by an IP address (passkey-address.ts says why).
 */
export async function webAuthnSupported(): Promise<boolean> {
  if (passkeyAddressNote() !== null) return false;
  try {
    return (await loadWebAuthn()).browserSupportsWebAuthn();
  } catch {
    return false;
  }
}

/** webAuthnSupported() as a hook: null until known. */
export function useWebAuthnSupported(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void webAuthnSupported().then((value) => {
      if (live) setSupported(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

/**
 * The user closed the browser's passkey prompt, or it timed out (the browser does not tell the two apart):
 * `NotAllowedError`, or `AbortError` when a newer ceremony replaced it. Said quietly, not as a failure.
 */
export function isWebAuthnCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** The authenticator already holds a passkey of this account (registration's `excludeCredentials`). */
export function isKnownAuthenticator(error: unknown): boolean {
  return (
    error instanceof Error && (error as Error & { code?: string }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
  );
}
