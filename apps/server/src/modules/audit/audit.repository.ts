import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { likeLiteral } from '../../platform/db/like.js';
import type { AuditLogTable, DB } from '../../platform/db/schema.js';
import { accountNumberOf, auditedAccounts } from '../accounts/accounts.reads.js';
import type { AccountsWithin } from '../authz/index.js';
import { auditedCrudRows } from '../crud/crud.reads.js';
import { auditedDictItems, auditedDicts } from '../dicts/dicts.reads.js';
import { auditedOrgs } from '../orgs/orgs.reads.js';
import { auditedResources } from '../resources/resources.reads.js';
import { auditedRoles } from '../roles/roles.reads.js';

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Insertable<AuditLogTable>;

/** The trail's filters as the service hands them over: trimmed, empty ones left out, times as ISO text. */
export interface AuditFilter {
  /** Prefix of the actor's or the original (identity switch) account's number. */
  accountNumber?: string;
  /** Part of the title, or the exact route name. */
  title?: string;
  outcome?: AuditRow['outcome'];
  /** Inclusive bounds. */
  from?: string;
  to?: string;
  /** The target's exact id, or a prefix of its label. */
  target?: string;
  /**
   * The caller's data scope (modules/authz `accountsWithin`), when it is not 全部: entries whose actor (or original
   * account) or target account is one of these organisations' accounts, and the caller's own (`selfId`); for one
   * account (仅本人), the entries it made.
   */
  within?: { scope: NonNullable<AccountsWithin>; selfId: number };
}

/** The entries the caller's data scope reaches (`AuditFilter.within`). */
function withinScope({ scope, selfId }: NonNullable<AuditFilter['within']>) {
  const own = (id: number) => sql`actor_account_id = ${id} or origin_account_id = ${id}`;
  if ('accountId' in scope) return sql`(${own(scope.accountId)})`;
  if (scope.orgIds.length === 0) return sql`(${own(selfId)})`;
  const orgs = sql.join(scope.orgIds);
  const ids = sql`select id from account where org_id in (${orgs})`;
  // Target ids are stored as text; an account's id is compared as text too (no cast of arbitrary text to a number).
  const texts = sql`select cast(id as varchar(20)) from account where org_id in (${orgs})`;
  return sql`(actor_account_id in (${ids}) or origin_account_id in (${ids}) or (target_type = 'account' and target_id in (${texts})) or ${own(selfId)})`;
}

/** The filters as one boolean expression; time bounds are inclusive and compared as ISO text. */
function where(f: AuditFilter) {
  const parts = [];
  if (f.accountNumber) {
    const pattern = `${likeLiteral(f.accountNumber)}%`;
    parts.push(
      sql`(actor_account_number like ${pattern} escape '\\' or origin_account_number like ${pattern} escape '\\')`,
    );
  }
  if (f.title) parts.push(sql`(title like ${`%${likeLiteral(f.title)}%`} escape '\\' or route_name = ${f.title})`);
  if (f.outcome) parts.push(sql`outcome = ${f.outcome}`);
  if (f.from) parts.push(sql`at >= ${f.from}`);
  if (f.to) parts.push(sql`at <= ${f.to}`);
  if (f.target) {
    parts.push(sql`(target_id = ${f.target} or target_label like ${`${likeLiteral(f.target)}%`} escape '\\')`);
  }
  if (f.within) parts.push(withinScope(f.within));
  return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`1 = 1`;
}

/**
 * The audit module's SQL: the trail itself (written by the recorder, read by the screen and the export, pruned by
 * the retention), and the audit's own read model of the audited entities — the rows its before / after snapshots
 * compare, read straight from the other modules' tables as they are stored.
 */
export function createAuditRepository(db: Kysely<DB>) {
  return {
    /** One page of the filtered trail, newest first unless sorted by time, and the filtered total. */
    async page(
      filter: AuditFilter,
      limit: number,
      offset: number,
      /** `sort=at`: by time in this direction (equal times by id); absent, by id, newest first. */
      byTime?: 'asc' | 'desc',
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const condition = where(filter);
      let ordered = db.selectFrom('audit_log').selectAll().where(condition);
      if (byTime) ordered = ordered.orderBy('at', byTime);
      const [rows, total] = await Promise.all([
        ordered
          .orderBy('id', byTime ?? 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(condition)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** The newest `limit` rows of the filtered trail, newest first. */
    newest(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
      return db.selectFrom('audit_log').selectAll().where(where(filter)).orderBy('id', 'desc').limit(limit).execute();
    },

    async insert(row: NewAuditRow): Promise<void> {
      await db.insertInto('audit_log').values(row).execute();
    },

    /** The entries of one bulk action (one per row), in statements of at most 100 rows. */
    async insertMany(rows: NewAuditRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 100) {
        await db
          .insertInto('audit_log')
          .values(rows.slice(start, start + 100))
          .execute();
      }
    },

    /** Deletes up to `batch` of the rows older than `before` (oldest first); answers how many. */
    async purgeBefore(before: string, batch: number): Promise<number> {
      const result = await db
        .deleteFrom('audit_log')
        .where('id', 'in', db.selectFrom('audit_log').select('id').where('at', '<', before).orderBy('at').limit(batch))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The number of an account (the original account of an identity switch); null when it is gone. */
    accountNumberOf(id: number): Promise<string | null> {
      return accountNumberOf(db, id);
    },

    /**
     * The audited entities' rows by id, as their tables hold them (the account's password hash included), each read
     * by the table's owner: one statement for any number of ids (a bulk action's 500 rows are not 500 round trips),
     * at most `BATCH_MAX`.
     */
    entities: {
      account: (ids: readonly number[]) => auditedAccounts(db, ids),
      org: (ids: readonly number[]) => auditedOrgs(db, ids),
      role: (ids: readonly number[]) => auditedRoles(db, ids),
      resource: (ids: readonly number[]) => auditedResources(db, ids),
      dict: (ids: readonly number[]) => auditedDicts(db, ids),
      dictItem: (ids: readonly number[]) => auditedDictItems(db, ids),
      /** A descriptor-served entity's rows (contract cruds.ts), by the entity's name. */
      crud: (name: string, ids: readonly number[]) => auditedCrudRows(db, name, ids),
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
/** The audit's read model of the audited entities (what the snapshots compare). */
export type AuditedEntities = AuditRepository['entities'];
