import type { SessionEndReason } from '@gatehouse/contract';
import { type Kysely, sql } from 'kysely';
import { likeLiteral } from '../../platform/db/like.js';
import type { DB } from '../../platform/db/schema.js';
import type { AccountsWithin } from '../authz/index.js';

export interface OnlineFilter {
  /** Substring of the account number or name. */
  account?: string;
  /** Prefix of the address. */
  ip?: string;
  /** Only this account's sessions (the personal page). */
  accountId?: number;
  /**
   * The dominance rule: only accounts the caller may act on — with no role or one of these roles, and not the
   * built-in admin unless it is the caller (`selfId`).
   */
  manageable?: { roleIds: 'all' | number[]; selfId: number };
  /**
   * The caller's data scope (modules/authz `accountsWithin`): only sessions of the accounts of these organisations,
   * or of one account, and always the caller's own (`selfId`); absent: every account.
   */
  within?: { scope: AccountsWithin; selfId: number };
}

/** Escapes LIKE wildcards so a filter matches its text literally. */

/**
 * Live sessions: not signed out, before their absolute end, used recently enough that a token is still valid
 * (`idleSince`), on an enabled account, and for a switched session only while the session it came from lives —
 * the same rule the guard applies to every request.
 */
export function createOnlineRepository(db: Kysely<DB>) {
  const live = (now: string, idleSince: string, filter: OnlineFilter) => {
    let q = db
      .selectFrom('session')
      .innerJoin('account', 'account.id', 'session.account_id')
      .leftJoin('session as origin', 'origin.id', 'session.origin_session_id')
      .where('session.ended_at', 'is', null)
      .where('session.expires_at', '>', now)
      .where('session.last_seen_at', '>', idleSince)
      .where('account.state', '=', 1)
      .where((eb) =>
        eb.or([
          eb('session.origin_session_id', 'is', null),
          eb.and([eb('origin.ended_at', 'is', null), eb('origin.expires_at', '>', now)]),
        ]),
      );
    const account = filter.account?.trim();
    if (account) {
      const pattern = `%${likeLiteral(account)}%`;
      q = q.where(
        sql<boolean>`(account.account_number like ${pattern} escape '\\' or account.account_name like ${pattern} escape '\\')`,
      );
    }
    const ip = filter.ip?.trim();
    if (ip) q = q.where(sql<boolean>`session.ip like ${`${likeLiteral(ip)}%`} escape '\\'`);
    if (filter.accountId !== undefined) q = q.where('session.account_id', '=', filter.accountId);
    const manageable = filter.manageable;
    if (manageable) {
      q = q.where((eb) => eb.or([eb('account.builtin', '=', 0), eb('account.id', '=', manageable.selfId)]));
      const roleIds = manageable.roleIds;
      if (roleIds !== 'all') {
        q = q.where((eb) =>
          roleIds.length
            ? eb.or([eb('account.role_id', 'is', null), eb('account.role_id', 'in', roleIds)])
            : eb('account.role_id', 'is', null),
        );
      }
    }
    const within = filter.within;
    if (within?.scope) {
      const { scope, selfId } = within;
      q = q.where((eb) =>
        'accountId' in scope
          ? eb('account.id', 'in', [scope.accountId, selfId])
          : scope.orgIds.length
            ? eb.or([eb('account.org_id', 'in', scope.orgIds), eb('account.id', '=', selfId)])
            : eb('account.id', '=', selfId),
      );
    }
    return q;
  };

  return {
    /**
     * One page of live sessions: most recently used first, or by sign-in or last use (`sort`, equal times by
     * session id in the same direction).
     */
    async page(
      now: string,
      idleSince: string,
      filter: OnlineFilter,
      offset: number,
      limit: number,
      sort?: { field: 'signedInAt' | 'lastSeenAt'; order: 'asc' | 'desc' },
    ) {
      const column = sort?.field === 'signedInAt' ? 'session.created_at' : 'session.last_seen_at';
      const [rows, total] = await Promise.all([
        live(now, idleSince, filter)
          .innerJoin('org', 'org.id', 'account.org_id')
          .leftJoin('account as origin_account', 'origin_account.id', 'origin.account_id')
          .select([
            'session.id',
            'session.ip',
            'session.user_agent',
            'session.created_at',
            'session.last_seen_at',
            'account.id as account_id',
            'account.account_number',
            'account.account_name',
            'account.builtin',
            'org.name as org_name',
            'org.pid as org_pid',
            'origin_account.account_number as origin_account_number',
            'origin_account.account_name as origin_account_name',
          ])
          .$call((q) =>
            sort
              ? q.orderBy(column, sort.order).orderBy('session.id', sort.order)
              : q.orderBy('session.last_seen_at', 'desc').orderBy('session.created_at', 'desc').orderBy('session.id'),
          )
          .limit(limit)
          .offset(offset)
          .execute(),
        live(now, idleSince, filter)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    findLive(id: string, now: string, idleSince: string) {
      return live(now, idleSince, {})
        .where('session.id', '=', id)
        .select(['session.id', 'session.account_id'])
        .executeTakeFirst();
    },

    /** Which of these sessions are live (bulk force-out). */
    async liveOf(ids: readonly string[], now: string, idleSince: string): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await live(now, idleSince, {}).where('session.id', 'in', ids).select('session.id').execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Ends the sessions and every identity switch opened from them, noting why (their next request's 401 says it);
     * answers how many sessions ended.
     */
    async end(ids: string[], now: string, reason: SessionEndReason): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('session')
        .set({ ended_at: now, end_reason: reason })
        .where('ended_at', 'is', null)
        .where((eb) => eb.or([eb('id', 'in', ids), eb('origin_session_id', 'in', ids)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type OnlineRepository = ReturnType<typeof createOnlineRepository>;
