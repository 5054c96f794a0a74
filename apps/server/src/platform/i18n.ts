import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The server's user-facing texts, zh-CN (the default) and en-US. Every `msg` the API answers comes from here;
 * the language is the request's (`Accept-Language`, see locale.ts), zh-CN outside a request.
 */
const zhCN = {
  ok: '操作成功',
  'auth.required': '未登录或登录已过期，请重新登录',
  'auth.sessionEnded': '登录已失效，请重新登录',
  'auth.accountDisabled': '账号已被禁用，请联系管理员',
  'auth.badCredentials': '账号或密码错误',
  'auth.forbidden': '无权访问“{title}”，请联系企业管理员',
  'validation.required': '请填写{field}',
  'validation.type': '{field}格式不正确',
  'validation.minLength': '{field}长度不能少于 {limit} 个字符',
  'validation.maxLength': '{field}长度不能超过 {limit} 个字符',
  'validation.minimum': '{field}不能小于 {limit}',
  'validation.maximum': '{field}不能大于 {limit}',
  'validation.enum': '{field}取值不正确',
  'validation.duplicate': '{field}不能重复',
  'validation.unknownField': '不支持的字段：{field}',
  'validation.format': '{field}格式不正确',
  'validation.body': '请求内容格式不正确',
  'validation.blank': '{field}不能为空白',
  'password.length': '密码长度应为 {min} 到 {max} 个字符',
  'password.common': '密码过于常见，请换一个更难猜的密码',
  'password.sameAsAccount': '密码不能与账号相同',
  'password.classes': '密码至少包含字母、数字、符号中的两类',
  'account.numberTaken': '账号“{accountNumber}”已存在',
  'account.notFound': '账号不存在或已被删除',
  'account.orgNotFound': '所属组织不存在',
  'account.roleNotFound': '角色不存在',
  'account.builtinDisable': '内置管理员账号不能被禁用',
  'account.builtinDelete': '内置管理员账号不能被删除',
  'account.builtinRole': '内置管理员账号必须保留超级管理员角色',
  'account.deleteSelf': '不能删除当前登录的账号',
  'account.disableSelf': '不能禁用当前登录的账号',
  'account.email': '邮箱格式不正确',
  'account.contactNumber': '联系电话格式不正确',
  'verify.captchaRequired': '请先完成图形验证码',
  'verify.captchaExpired': '图形验证码已失效，请刷新后重试',
  'verify.captchaWrong': '图形验证码错误',
  'verify.captchaLimit': '获取图形验证码过于频繁，请稍后再试',
  'verify.captchaTestText': '图形验证码答案（仅测试模式写入）',
  'verify.tokenInvalid': '验证凭证无效或已过期，请重新验证身份',
  'verify.tokenWrongUse': '该验证凭证不能用于此操作',
  'verify.tokenOtherAccount': '该验证凭证不属于当前账号',
  'verify.tokenOtherMobile': '短信验证码不是发给该手机号的',
  'verify.codeExpired': '验证码已失效，请重新获取',
  'verify.codeWrong': '验证码错误，还可尝试 {left} 次',
  'verify.codeExhausted': '验证码错误次数过多，请重新获取',
  'verify.resendWait': '发送过于频繁，请 {seconds} 秒后再试',
  'verify.recipientHourly': '该号码本小时接收验证码次数已达上限，请稍后再试',
  'verify.recipientDaily': '该号码今日接收验证码次数已达上限，请明天再试',
  'verify.clientLimit': '当前网络发送验证码次数过多，请稍后再试',
  'verify.mobileNotOwn': '手机号与当前账号绑定的手机号不一致',
  'verify.emailNotOwn': '邮箱与当前账号的安全邮箱不一致',
  'verify.mobileTaken': '该手机号已注册，请直接登录',
  'verify.passwordWrong': '密码错误',
  'verify.accountUnavailable': '账号不存在或已被禁用',
  'verify.registrationClosed': '暂未开放注册',
  'verify.registrationOrg': '注册账号所属的组织不存在，请联系管理员',
  'verify.registrationRole': '注册账号的默认角色不存在或不可用，请联系管理员',
  'verify.fieldOne': '请提供手机号或邮箱中的一项',
  'verify.smsText': '【Gatehouse】您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本短信。',
  'verify.emailSubject': 'Gatehouse 验证码',
  'verify.emailText': '您的 Gatehouse 验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本邮件。',
  'region.notFound': '地区不存在',
  'envelope.disabled': '未启用请求加密',
  'envelope.invalid': '加密请求无法解析，请重新登录后再试',
  'envelope.stale': '加密请求已过期，请检查本机时间后重试',
  'file.tooLarge': '文件大小超出限制（最大 {limit} MB）',
  'file.extension': '文件格式不正确：不支持 {ext} 文件',
  'file.content': '文件内容与扩展名 .{ext} 不符',
  'file.nameLength': '文件名不得超过 {max} 字符',
  'file.missing': '请选择要上传的文件',
  'file.notMultipart': '请以 multipart/form-data 方式上传文件',
  'file.notFound': '文件不存在或已被删除',
  'file.textTooLarge': '文档内容超出限制（最大 {limit} KB）',
  'file.textNotFound': '文档不存在',
  'account.switchSelf': '不能切换为当前登录的账号',
  'account.switchDisabled': '该账号已被禁用，不能切换',
  'account.switchExceeds': '该账号拥有您没有的权限，不能切换为该账号',
  'account.switchNested': '请先切换回原身份，再切换为其他账号',
  'account.notSwitched': '当前未切换身份',
  'account.originEnded': '原身份的登录已失效，请重新登录',
  'org.notFound': '组织不存在或已被删除',
  'org.parentNotFound': '上级组织不存在',
  'org.cycle': '不能把组织移动到它自己或它的下级组织之下',
  'org.hasChildren': '该组织下还有 {count} 个下级组织，请先删除或移走下级组织',
  'org.hasAccounts': '该组织下还有 {count} 个账号，请先删除或调走这些账号',
  'role.notFound': '角色不存在或已被删除',
  'role.nameTaken': '角色名称“{name}”已存在',
  'role.builtin': '超级管理员角色是内置角色，不能修改或删除',
  'role.inUse': '该角色正被 {count} 个账号使用，不能删除',
  'role.resourceNotFound': '权限不存在：{ids}',
  'role.resourceNotHeld': '不能授予您自己没有的权限：{names}',
  'resource.notFound': '资源不存在或已被删除',
  'resource.parentNotFound': '父级资源不存在',
  'resource.parentNotMenu': '父级必须是菜单（路由）类型的资源',
  'resource.cycle': '不能把资源移动到它自己或它的下级之下',
  'resource.hasChildren': '该资源下还有 {count} 个子资源，请先删除子资源',
  'resource.builtinDelete': '内置资源不能删除',
  'resource.builtinFixed': '内置资源的类型、路由、方法和 URL 不能修改',
  'resource.methodRequired': '请选择请求方法',
  'resource.urlRequired': '请填写 URL',
  'resource.urlFormat': 'URL 必须以 / 开头',
  'resource.routeFormat': '路由必须以 / 开头',
  'resource.duplicateApi': '已存在相同方法和 URL 的资源：{method} {url}',
  'dict.notFound': '字典不存在或已被删除',
  'dict.codeTaken': '字典CODE“{dictCode}”已存在',
  'dict.codeFixed': '字典CODE创建后不能修改',
  'dictItem.notFound': '字典数据不存在或已被删除',
  'dictItem.parentNotFound': '上级数据不存在',
  'dictItem.parentOtherDict': '上级数据必须属于同一个字典',
  'dictItem.cycle': '不能把数据移动到它自己或它的下级之下',
  'dictItem.hasChildren': '该数据下还有 {count} 个下级数据，请先删除下级数据',
  'setup.adminPassword': '管理员账号 admin 的初始密码（仅显示一次）: {password}',
  'http.notFound': '接口不存在：{method} {url}',
  'http.tooLarge': '请求内容过大',
  'http.internal': '服务异常，请稍后重试',
} as const;

