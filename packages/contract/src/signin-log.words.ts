import type { Label } from './entity.js';

// The sign-in log's words, declared once for the server's export and the web's screen (a module of its own: only the
// screen's lazily loaded chunk and the server read it).

/**
 * An entry's outcome, method, reason and kind in both languages, by the catalogue key both apps look them up by
 * (`signinLog.reason.<code>` for each SIGNIN_REASONS code, `signinLog.kind.<kind>`, `signinLog.ok.<kind>` for a right
 * factor that led to a second step or a verification, `signinLog.method.<method>`).
 */
export const SIGNIN_LOG_WORDS = {
  'signinLog.success': { 'zh-CN': '成功', 'en-US': 'Success' },
  'signinLog.failure': { 'zh-CN': '失败', 'en-US': 'Failure' },
  'signinLog.method.password': { 'zh-CN': '密码', 'en-US': 'Password' },
  'signinLog.method.sms': { 'zh-CN': '短信', 'en-US': 'SMS' },
  'signinLog.method.password_check': { 'zh-CN': '密码校验', 'en-US': 'Password check' },
  'signinLog.method.totp': { 'zh-CN': '身份验证器', 'en-US': 'Authenticator app' },
  'signinLog.method.passkey': { 'zh-CN': '通行密钥', 'en-US': 'Passkey' },
  'signinLog.method.recovery': { 'zh-CN': '恢复码', 'en-US': 'Recovery code' },
  'signinLog.reason.ok': { 'zh-CN': '登录成功', 'en-US': 'Signed in' },
  'signinLog.reason.bad_credentials': { 'zh-CN': '密码错误', 'en-US': 'Wrong password' },
  'signinLog.reason.unknown_account': { 'zh-CN': '账号不存在', 'en-US': 'Unknown account' },
  'signinLog.reason.disabled': { 'zh-CN': '账号已禁用', 'en-US': 'Account disabled' },
  'signinLog.reason.locked': { 'zh-CN': '账号临时锁定', 'en-US': 'Temporarily locked' },
  'signinLog.reason.captcha_required': { 'zh-CN': '缺少图形验证码', 'en-US': 'Captcha missing' },
  'signinLog.reason.captcha_wrong': { 'zh-CN': '图形验证码无效', 'en-US': 'Captcha invalid' },
  'signinLog.reason.rate_limited': { 'zh-CN': '尝试过于频繁', 'en-US': 'Too many attempts' },
  'signinLog.reason.busy': { 'zh-CN': '系统繁忙', 'en-US': 'System busy' },
  'signinLog.reason.code_invalid': { 'zh-CN': '短信验证无效', 'en-US': 'SMS verification invalid' },
  'signinLog.reason.no_access': { 'zh-CN': '无可访问的页面', 'en-US': 'No screen to open' },
  'signinLog.kind.signin': { 'zh-CN': '登录', 'en-US': 'Sign-in' },
  'signinLog.kind.first_factor': { 'zh-CN': '登录第一步', 'en-US': 'First step' },
  'signinLog.kind.verification': { 'zh-CN': '身份验证', 'en-US': 'Verification' },
  'signinLog.ok.first_factor': { 'zh-CN': '通过，待第二步验证', 'en-US': 'Passed, second step asked' },
  'signinLog.ok.verification': { 'zh-CN': '身份验证通过', 'en-US': 'Identity verified' },
} as const satisfies Record<string, Label>;

export type SignInLogWord = keyof typeof SIGNIN_LOG_WORDS;

/** The words in one language, as a catalogue's entries. */
export function signInLogWords(locale: keyof Label): Record<SignInLogWord, string> {
  return Object.fromEntries(Object.entries(SIGNIN_LOG_WORDS).map(([key, label]) => [key, label[locale]])) as Record<
    SignInLogWord,
    string
  >;
}
