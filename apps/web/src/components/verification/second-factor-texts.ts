import { screenTexts } from '@/lib/i18n';

/**
 * Texts of the identity dialog's second-factor methods: they travel in the dialog's lazily loaded
 * chunk, not in the catalogue the sign-in page loads.
 */
const zhCN = {
  title: '验证身份',
  methodTotp: '身份验证器',
  methodPasskey: '通行密钥',
  totpHint: '请打开身份验证器应用，输入当前显示的 6 位验证码。',
  totpPlaceholder: '6 位动态验证码',
  totpRequired: '请输入动态验证码',
  totpFormat: '请输入 6 位数字验证码',
  passkeyHint: '使用此设备或安全密钥上保存的通行密钥验证身份。',
  passkeyStart: '使用通行密钥验证',
  passkeyFailed: '通行密钥验证失败，请重试',
  cancelled: '已取消',
} as const;

const enUS = {
  title: 'Verify your identity',
  methodTotp: 'Authenticator app',
  methodPasskey: 'Passkey',
  totpHint: 'Open your authenticator app and enter the 6-digit code it shows now.',
  totpPlaceholder: '6-digit code',
  totpRequired: 'Enter the code',
  totpFormat: 'Enter the 6-digit code',
  passkeyHint: 'Verify with a passkey saved on this device or on a security key.',
  passkeyStart: 'Verify with a passkey',
  passkeyFailed: 'Passkey verification failed. Please try again.',
  cancelled: 'Cancelled',
} satisfies Record<keyof typeof zhCN, string>;

export const sfx = screenTexts(zhCN, enUS);
