import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../platform/db/database.js';
import type { DB, NewAccount } from '../../platform/db/schema.js';
import { insertRootOrg } from '../orgs/index.js';
import { firstRootOrgId } from '../orgs/orgs.reads.js';
import { builtinRoleId, insertBuiltinRole } from '../roles/index.js';

/**
 * The first start's reads and writes: the stored JWT secret and the seed rows (root organisation, super-admin role,
 * `admin`). They are written here, not through the orgs, roles and accounts services: those act for a signed-in
 * account under the dominance rule, and at the first start there is nobody yet.
 */
export function createSetupRepository(db: Kysely<DB>) {
  return {
    /**
     * Holds the setup of the enclosing transaction against other processes starting at once (PostgreSQL; SQLite's
     * write transaction already does).
     */
    async lock(dialect: Dialect): Promise<void> {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(7261001)`.execute(db);
    },

    async storedJwtSecret(): Promise<string | undefined> {
      const row = await db.selectFrom('setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
      return row?.value;
    },
    async storeJwtSecret(value: string): Promise<void> {
      await db.insertInto('setting').values({ key: 'jwt_secret', value }).execute();
    },

    // The root organisation and the built-in role belong to their modules (owners.ts): made through them.
    firstRootOrgId: () => firstRootOrgId(db),
    insertRootOrg: (name: string, now: string) => insertRootOrg(db, name, now),
    builtinRoleId: () => builtinRoleId(db),
    insertBuiltinRole: (name: string, remark: string, now: string) => insertBuiltinRole(db, name, remark, now),

    async accountExists(accountNumber: string): Promise<boolean> {
      const row = await db
        .selectFrom('account')
        .select('id')
        .where('account_number', '=', accountNumber)
        .executeTakeFirst();
      return row !== undefined;
    },
    async insertAccount(row: NewAccount): Promise<void> {
      await db.insertInto('account').values(row).execute();
    },
    /** A new password for an account, enabled again. Answers its id, if any. */
    async replacePassword(
      accountNumber: string,
      passwordHash: string,
      mustChange: boolean,
      now: string,
    ): Promise<number | undefined> {
      const row = await db
        .updateTable('account')
        .set({
          password_hash: passwordHash,
          must_change_password: mustChange ? 1 : 0,
          state: 1,
          pending_approval: 0,
          update_time: now,
        })
        .where('account_number', '=', accountNumber)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type SetupRepository = ReturnType<typeof createSetupRepository>;
