import { Type } from 'typebox';
import { Timestamp } from './common.js';
import { defineRoute } from './define.js';

export const Overview = Type.Object({
  accounts: Type.Object({ total: Type.Integer(), enabled: Type.Integer(), disabled: Type.Integer() }),
  orgs: Type.Integer(),
  roles: Type.Integer(),
  dicts: Type.Integer(),
  /** Sessions opened today (UTC+8 calendar day) and live right now. */
  signInsToday: Type.Integer(),
  liveSessions: Type.Integer(),
  /** Top organisations by the accounts directly in them, largest first (at most 10). */
  accountsPerOrg: Type.Array(Type.Object({ orgId: Type.Integer(), name: Type.String(), count: Type.Integer() })),
  /**
   * New accounts per day over the last 30 days (oldest first, days without any included). `date` is a calendar
   * day (YYYY-MM-DD, UTC+8), not a point in time, so it is no epoch-ms time (ADR 0029).
   */
  newAccountsPerDay: Type.Array(
    Type.Object({ date: Type.String({ format: 'date', description: 'Calendar day, UTC+8' }), count: Type.Integer() }),
  ),
  /** The latest sign-ins, newest first (at most 10). */
  recentSignIns: Type.Array(
    Type.Object({
      accountNumber: Type.String(),
      accountName: Type.String(),
      at: Timestamp,
      ip: Type.Union([Type.String(), Type.Null()]),
      userAgent: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  generatedAt: Timestamp,
});

export const statsRoutes = {
  overview: defineRoute({
    method: 'GET',
    path: '/stats/overview',
    access: 'permission',
    menu: '/',
    title: '统计概览',
    description:
      'Counts behind the home dashboard and /data-v: accounts (enabled/disabled), organisations, roles, dictionaries, sign-ins today, live sessions, accounts per organisation, new accounts per day, recent sign-ins.',
    response: Overview,
  }),
};
