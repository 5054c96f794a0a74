import type { Kysely, SelectQueryBuilder } from 'kysely';
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

/** The accounts a dashboard figure counts the sessions of: a subquery of their ids (modules/accounts). */
type AccountIds = SelectQueryBuilder<DB, 'account', { id: number }>;

/** Sign-ins (sessions that are not identity switches) opened since `since`, of `accounts` (absent: every account). */
export async function signInsSince(db: Kysely<DB>, since: string, accounts?: AccountIds): Promise<number> {
  const row = await db
    .selectFrom('session')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('created_at', '>=', since)
    .where('origin_session_id', 'is', null)
    .$if(accounts !== undefined, (q) => q.where('session.account_id', 'in', accounts as AccountIds))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sessions not ended, not expired at `now`, and used since `seenSince`, of `accounts` (absent: every account). */
export async function liveSessions(
  db: Kysely<DB>,
  now: string,
  seenSince: string,
  accounts?: AccountIds,
): Promise<number> {
  const row = await db
    .selectFrom('session')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', seenSince)
    .$if(accounts !== undefined, (q) => q.where('session.account_id', 'in', accounts as AccountIds))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The latest sign-ins (not identity switches) of `accounts` (absent: every account), newest first. */
export function recentSignIns(db: Kysely<DB>, limit: number, accounts?: AccountIds) {
  return db
    .selectFrom('session')
    .select(['account_id as accountId', 'created_at as at', 'ip', 'user_agent as userAgent'])
    .where('origin_session_id', 'is', null)
    .$if(accounts !== undefined, (q) => q.where('session.account_id', 'in', accounts as AccountIds))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
