import { routes } from '@gatehouse/contract';
import type { SmsCommand, VerificationApi } from '@/components/verification';
import { call } from '@/lib/http';

/** The SMS route of each flavour (reference UI §3). */
const smsRoutes = {
  common: routes.sendSms,
  register: routes.sendSmsRegister,
  login: routes.sendSmsLogin,
  reset: routes.sendSmsReset,
} as const satisfies Record<SmsCommand, unknown>;

/**
 * The verification calls over HTTP. All are quiet: a refusal (wrong answer, too many attempts, unknown number) is
 * shown by the component that asked, inline or as its own toast, not by the global handler. The captcha and the
 * codes are quiet about server faults too (`'all'`): a 5xx, a timeout or a lost network is told on the page (the
 * image says its load failed, the code input warns 验证码发送失败), and the user keeps the form they filled in
 * (specification §8) instead of being sent to /500.
 */
export const verificationApi: VerificationApi = {
  loadCaptcha: (size) => call(routes.imageCaptcha, { query: size, quiet: 'all' }),
  checkCaptcha: (id, userInput) => call(routes.validateImageCaptcha, { query: { id, userInput }, quiet: 'all' }),
  sendSms: async (command, mobile, captcha) => {
    const body = captcha ? { mobile, captcha } : { mobile };
    const sent = await call(smsRoutes[command] ?? routes.sendSms, { body, quiet: 'all' });
    return sent.id;
  },
  checkSms: (id, userInput) => call(routes.validateSms, { query: { id, userInput }, quiet: 'all' }),
  sendEmail: async (email, captcha) => {
    const query = captcha ? { email, captcha } : { email };
    const sent = await call(routes.sendEmailCode, { query, quiet: 'all' });
    return sent.id;
  },
  checkEmail: (id, userInput) => call(routes.validateEmailCode, { query: { id, userInput }, quiet: 'all' }),
  checkPassword: (password) => call(routes.validatePassword, { body: { password }, quiet: true }),
  // Second factors. Asking which ones the account holds is quiet about everything: the dialog then
  // offers the methods it was asked for.
  secondFactors: async () => {
    const status = await call(routes.secondFactorStatus, { quiet: 'all' });
    return { totp: status.totp, passkeys: status.passkeys.length };
  },
  checkTotp: (code) => call(routes.validateTotp, { body: { code }, quiet: true }),
  passkeyChallenge: () => call(routes.passkeyVerifyOptions, { quiet: true }),
  checkPasskey: (challengeId, credential) =>
    call(routes.validatePasskey, {
      body: { challengeId, credential },
      quiet: true,
    }),
};
