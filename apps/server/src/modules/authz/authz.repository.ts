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
    /** The account a session belongs to. */
    async sessionAccount(sessionId: string): Promise<number | undefined> {
      const row = await db.selectFrom('session').select('account_id').where('id', '=', sessionId).executeTakeFirst();
      return row?.account_id;
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
