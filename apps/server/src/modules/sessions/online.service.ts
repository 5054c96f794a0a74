import { type QueryOf, type Routes, routes } from '@gatehouse/contract';
import { type AppError, type BatchOutcome, badRequest, forbidden, partition } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { epochMs } from '../../platform/time.js';
import type { AccountsWithin } from '../authz/index.js';
import { accountNameOf, orgNameOf } from '../setup/seeded-names.js';
import type { OnlineRepository } from './online.repository.js';

/** More own sessions than anyone keeps open; with the default cap (10) it is never reached. */
const OWN_SESSIONS_SHOWN = 100;

type Row = Awaited<ReturnType<OnlineRepository['page']>>['rows'][number];

function toSession(row: Row, principal: Principal) {
  return {
    id: row.id,
    ip: row.ip,
    userAgent: row.user_agent,
    signedInAt: epochMs(row.created_at),
    lastSeenAt: epochMs(row.last_seen_at),
    switchedBy:
      row.origin_account_number !== null && row.origin_account_name !== null
        ? { accountNumber: row.origin_account_number, accountName: row.origin_account_name }
        : null,
    current: row.id === principal.sessionId,
  };
}

/**
 * The 在线用户 screen and the personal page's own sessions. `idleSince` (from the auth module) says when a
 * session unused since then has no valid token left, so it is no longer online.
 */
export function createOnlineService(
  repo: OnlineRepository,
  idleSince: (now: number) => string,
  /** The roles whose accounts the caller may act on (modules/authz): 在线用户 lists only their sessions. */
  manageableRoles: (principal: Principal) => Promise<'all' | number[]>,
  /** The dominance rule over the sessions of a bulk force-out (modules/authz `sessionRefusals`). */
  sessionRefusals: (principal: Principal, ids: readonly string[], title: string) => Promise<Map<string, AppError>>,
  /** The caller's data scope (modules/authz `accountsWithin`): 在线用户 lists only the sessions of its accounts. */
  accountsWithin: (principal: Principal) => Promise<AccountsWithin>,
) {
  const clock = () => {
    const now = Date.now();
    return { now: new Date(now).toISOString(), idle: idleSince(now) };
  };

  return {
    async list(query: QueryOf<Routes['listOnline']>, principal: Principal) {
      const { now, idle } = clock();
      const [roleIds, scope] = await Promise.all([manageableRoles(principal), accountsWithin(principal)]);
      const { rows, total } = await repo.page(
        now,
        idle,
        {
          account: query.account,
          ip: query.ip,
          manageable: { roleIds, selfId: principal.accountId },
          within: { scope, selfId: principal.accountId },
        },
        (query.p - 1) * query.pageSize,
        query.pageSize,
        // Times sort newest first unless `order` says otherwise.
        query.sort && { field: query.sort, order: query.order ?? 'desc' },
      );
      return {
        list: rows.map((row) => ({
          ...toSession(row, principal),
          accountId: row.account_id,
          accountNumber: row.account_number,
          accountName: accountNameOf(row.account_name, row.builtin),
          orgName: orgNameOf(row.org_name, row.org_pid),
        })),
        totalCount: total,
        totalPage: Math.ceil(total / query.pageSize),
      };
    },

    /** 强制下线: ends the session and the identity switches opened from it. */
    async forceLogout(id: string, principal: Principal): Promise<void> {
      // Ending the session this request runs in (or the one it switched from) would cut the caller off.
      if (id === principal.sessionId || id === principal.origin?.sessionId) throw badRequest(t('session.ownCurrent'));
      const { now, idle } = clock();
      if (!(await repo.findLive(id, now, idle))) throw badRequest(t('session.notFound'));
      await repo.end([id], now, 'forced');
    },

    /**
     * Bulk force-out: each session under the rules of DELETE /online (the caller's own session or the one it switched
     * from, the dominance rule, a session no longer live), in that order; the accepted ones end in one statement
     * with the identity switches opened from them.
     */
    async forceLogoutMany(ids: readonly string[], principal: Principal): Promise<BatchOutcome<string>> {
      const dominance = await sessionRefusals(principal, ids, routes.forceLogout.title);
      const { now, idle } = clock();
      const live = await repo.liveOf(ids, now, idle);
      const outcome = partition(ids, (id) => {
        if (id === principal.sessionId || id === principal.origin?.sessionId)
          return badRequest(t('session.ownCurrent'));
        return dominance.get(id) ?? (live.has(id) ? undefined : badRequest(t('session.notFound')));
      });
      await repo.end(outcome.done, now, 'forced');
      return outcome;
    },

    /** The caller's live sessions, the current one first. */
    async listOwn(principal: Principal) {
      const { now, idle } = clock();
      const { rows } = await repo.page(now, idle, { accountId: principal.accountId }, 0, OWN_SESSIONS_SHOWN);
      const sessions = rows.map((row) => toSession(row, principal));
      return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
    },

    async endOwn(id: string, principal: Principal): Promise<void> {
      // Someone acting as the account (identity switch) may not sign its owner out elsewhere.
      if (principal.origin) throw forbidden(t('account.switchedCannotEnd'));
      if (id === principal.sessionId) throw badRequest(t('session.ownCurrentSelf'));
      const { now, idle } = clock();
      const found = await repo.findLive(id, now, idle);
      // Another account's session is answered like a missing one: the id tells the caller nothing.
      if (!found || found.account_id !== principal.accountId) throw badRequest(t('session.notFound'));
      await repo.end([id], now, 'elsewhere');
    },

    async endOthers(principal: Principal): Promise<{ ended: number }> {
      if (principal.origin) throw forbidden(t('account.switchedCannotEnd'));
      const { now, idle } = clock();
      const { rows } = await repo.page(now, idle, { accountId: principal.accountId }, 0, Number.MAX_SAFE_INTEGER);
      const others = rows.map((row) => row.id).filter((id) => id !== principal.sessionId);
      await repo.end(others, now, 'elsewhere');
      return { ended: others.length };
    },
  };
}

export type OnlineService = ReturnType<typeof createOnlineService>;
