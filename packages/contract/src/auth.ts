import { Type } from 'typebox';
import { AccountInfo } from './accounts.js';
import { textKind } from './common.js';
import { defineRoute } from './define.js';
import { SignInResult } from './second-factor.js';

export const Resource = Type.Object({
  id: Type.Integer(),
  pid: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  /** 0 = route (menu), 1 = request (API resource). */
  type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  route: Type.Union([Type.String(), Type.Null()]),
  method: Type.Union([Type.String(), Type.Null()]),
  url: Type.Union([Type.String(), Type.Null()]),
  remark: Type.Union([Type.String(), Type.Null()]),
  orderNum: Type.Integer(),
  /** A menu's icon: the name of an antd icon (e.g. UserOutlined); null when it has none (always for APIs). */
  icon: Type.Union([Type.String(), Type.Null()]),
  /** Synchronised from the contract (or seeded): cannot be deleted, method/url fixed. */
  builtin: Type.Boolean(),
});

export const authRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    access: 'open',
    title: '健康检查',
    description: 'Answers 200 while the server and its database respond.',
    response: Type.Object({ status: Type.Literal('ok'), database: Type.String() }),
  }),
  login: defineRoute({
    method: 'POST',
    path: '/login',
    access: 'open',
    title: '登录',
    description:
      'Signs in; answers the session token (send it as `Authorization: <token>`). `captcha` is a token from GET /captcha/image/validate, required unless the server runs with LOGIN_CAPTCHA=off; it is spent by the attempt. For an account with a second factor the right password answers `{secondFactor, ticket}` instead, for POST /login/second-factor.',
    body: Type.Object(
      {
        account: Type.String({ minLength: 1, maxLength: 100, title: '账号' }),
        password: Type.String({ minLength: 1, maxLength: 128, title: '密码', ...textKind('secret') }),
        captcha: Type.Optional(
          Type.Union([Type.String({ maxLength: 512, title: '验证码' }), Type.Null()], { title: '验证码' }),
        ),
      },
      { additionalProperties: false },
    ),
    response: SignInResult,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/logout',
    access: 'signed-in',
    title: '退出登录',
    description: 'Ends the current session.',
    response: Type.Null(),
  }),
  getAccountInfo: defineRoute({
    method: 'GET',
    path: '/getAccountInfo',
    access: 'signed-in',
    title: '当前账号信息',
    description: 'The signed-in account.',
    response: AccountInfo,
  }),
  getPermissions: defineRoute({
    method: 'GET',
    path: '/getPermissions',
    access: 'signed-in',
    title: '当前账号权限',
    description:
      'Resources the signed-in account holds: its role’s resources plus the open and signed-in API resources; the super-admin holds all.',
    response: Type.Array(Resource),
  }),
};

/**
 * A 401 of a session that ended says why in this header (the body's `msg` is the same, worded for the request's
 * language): the web carries the reason to the sign-in page, which words it itself. Absent when the request
 * carried no token or one that was never valid.
 */
export const SESSION_END_HEADER = 'x-session-end';

/**
 * Why a session ended: `forced` by an administrator (强制下线), the account `disabled`, ended by its owner on
 * another device (`elsewhere`), `expired` (idle past the token's life or past the session's maximum age), the
 * `password` changed elsewhere, `replaced` by newer sign-ins beyond the per-account cap, access `restricted`
 * (ACCESS_CONTROL with no permitted screen), an identity switch `revoked`, or `ended` for any other reason.
 */
export const SESSION_END_REASONS = [
  'forced',
  'disabled',
  'elsewhere',
  'expired',
  'password',
  'replaced',
  'restricted',
  'revoked',
  'ended',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** A header or query value as a known reason, or undefined (anything else is ignored, never shown). */
export function sessionEndReason(value: unknown): SessionEndReason | undefined {
  return SESSION_END_REASONS.find((reason) => reason === value);
}
