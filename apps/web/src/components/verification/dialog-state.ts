import type { SmsCommand } from './verification-api';

/**
 * What the identity verification (IdentityVerification.tsx) and its lazily loaded dialog (IdentityDialog.tsx)
 * both speak of. Apart from both so that neither imports the other's types (no import cycle).
 */
export type VerifyMethod = 'password' | 'email' | 'mobile' | 'captcha' | 'totp' | 'passkey';

export interface DialogState {
  open: boolean;
  types: VerifyMethod[];
  command: SmsCommand;
  /**
   * The method shown; null: the first one offered, which the dialog decides once it knows the account's second
   * factors (an authenticator app or a passkey, offered first when the signed-in account holds one).
   */
  method: VerifyMethod | null;
  /** Bumped on every verify() so each opening starts with fresh forms. */
  round: number;
}
