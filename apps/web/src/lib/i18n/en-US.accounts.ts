import type { zhCNAccounts } from './zh-CN.accounts';

/** en-US texts of the accounts screen added with the tabbed shell; every zh-CN key, checked by the compiler. */
export const enUSAccounts = {
  'account.import': 'Import',
  'account.importTitle': 'Import accounts',
  'account.contactNumberInvalid': 'The mobile number is not valid',
  'account.fieldMustChangePassword': 'Change password at first sign-in',
  'account.mustChangePasswordHint': 'At its first sign-in the account must replace the password you set',
  'account.roleLockedBuiltin': 'The built-in admin account always has the super-admin role',
  'account.roleNoList': 'You lack the “Role list” permission, so the role cannot be changed',
  'account.pendingButton': 'Pending {count}',
  'account.pendingActive': 'Pending ({count}) · show all',
  'account.pendingTag': 'Pending',
  'account.pendingTitle': 'Self-registered; enabling it approves it',
  'account.registerPending': 'Registered. You can sign in once an administrator has approved the account',
  'account.ownContactHint': 'Your own mobile number and e-mail are changed or verified with a code, not here.',
  'account.ownContactLink': 'Open Profile',

  'account.colSecondFactor': '2FA',
  'account.secondFactorOn': 'On',
  'account.secondFactorOff': 'Off',
  'account.resetSecondFactor': 'Reset 2FA',
  'account.resetSecondFactorTitle': 'Reset the second factor of {account}?',
  'account.resetSecondFactorConfirm':
    'This removes the account’s authenticator app, passkeys and recovery codes (a lost phone, say). It then signs in with its password alone; if its role requires a second factor, it must add one again at its next sign-in.',
  'account.secondFactorReset': 'Second factor reset',
  'account.fieldPosts': 'Posts',
  'account.colPosts': 'Posts',
  'account.postsNoList': 'You lack the “Post list” permission, so the posts cannot be changed',
} as const satisfies Record<keyof typeof zhCNAccounts, string>;
