import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the account table that other modules make (the table is this module's, owners.ts). Each takes the
 * executor first: the pool, or the caller's transaction when one write spans modules.
 */

/** The number of an account; null when it is gone. */
export async function accountNumberOf(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await db.selectFrom('account').select('account_number').where('id', '=', id).executeTakeFirst();
  return row?.account_number ?? null;
}

/** The accounts with these ids as the audit trail compares them (the password hash included, masked later). */
export function auditedAccounts(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('account')
    .select([
      'id',
      'account_number',
      'account_name',
      'password_hash',
      'avatar',
      'contact_number',
      'email',
      'state',
      'org_id',
      'role_id',
      'address',
      'introduction',
      'company',
      'region_id',
    ])
    .where('id', 'in', ids)
    .execute();
}
