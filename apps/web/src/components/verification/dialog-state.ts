import type { SmsCommand } from './verification-api';

/**
 * What the identity verification (IdentityVerification.tsx) and its lazily loaded dialog (IdentityDialog.tsx)
 * both speak of. Apart from both so that neither imports the other's types (no import cycle).
 */
export type VerifyMethod = 'password' | 'email' | 'mobile' | 'captcha';

export interface DialogState {
  open: boolean;
  types: VerifyMethod[];
  command: SmsCommand;
  method: VerifyMethod;
  /** Bumped on every verify() so each opening starts with fresh forms. */
  round: number;
}
