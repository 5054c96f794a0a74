import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';

export type SecondFactorStatus = ResponseOf<typeof routes.secondFactorStatus>;
export type Passkey = SecondFactorStatus['passkeys'][number];
export type TotpSecret = ResponseOf<typeof routes.totpSetup>;

export const secondFactorKeys = { status: ['second-factor', 'status'] as const };

/**
 * GET /auth/second-factor: the signed-in account's authenticator app, passkeys and recovery codes left. Quiet about
 * every failure: the section says it could not load (with a retry) and the rest of the personal page stays.
 */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: secondFactorKeys.status,
    queryFn: () => call(routes.secondFactorStatus, { quiet: 'all' }),
  });
}

/**
 * POST /auth/totp/setup: a new secret and its otpauth:// URL. Sudo: the http client opens the identity dialog
 * first when the server asks; closing it rejects (HttpError with `verificationRequired`).
 */
export const setupTotp = () => call(routes.totpSetup);

/** POST /auth/totp/enable: the app's current code turns TOTP on; answers the recovery codes. A wrong code is
 * the caller's to show (quiet). */
export const enableTotp = async (code: string) =>
  (await call(routes.totpEnable, { body: { code }, quiet: true })).recoveryCodes;

/** DELETE /auth/totp (sudo). */
export const disableTotp = () => call(routes.totpDisable);

/** POST /auth/recovery-codes (sudo): ten new codes; the earlier ones stop working. */
export const regenerateRecoveryCodes = async () => (await call(routes.regenerateRecoveryCodes)).recoveryCodes;

/** POST /auth/passkeys/options (sudo): WebAuthn creation options and their challenge's id. */
export const passkeyRegistrationOptions = () => call(routes.passkeyRegisterOptions);

/** POST /auth/passkeys (sudo): keeps the new passkey; the account's first second factor also answers its codes. */
export const registerPasskey = (body: BodyOf<typeof routes.registerPasskey>) => call(routes.registerPasskey, { body });

/** PUT /auth/passkeys/:id */
export const renamePasskey = (id: string, name: string) =>
  call(routes.renamePasskey, { params: { id }, body: { name } });

/** DELETE /auth/passkeys/:id (sudo). */
export const deletePasskey = (id: string) => call(routes.deletePasskey, { params: { id } });

/** POST /logout: the enrolment page's 退出登录. */
export const logout = () => call(routes.logout);
