import { signInLogWords } from '@gatehouse/contract';
import { defineTexts } from '../../platform/texts.js';

/**
 * The words sign-in raises: wrong credentials, a disabled or unapproved account, locks and limits, and the sign-in
 * log's export (its words declared in the contract).
 */
export const signinTexts = defineTexts({
  'zh-CN': {
    'auth.badCredentials': '账号或密码错误',
    'auth.signInDisabled': '账号已禁用',
    'auth.pendingApproval': '账号待审核，请等待管理员启用',
    'verify.passwordWrong': '密码错误',
    'signin.secondFactorLocked': '双因素验证失败次数过多，请 {minutes} 分钟后再试',
    'signin.locked': '登录失败次数过多，账号已临时锁定，请 {minutes} 分钟后再试',
    'signin.accountHourly': '该账号登录尝试过于频繁，请 1 小时后再试',
    'signin.clientDaily': '当前网络今日登录失败次数过多，请明天再试',
    'signin.captchaRequired': '登录失败次数较多，请输入图形验证码',
    'signinLog.csvHeader': '时间,账号,结果,原因,IP,浏览器,方式,类型',
    'signinLog.sheetName': '登录日志',
    // The log's outcome, method, reason and kind words: declared once in the contract (signin-log.words.ts).
    ...signInLogWords('zh-CN'),
  },
  'en-US': {
    'auth.badCredentials': 'Wrong account or password',
    'auth.signInDisabled': 'The account is disabled',
    'auth.pendingApproval': 'The account awaits approval; please wait until an administrator enables it',
    'verify.passwordWrong': 'Wrong password',
    'signin.secondFactorLocked': 'Too many failed two-factor checks; try again in {minutes} minutes',
    'signin.locked': 'Too many failed sign-ins; the account is locked for now, please retry in {minutes} minutes',
    'signin.accountHourly': 'Too many sign-in attempts for this account; please retry in an hour',
    'signin.clientDaily': 'Too many failed sign-ins from this network today; please retry tomorrow',
    'signin.captchaRequired': 'Several sign-ins failed; please enter the image captcha',
    'signinLog.csvHeader': 'Time,Account,Result,Reason,IP,Browser,Method,Kind',
    'signinLog.sheetName': 'Sign-in log',
    ...signInLogWords('en-US'),
  },
});
