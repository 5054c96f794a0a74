import { screenTexts } from '@/lib/i18n';

/**
 * The second factor's texts on the sign-in page: they travel in the lazily loaded second step and passkey
 * chunks, not in the catalogue the sign-in page loads (docs/frontend-budgets.md).
 */
const zhCN = {
  title: '双因素认证',
  'hint.totp': '请输入身份验证器应用中的 6 位动态验证码',
  'hint.passkey': '请使用此账号的通行密钥完成验证',
  'hint.recovery': '请输入一个未使用过的恢复码，每个恢复码只能使用一次',
  totpPlaceholder: '6 位动态验证码',
  recoveryPlaceholder: '恢复码',
  totpRequired: '请输入 6 位动态验证码',
  recoveryRequired: '请输入恢复码',
  verify: '验证',
  passkeyVerify: '使用通行密钥验证',
  'use.totp': '使用身份验证器',
  'use.passkey': '使用通行密钥',
  'use.recovery': '使用恢复码',
  back: '返回',
  cancelled: '已取消',
  passkeyFailed: '通行密钥验证未完成，请重试',
  passkeyUnsupported: '此浏览器不支持通行密钥，请换用其他验证方式',
} as const;

const enUS = {
  title: 'Two-factor authentication',
  'hint.totp': 'Enter the 6-digit code from your authenticator app',
  'hint.passkey': 'Use a passkey of this account to finish signing in',
  'hint.recovery': 'Enter one of your unused recovery codes; each code works once',
  totpPlaceholder: '6-digit code',
  recoveryPlaceholder: 'Recovery code',
  totpRequired: 'Enter the 6-digit code',
  recoveryRequired: 'Enter a recovery code',
  verify: 'Verify',
  passkeyVerify: 'Verify with a passkey',
  'use.totp': 'Use the authenticator app',
  'use.passkey': 'Use a passkey',
  'use.recovery': 'Use a recovery code',
  back: 'Back',
  cancelled: 'Cancelled',
  passkeyFailed: 'The passkey check did not finish; please try again',
  passkeyUnsupported: 'This browser does not support passkeys; choose another method',
} satisfies Record<keyof typeof zhCN, string>;

export type SecondFactorText = keyof typeof zhCN;
export const tx = screenTexts<SecondFactorText>(zhCN, enUS);
