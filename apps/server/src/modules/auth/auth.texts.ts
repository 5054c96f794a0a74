import { defineTexts } from '../../platform/texts.js';

/**
 * The words the auth module raises: sign-in required, sessions ended and why, no access, the identity switch's
 * refusals, a password or a second factor required before going on.
 */
export const authTexts = defineTexts({
  'zh-CN': {
    'auth.required': '未登录或登录已过期，请重新登录',
    'auth.sessionEnded': '登录已失效，请重新登录',
    'auth.accountDisabled': '账号已被禁用，请联系管理员',
    'auth.forcedOut': '您已被管理员强制下线，请重新登录',
    'auth.endedElsewhere': '此登录已在其他设备上被下线，请重新登录',
    'auth.sessionExpired': '登录已过期，请重新登录',
    'auth.passwordChanged': '密码已修改，请用新密码重新登录',
    'auth.sessionReplaced': '该账号在其他设备登录过多，此处已下线，请重新登录',
    'auth.forbidden': '无权访问“{title}”，请联系企业管理员',
    'account.switchSelf': '不能切换为当前登录的账号',
    'account.switchDisabled': '该账号已被禁用，不能切换',
    'account.switchNested': '请先切换回原身份，再切换为其他账号',
    'account.notSwitched': '当前未切换身份',
    'account.originEnded': '原身份的登录已失效，请重新登录',
    'account.switchRevoked': '代操作已失效：原账号已被禁用、失去切换身份权限或不再拥有该账号的全部权限，请重新登录',
    'auth.accessRestricted': '账号访问受限, 请联系系统管理员！',
    'session.mustChangePassword': '请先修改初始密码',
    'secondFactor.enrolRequired': '您的角色要求启用双因素认证，请先添加身份验证器或通行密钥',
  },
  'en-US': {
    'auth.required': 'Not signed in or the session expired; please sign in again',
    'auth.sessionEnded': 'The session has ended; please sign in again',
    'auth.accountDisabled': 'The account is disabled; please contact the administrator',
    'auth.forcedOut': 'An administrator signed you out; please sign in again',
    'auth.endedElsewhere': 'This sign-in was ended from another device; please sign in again',
    'auth.sessionExpired': 'Your session expired; please sign in again',
    'auth.passwordChanged': 'The password was changed; please sign in with the new one',
    'auth.sessionReplaced': 'Signed out here because the account signed in on too many devices; please sign in again',
    'auth.forbidden': 'No access to “{title}”; please contact your administrator',
    'account.switchSelf': 'You cannot switch to the account you are signed in with',
    'account.switchDisabled': 'This account is disabled and cannot be switched to',
    'account.switchNested': 'Please switch back to your own identity before switching to another account',
    'account.notSwitched': 'No identity switch is in force',
    'account.originEnded': 'The session of your original identity ended; please sign in again',
    'account.switchRevoked':
      'The identity switch ended: the original account was disabled, lost the switch permission or no longer holds all of this account’s permissions; please sign in again',
    'auth.accessRestricted': 'Account access is restricted, please contact the administrator!',
    'session.mustChangePassword': 'Please change your initial password first',
    'secondFactor.enrolRequired':
      'Your role requires two-factor authentication: add an authenticator app or a passkey first',
  },
});
