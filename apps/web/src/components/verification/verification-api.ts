import { createContext, useContext } from 'react';
import { HttpError } from '@/lib/http';
import type { PasskeyAnswer } from './webauthn';

/** Which SMS flavour a code is sent for (reference UI §3): the server binds the code to it. */
export type SmsCommand = 'common' | 'register' | 'login' | 'reset';

export interface CaptchaImage {
  /** One-shot id: any check uses it up. */
  id: string;
  /** The image as a data URL. */
  content: string;
  /** Seconds the id stays valid, when the server says (5 minutes otherwise, CAPTCHA_TTL_SECONDS). */
  expiresIn?: number;
}

/** What the identity dialog needs of the signed-in account's second factors (GET /auth/second-factor). */
export interface SecondFactorSummary {
  totp: boolean;
  /** Passkeys the account holds. */
  passkeys: number;
}

/** WebAuthn request options (PublicKeyCredentialRequestOptionsJSON) and the id of their single-use challenge. */
export interface PasskeyChallenge {
  challengeId: string;
  options: object;
}

/**
 * The calls the verification components need. The app provides the real implementation
 * (features/verify); component tests hand in an in-memory one. Every method rejects on a refusal; an
 * `HttpError` carries the server's message.
 */
export interface VerificationApi {
  loadCaptcha(size: { width: number; height: number }): Promise<CaptchaImage>;
  /** Resolves with a single-use captcha token. */
  checkCaptcha(id: string, input: string): Promise<string>;
  /** Sends an SMS code; resolves with the code's id. `captchaToken` is required without a session. */
  sendSms(command: SmsCommand, mobile: string, captchaToken?: string): Promise<string>;
  /** Resolves with a single-use token bound to the purpose and the number. */
  checkSms(id: string, input: string): Promise<string>;
  /** Sends an e-mail code; resolves with the code's id. `captchaToken` is required without a session. */
  sendEmail(email: string, captchaToken?: string): Promise<string>;
  checkEmail(id: string, input: string): Promise<string>;
  /** Checks the signed-in account's password; resolves with a single-use token. */
  checkPassword(password: string): Promise<string>;
  /**
   * The signed-in account's second factors, asked when the dialog opens for a signed-in caller. The four below
   * are optional: without them (a test's in-memory API) the dialog offers no second factor.
   */
  secondFactors?(): Promise<SecondFactorSummary>;
  /** Checks a code of the account's authenticator app; resolves with a single-use token like checkPassword. */
  checkTotp?(code: string): Promise<string>;
  /** A challenge for an identity verification with one of the account's passkeys. */
  passkeyChallenge?(): Promise<PasskeyChallenge>;
  /** Checks the authenticator's answer to `passkeyChallenge`; resolves with a single-use token. */
  checkPasskey?(challengeId: string, credential: PasskeyAnswer): Promise<string>;
}

const missing = (): Promise<never> =>
  Promise.reject(new Error('No VerificationApi: wrap the tree in VerificationProvider (features/verify).'));

/** Fails every call so a missing provider shows up as a failed load instead of a crash. */
const missingApi: VerificationApi = {
  loadCaptcha: missing,
  checkCaptcha: missing,
  sendSms: missing,
  checkSms: missing,
  sendEmail: missing,
  checkEmail: missing,
  checkPassword: missing,
};

export const VerificationApiContext = createContext<VerificationApi>(missingApi);

export function useVerificationApi(): VerificationApi {
  return useContext(VerificationApiContext);
}

/** Refusals the server words for the user (bad input, forbidden, too many attempts): their message is shown. */
const WORDED_KINDS = new Set(['bad-request', 'forbidden', 'rate-limited', 'too-large']);

/** The server's message of a refusal the caller shows itself (`quiet` calls), or undefined. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof HttpError && WORDED_KINDS.has(error.kind) && error.message ? error.message : undefined;
}

/** Failures that say nothing about the answer: the server or the network failed (服务异常, 网络异常, …). */
const FAULT_KINDS = new Set(['server', 'timeout', 'network']);

/**
 * A failed check answers the component's own '验证失败，请重试' whatever the server said about the wrong
 * answer, except for rate limiting, whose message (wait and retry) is more useful, and for a server or network
 * fault, which is not the user's answer being wrong.
 */
export function checkFailureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError) || !error.message) return fallback;
  return error.kind === 'rate-limited' || FAULT_KINDS.has(error.kind) ? error.message : fallback;
}
