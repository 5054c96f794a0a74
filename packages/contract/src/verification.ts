import { Type } from 'typebox';
import { textKind } from './common.js';
import { defineRoute } from './define.js';
import { PASSWORD_CLASS_KINDS, PASSWORD_MAX, PASSWORD_MIN } from './password-policy.js';
import { SignInResult } from './second-factor.js';

/** Mainland mobile numbers, optionally prefixed +86 / 0086 (specification §5); stored without the prefix. */
export const MOBILE_PATTERN = '^(?:\\+86|0086)?1\\d{10}$';
/**
 * A telephone number that is not an account's own contact (an organisation's 联系电话): a mobile number as above, a
 * landline with its area code (010-12345678, 0512 6688 8888 written without spaces, an extension after a second
 * '-'), or a 400/800 service number.
 */
export const TELEPHONE_PATTERN =
  '^(?:(?:\\+86|0086)?1\\d{10}|0\\d{2,3}-?\\d{7,8}(?:-\\d{1,6})?|[48]00-?\\d{3}-?\\d{4})$';
export const TELEPHONE_MAX = 30;
export const EMAIL_MAX = 254;
/** Opaque single-use tokens and one-shot ids answered by the verification calls. */
const TOKEN_MAX = 200;
/**
 * The wait between two codes to one recipient (specification §9: 30 s): the server's default VERIFY_RESEND_SECONDS.
 * The web counts down what GET /auth/options answers (`verifyResendSeconds`); this is its value until then.
 */
export const SMS_RESEND_SECONDS = 30;
/** How long an image captcha's id stays valid when the answer does not say (VERIFY_CAPTCHA_TTL_SECONDS' default). */
export const CAPTCHA_TTL_SECONDS = 300;
export const CAPTCHA_SIZE = { width: 76, height: 38 } as const;

/** Turns `+8613812345678` / `008613812345678` into `13812345678`; other strings are answered trimmed. */
export function normaliseMobile(mobile: string): string {
  return mobile.trim().replace(/^(?:\+86|0086)(?=1\d{10}$)/, '');
}

const mobile = Type.String({ minLength: 1, maxLength: 20, pattern: MOBILE_PATTERN, title: '手机号' });
const email = Type.String({ minLength: 3, maxLength: EMAIL_MAX, format: 'email', title: '邮箱' });
const captchaToken = (title: string) => Type.String({ minLength: 1, maxLength: TOKEN_MAX, title });
const optionalCaptcha = Type.Optional(
  Type.Union([captchaToken('图形验证码'), Type.Null()], {
    title: '图形验证码',
    description: 'Token from GET /captcha/image/validate; required when the caller has no session.',
  }),
);

const IdAndInput = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: TOKEN_MAX, title: '验证码 ID' }),
    userInput: Type.String({ minLength: 1, maxLength: 20, title: '验证码' }),
  },
  { additionalProperties: false },
);

const SmsSendBody = Type.Object({ mobile, captcha: optionalCaptcha }, { additionalProperties: false });
const SentId = Type.Object({ id: Type.String() });

/** What the sign-in and registration pages need to know before they render. */
export const AuthOptions = Type.Object({
  /** Sign-in needs an image-captcha token. */
  loginCaptcha: Type.Boolean(),
  /** Self-registration by mobile number is open. */
  registration: Type.Boolean(),
  /** Access-control mode: routes and menus limited to the permitted menu routes (specification §4). */
  accessControl: Type.Boolean(),
  /** Calls outside the account's resources are refused in the browser before they are sent (specification §6). */
  permissionInterceptor: Type.Boolean(),
  /** Signed-in calls travel wrapped in request envelopes (obfuscation, see envelope.ts). */
  encryption: Type.Boolean(),
  /** Seconds before a code may be sent again to the same recipient (VERIFY_RESEND_SECONDS): the web's countdown. */
  verifyResendSeconds: Type.Integer({ minimum: 0 }),
  /** The password policy in force (系统参数): the shortest new password. */
  passwordMinLength: Type.Integer({ minimum: PASSWORD_MIN, maximum: PASSWORD_MAX }),
  /** The password policy in force: how many kinds of characters (letters, digits, others) a new password mixes. */
  passwordClasses: Type.Integer({ minimum: 1, maximum: PASSWORD_CLASS_KINDS }),
});

/**
 * What every SMS-sending route's description ends with. Each is a `defineRoute` literal of its own: the web build
 * drops a literal's documentation and schemas (apps/web/scripts/slim-contract.mjs), not a helper's arguments.
 */
