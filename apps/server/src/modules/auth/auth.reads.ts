import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The reads of the session table that other modules make (the table is this module's, owners.ts), executor first.
 */

/** Per session id: its account and, for an identity switch, the account really acting in it (bulk force-out). */
export async function sessionsAccounts(db: Kysely<DB>, sessionIds: readonly string[]): Promise<Map<string, number[]>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('session')
    .leftJoin('session as origin', 'origin.id', 'session.origin_session_id')
    .select(['session.id', 'session.account_id', 'origin.account_id as origin_account_id'])
    .where('session.id', 'in', sessionIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      row.origin_account_id === null ? [row.account_id] : [row.account_id, row.origin_account_id],
    ]),
  );
}

/** The account a session belongs to and, for an identity switch, the account really acting in it. */
export async function sessionAccounts(db: Kysely<DB>, sessionId: string): Promise<number[]> {
  const row = await db
    .selectFrom('session')
    .leftJoin('session as origin', 'origin.id', 'session.origin_session_id')
    .select(['session.account_id', 'origin.account_id as origin_account_id'])
    .where('session.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return [];
  return row.origin_account_id === null ? [row.account_id] : [row.account_id, row.origin_account_id];
}
