import { Type } from 'typebox';
import { ExportQuery, NullableTimestamp, Page, PageQuery, sortQuery, TimeInput, Timestamp } from './common.js';
import { defineRoute } from './define.js';

/** Why a sign-in ended as it did (the log's reason codes; ADR 0011). */
export const SIGNIN_REASONS = [
  'ok',
  'bad_credentials',
  'unknown_account',
  'disabled',
  'locked',
  'captcha_required',
  'captcha_wrong',
  'rate_limited',
  'busy',
  'code_invalid',
  'no_access',
] as const;
export type SignInReasonCode = (typeof SIGNIN_REASONS)[number];

/** How a sign-in (or a signed-in account's own check) proved who it was. */
export const SIGNIN_METHODS = ['password', 'sms', 'password_check', 'totp', 'passkey', 'recovery'] as const;
export type SignInMethodCode = (typeof SIGNIN_METHODS)[number];

/**
 * What an entry records: `signin` a sign-in attempt (a success opened a session: the dashboard's 今日登录 counts
 * these), `first_factor` a right password or SMS code that asked for the second step, `verification` a signed-in
 * account proving who it is (its password checked again, a step-up with the authenticator app or a passkey).
 */
export const SIGNIN_KINDS = ['signin', 'first_factor', 'verification'] as const;
export type SignInKindCode = (typeof SIGNIN_KINDS)[number];

/** At most this many rows go into one CSV export (the newest first); narrow the filters for more. */
export const SIGNIN_EXPORT_MAX_ROWS = 10_000;

export const SignInLogEntry = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  /** The account number as typed (or the mobile number of an SMS sign-in). */
  account: Type.String(),
  /** The account it named, when one exists. */
  accountId: Type.Union([Type.Integer(), Type.Null()]),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
  reason: Type.String(),
  /**
   * password_check: a signed-in account checking its own password (POST /auth/password/validate); totp, passkey,
   * recovery: a second step of a sign-in, a passkey sign-in, or an identity verification with that factor.
   */
  method: Type.Union([
    Type.Literal('password'),
    Type.Literal('sms'),
    Type.Literal('password_check'),
    Type.Literal('totp'),
    Type.Literal('passkey'),
    Type.Literal('recovery'),
  ]),
  kind: Type.Union([Type.Literal('signin'), Type.Literal('first_factor'), Type.Literal('verification')]),
  ip: Type.String(),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  /**
   * Attempts this entry stands for: a refusal one client repeats (locked, rate-limited, captcha, busy,
   * invalid code) is recorded a few times per account number and ten minutes, then added here; past 20 such entries
   * of a client in ten minutes, further account numbers' refusals add to one entry per method and reason with an
   * empty account. Absent or 1: the entry is one attempt.
   */
  repeats: Type.Optional(Type.Integer({ minimum: 1 })),
  /** The newest attempt added to this entry (with `repeats` above 1). */
  lastAt: Type.Optional(NullableTimestamp),
});

const filters = {
  account: Type.Optional(Type.String({ maxLength: 100, title: '账号' })),
  /** '' (all) is what an emptied select sends. */
  outcome: Type.Optional(
    Type.Unsafe<'success' | 'failure' | ''>({
      type: 'string',
      enum: ['success', 'failure', ''],
      maxLength: 7,
      title: '结果',
    }),
  ),
  /** '' (all) is what an emptied select sends. */
  kind: Type.Optional(
    Type.Unsafe<SignInKindCode | ''>({ type: 'string', enum: [...SIGNIN_KINDS, ''], maxLength: 16, title: '类型' }),
  ),
  ip: Type.Optional(Type.String({ maxLength: 64, title: 'IP 地址' })),
  startTime: Type.Optional(TimeInput('开始时间')),
  endTime: Type.Optional(TimeInput('结束时间')),
};

/** The sign-in log can only be read: no route writes, edits or deletes its entries. */
export const signinLogRoutes = {
  listSigninLog: defineRoute({
    method: 'GET',
    path: '/signin-log/s',
    access: 'permission',
    security: ['personal'],
    title: '登录日志列表',
    menu: '/monitor/LoginLog',
    screen: true,
    description:
      'One page of sign-in log entries, newest first (`sort=at&order=asc`: oldest first). account filters by substring, ip by prefix, outcome and kind exactly, startTime/endTime (epoch milliseconds or ISO 8601) bound the time.',
    query: Type.Object({ ...PageQuery, ...sortQuery(['at'] as const), ...filters }, { additionalProperties: false }),
    response: Page(SignInLogEntry),
  }),
  exportSigninLog: defineRoute({
    method: 'GET',
    path: '/signin-log/export',
    access: 'permission',
    security: ['personal'],
    sudo: true,
    transport: 'file',
    title: '导出登录日志',
    menu: '/monitor/LoginLog',
    description: `The entries matching the filters (newest first, at most ${SIGNIN_EXPORT_MAX_ROWS}) as a UTF-8 CSV file with a byte-order mark (the default), or an XLSX file with \`format=xlsx\` (the time a date cell); CSV cells starting with = + - @ are prefixed with ' so spreadsheets do not run them. The x-total-rows header counts the rows.`,
    query: Type.Object({ ...filters, format: ExportQuery.format }, { additionalProperties: false }),
    response: Type.Unsafe<never>({ type: 'string', format: 'binary' }),
  }),
};

export const signInRoutes = {
  loginCaptchaState: defineRoute({
    method: 'GET',
    path: '/login/captcha',
    access: 'open',
    title: '登录是否需要验证码',
    description:
      'Whether the next password sign-in of this account number needs an image captcha: always with LOGIN_CAPTCHA=on, else after a few consecutive failures. Known and unknown numbers answer alike.',
    query: Type.Object(
      { account: Type.String({ minLength: 1, maxLength: 100, title: '账号' }) },
      { additionalProperties: false },
    ),
    response: Type.Object({ required: Type.Boolean() }),
  }),
};

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bMicroMessenger\/(\d+)/, 'WeChat'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short name of the browser and system behind a user-agent string, e.g. "Chrome 140 · Windows"; other
 * clients by their first product token ("curl 8"); '' for none. The one parser behind every screen that shows a
 * browser (在线用户, 登录设备, 登录日志, 操作日志) and the sign-in log's CSV.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return '';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  for (const [re, name] of BROWSERS) {
    const match = re.exec(ua);
    if (match) return system ? `${name} ${match[1]} · ${system}` : `${name} ${match[1]}`;
  }
  const product = /^([\w.-]+)\/(\d+)/.exec(ua);
  if (product) return `${product[1]} ${product[2]}`;
  return ua.slice(0, 40);
}
