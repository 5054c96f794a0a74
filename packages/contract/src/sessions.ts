import { Type } from 'typebox';
import { BATCH_MAX, BatchResult, PageQuery, sortQuery, Timestamp } from './common.js';
import { defineRoute } from './define.js';

/** Session ids are UUIDs; bounded so a hostile id never reaches the database as a long string. */
const SessionIdQuery = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, title: '会话' }) },
  { additionalProperties: false },
);

/** Who really acts in a session opened by an identity switch (代操作). */
const SwitchedBy = Type.Union([Type.Object({ accountNumber: Type.String(), accountName: Type.String() }), Type.Null()]);

const sessionFields = {
  id: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  /** The browser's User-Agent as sent at sign-in (the client shortens it for display). */
  userAgent: Type.Union([Type.String(), Type.Null()]),
  signedInAt: Timestamp,
  /** Written at most once a minute, so up to a minute behind. */
  lastSeenAt: Timestamp,
  switchedBy: SwitchedBy,
  /** The session of the caller's own request. */
  current: Type.Boolean(),
};

/** A live session on the 在线用户 screen. */
export const OnlineSession = Type.Object({
  ...sessionFields,
  accountId: Type.Integer(),
  accountNumber: Type.String(),
  accountName: Type.String(),
  orgName: Type.String(),
});

/** One of the caller's own live sessions (personal page). */
export const OwnSession = Type.Object(sessionFields);

/** The columns the online list sorts by. */
export const ONLINE_SORTS = ['signedInAt', 'lastSeenAt'] as const;

export const sessionRoutes = {
  listOnline: defineRoute({
    method: 'GET',
    path: '/online/s',
    access: 'permission',
    security: ['personal'],
    title: '在线用户列表',
    menu: '/monitor/Online',
    screen: true,
    description:
      'One page of live sessions (not signed out, not past their absolute or idle end, a switched session only while its origin lives), most recently active first. `account` matches the account number or name by substring, `ip` the address by prefix.',
    query: Type.Object(
      {
        ...PageQuery,
        ...sortQuery(ONLINE_SORTS),
        account: Type.Optional(Type.String({ maxLength: 100, title: '账号' })),
        ip: Type.Optional(Type.String({ maxLength: 64, title: 'IP 地址' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({
      list: Type.Array(OnlineSession),
      totalPage: Type.Integer(),
      totalCount: Type.Integer(),
    }),
  }),
  forceLogout: defineRoute({
    method: 'DELETE',
    path: '/online',
    access: 'permission',
    security: ['sessions'],
    subjects: [{ kind: 'session', in: 'query', field: 'id' }],
    title: '强制下线',
    menu: '/monitor/Online',
    description:
      'Ends a session (强制下线) and every identity-switch session opened from it; its next request answers 401. The caller’s own current session (or the one it switched from) cannot be ended this way.',
    query: SessionIdQuery,
    response: Type.Null(),
  }),
  batchForceLogout: defineRoute({
    method: 'POST',
    path: '/online/batch-logout',
    access: 'permission',
    security: ['sessions'],
    title: '批量强制下线',
    menu: '/monitor/Online',
    description:
      'Ends the sessions `ids` under the rules of DELETE /online (dominance, not the caller’s own session), in one transaction for the sessions it accepts; answers which ended and why each other one did not.',
    body: Type.Object(
      {
        ids: Type.Array(Type.String({ minLength: 1, maxLength: 64, title: '会话' }), {
          minItems: 1,
          maxItems: BATCH_MAX,
          uniqueItems: true,
          title: '所选会话',
        }),
      },
      { additionalProperties: false },
    ),
    response: BatchResult(Type.String()),
  }),
  listOwnSessions: defineRoute({
    method: 'GET',
    path: '/account/sessions',
    access: 'signed-in',
    title: '我的登录设备',
    description: 'The signed-in account’s live sessions, the current one first and marked `current`.',
    response: Type.Array(OwnSession),
  }),
  endOwnSession: defineRoute({
    method: 'DELETE',
    path: '/account/sessions',
    access: 'signed-in',
    security: ['sessions'],
    title: '下线我的设备',
    description:
      'Ends one of the signed-in account’s other sessions (and switched sessions opened from it). The current session signs out through POST /logout.',
    query: SessionIdQuery,
    response: Type.Null(),
  }),
  endOtherOwnSessions: defineRoute({
    method: 'DELETE',
    path: '/account/sessions/others',
    access: 'signed-in',
    security: ['sessions'],
    title: '退出其他设备',
    description: 'Ends every live session of the signed-in account except the current one; answers how many ended.',
    response: Type.Object({ ended: Type.Integer() }),
  }),
};
