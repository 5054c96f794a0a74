/** zh-CN texts of the verify area; merged into the one catalogue by index.ts. */
export const zhCNVerify = {
  // Image captcha (reference UI §1.2, specification §5)
  'verify.captchaPlaceholder': '验证码',
  'verify.captchaLoadingImage': '加载中...',
  'verify.captchaLoadFailed': '加载失败',
  'verify.captchaReload': '看不清？换一张',
  'verify.captchaRequired': '请填写验证码',
  // The original component's text for a check while the image is still loading (specification §5).
  'verify.captchaLoading': 'loading',
  'verify.checkFailed': '验证失败，请重试',

  // SMS / e-mail code input (reference UI §1.3)
  'verify.codePlaceholder': '请输入验证码',
  'verify.sendCode': '获取验证码',
  'verify.countdown': '{seconds}s',
  'verify.codeNotSent': '请先发送验证码',
  'verify.smsSendFailed': '验证码发送失败，请稍后重试',
  'verify.emailSendFailed': '验证邮件发送失败，请稍后重试',

  // Password-strength input (reference UI §1.13)
  'verify.passwordPlaceholder': '请输入密码',
  'verify.strength0': '弱',
  'verify.strength1': '中',
  'verify.strength2': '强',
  'verify.strength3': '很强',
  'verify.strengthLabel': '密码强度：{level}',

  // Identity-verification dialog (reference UI §3)
  'verify.title': '验证身份（{method}）',
  'verify.methodPassword': '密码验证',
  'verify.methodEmail': '邮箱验证',
  'verify.methodMobile': '手机验证',
  'verify.methodCaptcha': '图形验证',
  'verify.notice': '为确保您的账号安全，请先验证身份',
  'verify.otherMethods': '其他验证方式',
  'verify.submit': '立即验证',
  'verify.failed': '验证失败',
  'verify.currentPasswordPlaceholder': '请输入当前登录密码',
  'verify.passwordRequired': '请输入密码',
  'verify.passwordInvalid': '请输入正确的密码',
  'verify.securityEmail': '安全邮箱：',
  'verify.emailPlaceholder': '请输入安全邮箱',
  'verify.emailRequired': '请输入安全邮箱',
  'verify.emailFormat': '邮箱格式不正确',
  'verify.emailMismatch': '邮箱不正确',
  'verify.noEmail': '当前账号未绑定邮箱，请选择其他验证方式',
  'verify.boundMobile': '绑定手机：',
  'verify.mobilePlaceholder': '请输入绑定手机',
  'verify.mobileRequired': '请输入绑定手机',
  'verify.mobileFormat': '手机号格式有误，请重新输入',
  'verify.mobileMismatch': '手机号不正确',
  'verify.noMobile': '当前账号未绑定手机号，请选择其他验证方式',
  'verify.codeRequired': '请输入验证码',
  'verify.codeLength': '请输入正确的验证码',
  'verify.sendCaptchaPlaceholder': '图形验证码',
  // Beside a contact its owner has not proven (an administrator set it): it receives no codes until proven.
  'verify.unverified': '未验证',
  'verify.unverifiedHint': '尚未经本人验证，不能接收验证码',
} as const;
