import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { likeLiteral } from '../../platform/db/like.js';
import type { AuditLogTable, DB } from '../../platform/db/schema.js';
import type { AccountsWithin } from '../authz/index.js';

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
    async accountNumberOf(id: number): Promise<string | null> {
      const row = await db.selectFrom('account').select('account_number').where('id', '=', id).executeTakeFirst();
      return row?.account_number ?? null;
    },

    /**
     * The audited entities' rows by id, as their tables hold them (the account's password hash included): one
     * statement for any number of ids (a bulk action's 500 rows are not 500 round trips), at most `BATCH_MAX`.
     */
    entities: {
      account: (ids: readonly number[]) =>
        db
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
          .execute(),

      org: (ids: readonly number[]) =>
        db
          .selectFrom('org')
          .select(['id', 'pid', 'name', 'full_name', 'org_code', 'region_id', 'sort_order', 'leader', 'phone', 'state'])
          .where('id', 'in', ids)
          .execute(),

      /**
       * The roles with what they hand to their holders: the ids of the resources each grants and, for a 自定义 data
       * scope, of its organisations, in order; the data scope and the second-factor requirement.
       */
      async role(ids: readonly number[]) {
        const rows = await db
          .selectFrom('role')
          .select(['id', 'name', 'remark', 'data_scope', 'require_second_factor'])
          .where('id', 'in', ids)
          .execute();
        if (rows.length === 0) return [];
        const scoped = await db
          .selectFrom('role_scope_org')
          .select(['role_id', 'org_id'])
          .where(
            'role_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('role_id')
          .orderBy('org_id')
          .execute();
        const scopeOrgs = new Map<number, number[]>(rows.map((row) => [row.id, []]));
        for (const scope of scoped) scopeOrgs.get(scope.role_id)?.push(scope.org_id);
        const granted = await db
          .selectFrom('role_resource')
          .select(['role_id', 'resource_id'])
          .where(
            'role_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('role_id')
          .orderBy('resource_id')
          .execute();
        const resources = new Map<number, number[]>(rows.map((row) => [row.id, []]));
        for (const grant of granted) resources.get(grant.role_id)?.push(grant.resource_id);
        return rows.map((row) => ({
          ...row,
          resources: resources.get(row.id) ?? [],
          scope_orgs: scopeOrgs.get(row.id) ?? [],
        }));
      },

      resource: (ids: readonly number[]) =>
        db
          .selectFrom('resource')
          .select(['id', 'pid', 'name', 'type', 'route', 'method', 'url', 'remark', 'order_num'])
          .where('id', 'in', ids)
          .execute(),

      dict: (ids: readonly number[]) =>
        db.selectFrom('dict').select(['id', 'dict_name', 'dict_code', 'remark']).where('id', 'in', ids).execute(),

      dictItem: (ids: readonly number[]) =>
        db
          .selectFrom('dict_item')
          .select(['id', 'dict_code', 'value', 'key_value', 'pid', 'order_num', 'state', 'tag_color'])
          .where('id', 'in', ids)
          .execute(),
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
/** The audit's read model of the audited entities (what the snapshots compare). */
export type AuditedEntities = AuditRepository['entities'];
