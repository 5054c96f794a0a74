import { Type } from 'typebox';
import { AccountInfo } from './accounts.js';
import { textKind } from './common.js';
import { defineRoute } from './define.js';

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
      'Signs in; answers the session token (send it as `Authorization: <token>`). `captcha` is a token from GET /captcha/image/validate, required unless the server runs with LOGIN_CAPTCHA=off; it is spent by the attempt.',
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
    response: Type.String(),
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