const SMS_SEND_NOTE =
  " Without a session the body must carry an image-captcha token. Answers the code's one-shot id; the code goes to the SMS provider (the outbox by default). Rate-limited per number and per client (429).";

export const verificationRoutes = {
  authOptions: defineRoute({
    method: 'GET',
    path: '/auth/options',
    access: 'open',
    title: '登录选项',
    description:
      'The server-wide switches the web app follows: sign-in captcha, self-registration, access-control mode, the permission interceptor, request encryption, and the wait between two verification codes.',
    response: AuthOptions,
  }),
  imageCaptcha: defineRoute({
    method: 'GET',
    path: '/captcha/image',
    access: 'open',
    title: '获取图形验证码',
    description:
      'A new image captcha: {id, content} with content a WebP data URL (`data:image/webp;base64,…`) drawn at twice the asked size, for sharp display at that size (76×38 unless asked otherwise, so 152×76 pixels). The id allows one validation attempt and expires after `expiresIn` seconds (5 minutes by default).',
    query: Type.Object(
      {
        width: Type.Optional(Type.Integer({ minimum: 60, maximum: 300, title: '宽度' })),
        height: Type.Optional(Type.Integer({ minimum: 30, maximum: 150, title: '高度' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({
      id: Type.String(),
      content: Type.String(),
      /** Seconds the id stays valid (VERIFY_CAPTCHA_TTL_SECONDS): the web loads a new image shortly before. */
      expiresIn: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
  }),
  validateImageCaptcha: defineRoute({
    method: 'GET',
    path: '/captcha/image/validate',
    access: 'open',
    title: '校验图形验证码',
    description:
      'Checks the answer (case-insensitive) and uses the id up whatever the outcome; answers a single-use token valid for a few minutes.',
    query: IdAndInput,
    response: Type.String(),
  }),
  sendSms: defineRoute({
    method: 'POST',
    path: '/captcha/sms',
    access: 'open',
    title: '发送短信验证码',
    description:
      'Identity verification: with a session the number must be the account’s own mobile (手机号码); without one it is the reset flavour.' +
      SMS_SEND_NOTE,
    body: SmsSendBody,
    response: SentId,
  }),
  sendSmsRegister: defineRoute({
    method: 'POST',
    path: '/captcha/sms/register',
    access: 'open',
    title: '发送注册短信验证码',
    description: `Registration: refused when the number already belongs to an account.${SMS_SEND_NOTE}`,
    body: SmsSendBody,
    response: SentId,
  }),
  sendSmsLogin: defineRoute({
    method: 'POST',
    path: '/captcha/sms/login',
    access: 'open',
    title: '发送登录短信验证码',
    description:
      'Sign-in by SMS: sent only when exactly one account has this mobile (the answer looks the same otherwise); a disabled account is told so by POST /login/sms once the code proved the number.' +
      SMS_SEND_NOTE,
    body: SmsSendBody,
    response: SentId,
  }),
  sendSmsReset: defineRoute({
    method: 'POST',
    path: '/captcha/sms/reset-password',
    access: 'open',
    title: '发送找回密码短信验证码',
    description:
      'Password recovery: sent only when exactly one account has this mobile (the answer looks the same otherwise).' +
      SMS_SEND_NOTE,
    body: SmsSendBody,
    response: SentId,
  }),
  validateSms: defineRoute({
    method: 'GET',
    path: '/captcha/sms/validate',
    access: 'open',
    title: '校验短信验证码',
    description:
      'Checks an SMS code (a few attempts per code, then it is void); answers a single-use token bound to the purpose and the number.',
    query: IdAndInput,
    response: Type.String(),
  }),
  sendEmailCode: defineRoute({
    method: 'GET',
    path: '/emailValidCode',
    access: 'open',
    title: '发送邮箱验证码',
    description:
      'Sends a code by e-mail (SMTP when SMTP_URL is set, the outbox otherwise). With a session the address must be the account’s own; without one it is the reset flavour and needs an image-captcha token.',
    query: Type.Object({ email, captcha: optionalCaptcha }, { additionalProperties: false }),
    response: SentId,
  }),
  validateEmailCode: defineRoute({
    method: 'GET',
    path: '/emailValidCode/valid',
    access: 'open',
    title: '校验邮箱验证码',
    description: 'Checks an e-mail code; answers a single-use token bound to the address.',
    query: IdAndInput,
    response: Type.String(),
  }),
  sendProfileMobileCode: defineRoute({
    method: 'POST',
    path: '/account/profile/mobile/code',
    access: 'signed-in',
    security: ['contact'],
    title: '发送新手机号验证码',
    description:
      'Sends a code to a mobile number the signed-in account wants as its own; validated through /captcha/sms/validate, its token goes to PUT /account/profile as `mobileToken`, which refuses a number another account holds (told only then, so this call is no directory of numbers). Rate-limited like every code.',
    body: Type.Object({ mobile }, { additionalProperties: false }),
    response: SentId,
  }),
  sendProfileEmailCode: defineRoute({
    method: 'POST',
    path: '/account/profile/email/code',
    access: 'signed-in',
    security: ['contact'],
    title: '发送新邮箱验证码',
    description:
      'Sends a code to an e-mail address the signed-in account wants as its own; validated through /emailValidCode/valid, its token goes to PUT /account/profile as `emailToken`, which refuses an address another account holds. Rate-limited like every code.',
    body: Type.Object({ email }, { additionalProperties: false }),
    response: SentId,
  }),
  validatePassword: defineRoute({
    method: 'POST',
    path: '/auth/password/validate',
    access: 'signed-in',
    title: '校验当前密码',
    description: 'Checks the signed-in account’s password; answers a single-use token for PUT /auth/password.',
    body: Type.Object(
      { password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, title: '密码', ...textKind('secret') }) },
      { additionalProperties: false },
    ),
    response: Type.String(),
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/auth/password',
    access: 'open',
    security: ['credential'],
    title: '修改密码',
    description:
      'Sets a new password with a token from password validation, or from an e-mail / SMS code sent to the account’s address or mobile (the reset flavour works without a session). A captcha token never does. The token is used up; the account’s other sessions end.',
    body: Type.Object(
      {
        newPassword: Type.String({
          minLength: PASSWORD_MIN,
          maxLength: PASSWORD_MAX,
          title: '新密码',
          ...textKind('secret'),
        }),
        token: captchaToken('验证凭证'),
      },
      { additionalProperties: false },
    ),
    response: Type.Null(),
  }),
  register: defineRoute({
    method: 'POST',
    path: '/account/admin/register/noAuth',
    access: 'open',
    security: ['credential'],
    title: '注册账号',
    description:
      'Self-registration with a token from a register-flavour SMS code: the account number and mobile are the number, the name is 姓名, the company is kept; the organisation and role come from the configuration. With REGISTRATION=approval the account is created disabled and pending (`pendingApproval` true) until an administrator enables it.',
    body: Type.Object(
      {
        mobile,
        token: captchaToken('短信验证凭证'),
        name: Type.String({ minLength: 1, maxLength: 100, title: '姓名' }),
        company: Type.String({ minLength: 1, maxLength: 100, title: '工作单位' }),
        password: Type.String({
          minLength: PASSWORD_MIN,
          maxLength: PASSWORD_MAX,
          title: '密码',
          ...textKind('secret'),
        }),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({
      id: Type.Integer(),
      accountNumber: Type.String(),
      /** REGISTRATION=approval: the account waits, disabled, for an administrator to enable it. */
      pendingApproval: Type.Boolean(),
    }),
  }),
  smsLogin: defineRoute({
    method: 'POST',
    path: '/login/sms',
    access: 'open',
    title: '短信验证码登录',
    description: 'Signs in with a token from a login-flavour SMS code; answers the session token.',
    body: Type.Object({ token: captchaToken('短信验证凭证') }, { additionalProperties: false }),
    response: SignInResult,
  }),
  findUserByField: defineRoute({
    method: 'GET',
    path: '/user/field',
    access: 'permission',
    security: ['personal'],
    title: '按手机号或邮箱查找账号',
    menu: '/user/Account',
    description: 'The account whose mobile (手机号码) or e-mail matches, or null. Exactly one of mobile and email.',
    query: Type.Object(
      {
        mobile: Type.Optional(Type.String({ minLength: 1, maxLength: 20, pattern: MOBILE_PATTERN, title: '手机号' })),
        email: Type.Optional(Type.String({ minLength: 3, maxLength: EMAIL_MAX, format: 'email', title: '邮箱' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Union([Type.Object({ id: Type.Integer(), accountNumber: Type.String() }), Type.Null()]),
  }),
};
