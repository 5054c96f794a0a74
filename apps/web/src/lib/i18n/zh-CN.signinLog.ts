/** zh-CN texts of the 登录日志 screen and the sign-in page's brute-force hints (merged by ./index.ts). */
export const zhCNSigninLog = {
  'loginGuard.captchaHint': '登录失败次数较多，请输入图形验证码',
} as const;
