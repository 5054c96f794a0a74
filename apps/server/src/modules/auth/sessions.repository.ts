import type { Kysely } from 'kysely';
import type { DB, SessionRow } from '../../platform/db/schema.js';

export function createSessionsRepository(db: Kysely<DB>) {
  return {
    async create(row: SessionRow): Promise<void> {
      await db.insertInto('session').values(row).execute();
    },
    /** The session with its account and role, in one query: the hot path of every guarded request. */
    findLive(id: string, now: string) {
      return (
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
            'role.builtin as role_builtin',
          ])
          .executeTakeFirst()
      );
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