export type MessageKey = keyof typeof zhCN;

/** en-US: every zh-CN key, checked by the compiler. */
const enUS: Record<MessageKey, string> = {
  ok: 'Success',
  'auth.required': 'Not signed in or the session expired; please sign in again',
  'auth.sessionEnded': 'The session has ended; please sign in again',
  'auth.accountDisabled': 'The account is disabled; please contact the administrator',
  'auth.badCredentials': 'Wrong account or password',
  'auth.forbidden': 'No access to “{title}”; please contact your administrator',
  'validation.required': 'Please fill in {field}',
  'validation.type': '{field} has the wrong format',
  'validation.minLength': '{field} must be at least {limit} characters',
  'validation.maxLength': '{field} must be at most {limit} characters',
  'validation.minimum': '{field} must not be less than {limit}',
  'validation.maximum': '{field} must not be greater than {limit}',
  'validation.enum': '{field} has an invalid value',
  'validation.duplicate': '{field} must not repeat',
  'validation.unknownField': 'Unsupported field: {field}',
  'validation.format': '{field} has the wrong format',
  'validation.body': 'The request body is malformed',
  'validation.blank': '{field} must not be blank',
  'password.length': 'The password must be {min} to {max} characters',
  'password.common': 'The password is too common; please choose one that is harder to guess',
  'password.sameAsAccount': 'The password must differ from the account',
  'password.classes': 'The password needs at least two of: letters, digits, symbols',
  'account.numberTaken': 'Account “{accountNumber}” already exists',
  'account.notFound': 'The account does not exist or was deleted',
  'account.orgNotFound': 'The organization does not exist',
  'account.roleNotFound': 'The role does not exist',
  'account.builtinDisable': 'The built-in administrator cannot be disabled',
  'account.builtinDelete': 'The built-in administrator cannot be deleted',
  'account.builtinRole': 'The built-in administrator must keep the super administrator role',
  'account.deleteSelf': 'You cannot delete the account you are signed in with',
  'account.disableSelf': 'You cannot disable the account you are signed in with',
  'account.email': 'Invalid email address',
  'account.contactNumber': 'Invalid phone number',
  'verify.captchaRequired': 'Please complete the image code first',
  'verify.captchaExpired': 'The image code expired; please refresh and retry',
  'verify.captchaWrong': 'Wrong image code',
  'verify.captchaLimit': 'Too many image codes requested; please retry later',
  'verify.captchaTestText': 'Image code answer (written in test mode only)',
  'verify.tokenInvalid': 'The verification token is invalid or expired; please verify your identity again',
  'verify.tokenWrongUse': 'This verification token cannot be used for this operation',
  'verify.tokenOtherAccount': 'This verification token belongs to another account',
  'verify.tokenOtherMobile': 'The SMS code was not sent to this mobile number',
  'verify.codeExpired': 'The code expired; please request a new one',
  'verify.codeWrong': 'Wrong code; {left} attempts left',
  'verify.codeExhausted': 'Too many wrong codes; please request a new one',
  'verify.resendWait': 'Sent too often; please retry in {seconds} seconds',
  'verify.recipientHourly': 'This recipient reached the hourly code limit; please retry later',
  'verify.recipientDaily': 'This recipient reached the daily code limit; please retry tomorrow',
  'verify.clientLimit': 'Too many codes sent from this network; please retry later',
  'verify.mobileNotOwn': 'The mobile number differs from the one bound to this account',
  'verify.emailNotOwn': 'The email differs from the security email of this account',
  'verify.mobileTaken': 'This mobile number is already registered; please sign in',
  'verify.passwordWrong': 'Wrong password',
  'verify.accountUnavailable': 'The account does not exist or is disabled',
  'verify.registrationClosed': 'Sign-up is not open',
  'verify.registrationOrg': 'The organization for new accounts does not exist; please contact the administrator',
  'verify.registrationRole':
    'The default role for new accounts is missing or unusable; please contact the administrator',
  'verify.fieldOne': 'Please give either a mobile number or an email',
  'verify.smsText':
    '[Gatehouse] Your code is {code}, valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  'verify.emailSubject': 'Gatehouse verification code',
  'verify.emailText':
    'Your Gatehouse code is {code}, valid for {minutes} minutes. If you did not ask for it, ignore this email.',
  'region.notFound': 'The region does not exist',
  'envelope.disabled': 'Request encryption is not enabled',
  'envelope.invalid': 'The encrypted request cannot be read; please sign in again and retry',
  'envelope.stale': 'The encrypted request expired; please check the clock of this device and retry',
  'file.tooLarge': 'The file is too large (at most {limit} MB)',
  'file.extension': 'Unsupported file type: {ext} files are not accepted',
  'file.content': 'The file content does not match its extension .{ext}',
  'file.nameLength': 'The file name must not exceed {max} characters',
  'file.missing': 'Please choose a file to upload',
  'file.notMultipart': 'Please upload files as multipart/form-data',
  'file.notFound': 'The file does not exist or was deleted',
  'file.textTooLarge': 'The document is too large (at most {limit} KB)',
  'file.textNotFound': 'The document does not exist',
  'account.switchSelf': 'You cannot switch to the account you are signed in with',
  'account.switchDisabled': 'This account is disabled and cannot be switched to',
  'account.switchExceeds': 'This account holds permissions you lack; you cannot switch to it',
  'account.switchNested': 'Please switch back to your own identity before switching to another account',
  'account.notSwitched': 'No identity switch is in force',
  'account.originEnded': 'The session of your original identity ended; please sign in again',
  'org.notFound': 'The organization does not exist or was deleted',
  'org.parentNotFound': 'The parent organization does not exist',
  'org.cycle': 'An organization cannot move under itself or one of its descendants',
  'org.hasChildren': 'This organization still has {count} child organizations; delete or move them first',
  'org.hasAccounts': 'This organization still has {count} accounts; delete or move them first',
  'role.notFound': 'The role does not exist or was deleted',
  'role.nameTaken': 'Role “{name}” already exists',
  'role.builtin': 'The super administrator role is built in and cannot be changed or deleted',
  'role.inUse': '{count} accounts use this role; it cannot be deleted',
  'role.resourceNotFound': 'Unknown permissions: {ids}',
  'role.resourceNotHeld': 'You cannot grant permissions you do not hold: {names}',
  'resource.notFound': 'The resource does not exist or was deleted',
  'resource.parentNotFound': 'The parent resource does not exist',
  'resource.parentNotMenu': 'The parent must be a menu (route) resource',
  'resource.cycle': 'A resource cannot move under itself or one of its descendants',
  'resource.hasChildren': 'This resource still has {count} children; delete them first',
  'resource.builtinDelete': 'Built-in resources cannot be deleted',
  'resource.builtinFixed': 'The type, route, method and URL of a built-in resource cannot change',
  'resource.methodRequired': 'Please choose the request method',
  'resource.urlRequired': 'Please fill in the URL',
  'resource.urlFormat': 'The URL must start with /',
  'resource.routeFormat': 'The route must start with /',
  'resource.duplicateApi': 'A resource with the same method and URL exists: {method} {url}',
  'dict.notFound': 'The dictionary does not exist or was deleted',
  'dict.codeTaken': 'Dictionary CODE “{dictCode}” already exists',
  'dict.codeFixed': 'The dictionary CODE cannot change after creation',
  'dictItem.notFound': 'The dictionary item does not exist or was deleted',
  'dictItem.parentNotFound': 'The parent item does not exist',
  'dictItem.parentOtherDict': 'The parent item must belong to the same dictionary',
  'dictItem.cycle': 'An item cannot move under itself or one of its descendants',
  'dictItem.hasChildren': 'This item still has {count} child items; delete them first',
  'setup.adminPassword': 'Initial password of the admin account (shown once): {password}',
  'http.notFound': 'No such API: {method} {url}',
  'http.tooLarge': 'The request body is too large',
  'http.internal': 'Server error; please retry later',
};

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const catalogues: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

/** The language of the request being served (set per request by installLocale); none outside a request. */
export const localeContext = new AsyncLocalStorage<Locale>();

export const currentLocale = (): Locale => localeContext.getStore() ?? DEFAULT_LOCALE;

/**
 * The best of our locales for an `Accept-Language` header: the first listed (by weight) whose language is
 * English picks en-US, Chinese picks zh-CN; nothing usable picks the default.
 */
export function pickLocale(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranges = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag !== '' && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}

/** A text in the current request's language (`locale` to override it). */
export function t(key: MessageKey, params: Record<string, string | number> = {}, locale = currentLocale()): string {
  return catalogues[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
