import { type BodyOf, type ResponseOf, routes } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/http';
import { DEFAULT_OPTIONS, useServerOptions } from '@/stores/server-options';

export type AuthOptions = ResponseOf<typeof routes.authOptions>;
export type LoginBody = BodyOf<typeof routes.login>;
export type RegisterBody = BodyOf<typeof routes.register>;
export type SmsSendBody = BodyOf<typeof routes.sendSmsRegister>;
/** What a first factor (password, SMS code) answers: the session token, or the second step it still needs. */
export type SignInAnswer = ResponseOf<typeof routes.login>;
export type SecondFactorChallenge = Exclude<SignInAnswer, string>;
export type PasskeyCredential = BodyOf<typeof routes.passkeyLogin>['credential'];
/** POST /login/second-factor's body. */
export type SecondFactorBody = BodyOf<typeof routes.loginSecondFactor>;

export interface Credentials {
  account: string;
  password: string;
  /** Image-captcha token (GET /captcha/image/validate) when sign-in asks for one. */
  captcha?: string | null;
}

/** POST /login: answers the session token, or a second-factor challenge. */
export const login = (credentials: Credentials) => call(routes.login, { body: credentials });

/**
 * GET /login/captcha: whether the next sign-in of this account number needs the image captcha (after a few
 * failures when the server runs with LOGIN_CAPTCHA=off). Quiet about any failure: the page only adjusts its form.
 */
export const loginCaptchaState = (account: string) =>
  call(routes.loginCaptchaState, { query: { account }, quiet: 'all' });

/** POST /logout: ends the current session on the server. */
export const logout = () => call(routes.logout);

/**
 * GET /auth/options: whether sign-in needs a captcha and whether self-registration is open. Quiet about any
 * failure: the pages then assume the server's defaults (captcha on) and keep what the user typed.
 */
export const getAuthOptions = () => call(routes.authOptions, { quiet: 'all' });

/**
 * The sign-in and registration pages read the options once per visit of the open pages, starting from the answer the
 * app read before its first render (stores/server-options): a first visit asks nothing more and its form is ready at
 * once. A page that waited for a second read could see it time out (10 s) on a busy machine and then turned the
 * captcha on for a server that runs without it, so a filled form never posted (docs/testing.md). A read that fails
 * keeps the answer the page had.
 */
export function useAuthOptions() {
  const { options } = useServerOptions.getState();
  return useQuery({
    queryKey: ['auth', 'options'],
    queryFn: getAuthOptions,
    staleTime: 60_000,
    initialData: options === DEFAULT_OPTIONS ? undefined : options,
  });
}

/**
 * SMS sends: quiet, because the code input reports a refused send itself (warning toast with the server's
 * reason), so the global toast would say it twice; a server fault too ('验证码发送失败，请稍后重试', spec §8), so the
 * user stays on the page with the form as they filled it.
 */
export const sendRegisterSms = (body: SmsSendBody) => call(routes.sendSmsRegister, { body, quiet: 'all' });
export const sendLoginSms = (body: SmsSendBody) => call(routes.sendSmsLogin, { body, quiet: 'all' });

/** POST /account/admin/register/noAuth. */
export const register = (body: RegisterBody) => call(routes.register, { body });

/** POST /login/sms with a login-flavour SMS token: answers the session token, or a second-factor challenge. */
export const smsLogin = (token: string) => call(routes.smsLogin, { body: { token } });

/*
 * The second factor. Quiet about every failure: the sign-in page says each one where it happened (under
 * the code, under the passkey button), and a refused code must not leave the page for /500.
 */

/** POST /login/second-factor/options: WebAuthn request options for the ticket's passkey step. */
export const secondFactorOptions = (ticket: string) =>
  call(routes.secondFactorOptions, { body: { ticket }, quiet: 'all' });

/** POST /login/second-factor: the second step of a sign-in; answers the session token. */
export const loginSecondFactor = (body: SecondFactorBody) => call(routes.loginSecondFactor, { body, quiet: 'all' });

/** POST /login/passkey/options: WebAuthn request options for a passwordless sign-in. */
export const passkeyLoginOptions = () => call(routes.passkeyLoginOptions, { quiet: 'all' });

/** POST /login/passkey: a sign-in with a passkey alone; answers the session token. */
export const passkeyLogin = (challengeId: string, credential: PasskeyCredential) =>
  call(routes.passkeyLogin, { body: { challengeId, credential }, quiet: 'all' });

/** PUT /auth/password; quiet, the page shows a refused token inline. */
export const changePassword = (newPassword: string, token: string) =>
  call(routes.changePassword, { body: { newPassword, token }, quiet: true });

/**
 * The forced change of a generated password: proves the current one (POST /auth/password/validate), then sets
 * the new one with that token. Quiet: the page shows a refusal inline.
 */
export async function changeInitialPassword(current: string, newPassword: string): Promise<void> {
  const token = await call(routes.validatePassword, { body: { password: current }, quiet: true });
  await call(routes.changePassword, { body: { newPassword, token }, quiet: true });
}
