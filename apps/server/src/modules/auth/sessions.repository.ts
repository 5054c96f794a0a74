import type { Kysely } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB, SessionRow } from '../../platform/db/schema.js';

export function createSessionsRepository(db: Kysely<DB>) {
  const findLive = preparedQuery(db, (db, id: string, now: string) =>
    db
      .selectFrom('session')
      .innerJoin('account', 'account.id', 'session.account_id')
      .leftJoin('role', 'role.id', 'account.role_id')
      .leftJoin('session as origin', 'origin.id', 'session.origin_session_id')
      .where('session.id', '=', id)
      .where('session.ended_at', 'is', null)
      .where('session.expires_at', '>', now)
      // A switched identity lives only as long as the session of the account really acting.
      .where((eb) =>
        eb.or([
          eb('session.origin_session_id', 'is', null),
          eb.and([eb('origin.ended_at', 'is', null), eb('origin.expires_at', '>', now)]),
        ]),
      )
      .select([
        'session.origin_session_id',
        'origin.account_id as origin_account_id',
        'role.update_time as role_update_time',
        'session.id as session_id',
        'session.expires_at',
        'session.last_seen_at',
        'account.id as account_id',
        'account.account_number',
        'account.state',
        'account.role_id',
        'account.must_change_password',
        'role.builtin as role_builtin',
      ])
      .limit(1),
  );
  return {
    async create(row: SessionRow): Promise<void> {
      await db.insertInto('session').values(row).execute();
    },
    /** The session with its account and role, in one query: the hot path of every guarded request. */
    async findLive(id: string, now: string) {
      return (await findLive(id, now))[0];
    },
    async touch(id: string, now: string): Promise<void> {
      await db.updateTable('session').set({ last_seen_at: now }).where('id', '=', id).execute();
    },
    async end(id: string, now: string): Promise<void> {
      await db
        .updateTable('session')
        .set({ ended_at: now })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    },
    /**
     * The per-account cap: keeps the newest `keep` live sessions of the account (identity-switch sessions do
     * not count, they are another person's work) and ends the older ones with the switches opened from them.
     * `idleSince`: a session unused since then has no valid token left and no longer counts.
     */
    async endBeyond(accountId: number, keep: number, now: string, idleSince: string): Promise<number> {
      const live = await db
        .selectFrom('session')
        .select('id')
        .where('account_id', '=', accountId)
        .where('origin_session_id', 'is', null)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleSince)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const excess = live.slice(keep).map((row) => row.id);
      if (excess.length === 0) return 0;
      await db
        .updateTable('session')
        .set({ ended_at: now })
        .where('ended_at', 'is', null)
        .where((eb) => eb.or([eb('id', 'in', excess), eb('origin_session_id', 'in', excess)]))
        .execute();
      return excess.length;
    },
    async endAllOf(accountId: number, now: string): Promise<void> {
      await db
        .updateTable('session')
        .set({ ended_at: now })
        .where('account_id', '=', accountId)
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
