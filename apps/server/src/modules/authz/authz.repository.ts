import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** The reads the dominance rule needs: who an account, a session or a role is, and which roles exist. */
export function createAuthzRepository(db: Kysely<DB>) {
  return {
    /** An account with its role's super-admin mark. */
    account(id: number) {
      return db
        .selectFrom('account')
        .leftJoin('role', 'role.id', 'account.role_id')
        .select([
          'account.id',
          'account.account_number',
          'account.builtin',
          'account.state',
          'account.role_id',
          'role.builtin as role_builtin',
        ])
        .where('account.id', '=', id)
        .executeTakeFirst();
    },
    /** The account a session belongs to and, for an identity switch, the account really acting in it. */
    async sessionAccounts(sessionId: string): Promise<number[]> {
      const row = await db
        .selectFrom('session')
        .leftJoin('session as origin', 'origin.id', 'session.origin_session_id')
        .select(['session.account_id', 'origin.account_id as origin_account_id'])
        .where('session.id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return [];
      return row.origin_account_id === null ? [row.account_id] : [row.account_id, row.origin_account_id];
    },
    role(id: number) {
      return db.selectFrom('role').select(['id', 'name', 'builtin']).where('id', '=', id).executeTakeFirst();
    },
    roles() {
      return db.selectFrom('role').select(['id', 'builtin']).execute();
    },
  };
}

export type AuthzRepository = ReturnType<typeof createAuthzRepository>;
