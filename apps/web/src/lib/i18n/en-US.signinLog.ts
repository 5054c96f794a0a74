import type { zhCNSigninLog } from './zh-CN.signinLog';

/** en-US texts of the sign-in log screen and the sign-in page's hints; every zh-CN key, checked by the compiler. */
export const enUSSigninLog = {
  'loginGuard.captchaHint': 'Several sign-ins failed; please enter the image captcha',
} as const satisfies Record<keyof typeof zhCNSigninLog, string>;
