import { type ACCOUNT_SORTS, accountEntity, type FieldSpec } from '@gatehouse/contract';
import {
  type Expression,
  type Kysely,
  type OrderByModifiers,
  PostgresAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { counter } from '../../platform/db/counters.js';
import { containsPattern, prefixPattern } from '../../platform/db/like.js';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { AccountUpdate, DB, NewAccount } from '../../platform/db/schema.js';
import { subtreeIdsSql } from '../../platform/db/tree.js';
import type { FieldFilters } from '../../platform/entity-rows.js';
import type { AccountsWithin } from '../authz/index.js';
import { crudRows, crudRowsQuery } from '../crud/crud.reads.js';
import { disabledOrgs, firstRootOrgId, orgExists, orgNodes, orgStanding } from '../orgs/orgs.reads.js';
import { ACCOUNT_COLUMNS, ACCOUNT_FIELDS } from './accounts.reads.js';

/**
 * The account list's filters the descriptor declares (contract accountEntity `filter`: accountNumber and accountName
 * by prefix, state, the creation time's range, ...): each served generically by its kind (`descriptorFilterParts`).
 */
export type AccountDescriptorFilters = FieldFilters<typeof accountEntity>;

/** The account's own filters (the account list's 角色, 岗位, proof marks): columns the descriptor does not filter by. */
export interface AccountFieldFilters {
  roleId?: number;
  secondFactor?: 0 | 1;
  /** 1: the mobile number is verified; 0: a mobile number is set and not verified. */
  contactVerified?: 0 | 1;
  /** 1: the e-mail address is verified; 0: an e-mail address is set and not verified. */
  emailVerified?: 0 | 1;
  /** The accounts holding this post (岗位). */
  postId?: number;
}

export interface AccountFilter extends AccountDescriptorFilters, AccountFieldFilters {
  /** Contains search: any part of a `searched` field (the account number, name, mobile, e-mail, ...), ignoring case. */
  keyword?: string;
  /** The whole mobile number, matched in any of its stored spellings (bare, +86, 0086). */
  contactNumber?: string;
  /** The organisation whose subtree the accounts belong to. */
  orgId?: number;
  /** Only the self-registered accounts waiting for approval (REGISTRATION=approval). */
  pendingApproval?: boolean;
  /** The caller's data scope (modules/authz): the accounts of these organisations, or one account; absent: all. */
  within?: AccountsWithin;
  /** A second scope the accounts must lie within too (权限预览: the previewed holder's, inside the caller's). */
  alsoWithin?: AccountsWithin;
}

/** A column the account list sorts by (contract ACCOUNT_SORTS) and its direction. */
export interface AccountSort {
  field: AccountSortField;
  order: 'asc' | 'desc';
}
export type AccountSortField = (typeof ACCOUNT_SORTS)[number];

interface ResolvedFilter extends AccountDescriptorFilters, AccountFieldFilters {
  keyword?: string;
  contactNumber?: string;
  orgIds?: readonly number[];
  pendingApproval?: boolean;
  accountId?: number;
}

/** The descriptor's filtered fields but its range (by key, the list query's parameter) and its range field. */
const FILTERED_FIELDS = ACCOUNT_FIELDS.filter(([, spec]) => spec.filter !== undefined && spec.filter !== 'range');
const RANGE_FIELD = ACCOUNT_FIELDS.find(([, spec]) => spec.filter === 'range');

/** The descriptor's `searched` columns: the keyword's unindexed match reads them (the search table holds the same). */
export const SEARCHED_COLUMNS = ACCOUNT_FIELDS.flatMap(([, spec]) => (spec.searched ? [spec.column] : []));

/** The sorts tuned by hand (each walked through an index of its own, migration 0017); any other sortable field is generic. */
const TUNED_SORTS = [
  'accountNumber',
  'accountName',
  'createTime',
  'orgName',
] as const satisfies readonly AccountSortField[];
const isTunedSort = (field: AccountSortField): field is (typeof TUNED_SORTS)[number] =>
  (TUNED_SORTS as readonly string[]).includes(field);

/** The column of a generic sort (a sortable descriptor field). */
function sortColumn(field: AccountSortField): string {
  const column = (accountEntity.fields as Readonly<Record<string, FieldSpec>>)[field]?.column;
  if (!column) throw new Error(`account: no sortable column for ${field}`);
  return column;
}

const given = (value: unknown) => value !== undefined && value !== '';

/** Whether a filter narrows the list (else the trigger-kept total and the id walks of the whole list serve it). */
const narrows = (f: ResolvedFilter) =>
  Boolean(
    f.keyword ||
      f.contactNumber ||
      f.orgIds ||
      f.pendingApproval ||
      f.accountId !== undefined ||
      FIELD_FILTERS.some((key) => f[key] !== undefined) ||
      FILTERED_FIELDS.some(([key]) => given((f as Record<string, unknown>)[key])) ||
      f.rangeFrom !== undefined ||
      f.rangeTo !== undefined,
  );

const FIELD_FILTERS = [
  'roleId',
  'secondFactor',
  'contactVerified',
  'emailVerified',
  'postId',
] as const satisfies ReadonlyArray<keyof AccountFieldFilters>;

/**
 * The descriptor's filters as conditions, each by its kind: prefix (LIKE 'v%', as stored: the index on the column
 * serves it), contains (any part, ignoring case), exact, state (0/1), and the range field's bounds (inclusive).
 * Served by the indexes the fields' migrations give them (account_number's unique index, (account_name, id),
 * (state, id), (create_time, id), ...). `%`, `_` and `\` of a text match themselves.
 */
function descriptorFilterParts(f: AccountDescriptorFilters) {
  const parts = [];
  const values = f as Readonly<Record<string, unknown>>;
  for (const [key, spec] of FILTERED_FIELDS) {
    const value = values[key];
    if (!given(value)) continue;
    const column = sql.ref(`account.${spec.column}`);
    switch (spec.filter) {
      case 'prefix':
        parts.push(sql<boolean>`${column} like ${prefixPattern(String(value))} escape '\\'`);
        break;
      case 'contains':
        parts.push(sql<boolean>`lower(${column}) like ${containsPattern(String(value).toLowerCase())} escape '\\'`);
        break;
      case 'exact':
        parts.push(sql<boolean>`${column} = ${value}`);
        break;
      case 'state':
        parts.push(sql<boolean>`${column} = ${value === 1 ? 1 : 0}`);
        break;
      default:
    }
  }
  if (RANGE_FIELD) {
    const column = sql.ref(`account.${RANGE_FIELD[1].column}`);
    if (f.rangeFrom !== undefined) parts.push(sql<boolean>`${column} >= ${f.rangeFrom}`);
    if (f.rangeTo !== undefined) parts.push(sql<boolean>`${column} <= ${f.rangeTo}`);
  }
  return parts;
}

/**
 * A contains search counts its matches up to this many and says when there are more (`capped`): the count of a term
 * found in most accounts stops early instead of reading every match (or, for a term too short for the trigram index,
 * every account).
 */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * Whether a term can be served by the trigram index. SQLite's FTS5 trigram table serves any term of three characters
 * or more. pg_trgm builds trigrams of words (letters and digits, CJK included under a UTF-8 ctype) and none across
 * punctuation: a term without three word characters in a row gives it no trigram to look up, so it takes the
 * bounded path of the short terms instead of a whole-index scan.
 */
export function indexedTerm(dialect: 'sqlite' | 'postgres', term: string): boolean {
  return dialect === 'sqlite' ? [...term].length >= 3 : /[\p{L}\p{N}]{3}/u.test(term);
}

/** The term as one FTS5 string (a phrase of its trigrams): `"` doubled, nothing else special inside quotes. */
const ftsPhrase = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** Values bound per statement when checking an import's contacts. */
const CONTACT_SLICE = 500;

/** A key of a sorted list: its expression, and whether it may be empty (null). */
interface SortKey {
  expr: RawBuilder<unknown>;
  nullable: boolean;
}

/** What a sort key's values are read from: an export batch's row (`sortKeyValues`), its columns by name. */
type ExportBatchRow = Readonly<Record<string, unknown>> & {
  id: number;
  account_number: string;
  account_name: string;
  create_time: string;
  org_id: number;
  org_name: string;
};

/** A key's ORDER BY: the direction, and for a key that may be empty, empty values last ascending, first descending. */
const ordering = (key: SortKey, direction: 'asc' | 'desc'): OrderByModifiers =>
  key.nullable ? (ob) => (direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst()) : direction;

/**
 * The rows after `values` in the keys' order (a keyset's next batch). Keys never empty compare as one row value (the
 * sort's index serves it); a key that may be empty is spelled out, its empty values last ascending (first
 * descending), as `ordering` sorts them.
 */
function pastKeys(keys: readonly SortKey[], values: readonly unknown[], direction: 'asc' | 'desc') {
  const exprs = keys.map((key) => key.expr);
  if (!keys.some((key) => key.nullable)) {
    return sql<boolean>`(${sql.join(exprs)}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${sql.join(values)})`;
  }
  const same = (i: number) => (values[i] === null ? sql`${exprs[i]} is null` : sql`${exprs[i]} = ${values[i]}`);
  const beyond = (i: number) => {
    const key = keys[i] as SortKey;
    const value = values[i];
    if (direction === 'asc') {
      if (value === null) return sql`1 = 0`;
      return key.nullable ? sql`(${key.expr} > ${value} or ${key.expr} is null)` : sql`${key.expr} > ${value}`;
    }
    return value === null ? sql`${key.expr} is not null` : sql`${key.expr} < ${value}`;
  };
  const ways = keys.map(
    (_, i) => sql`(${sql.join([...keys.slice(0, i).map((_, j) => same(j)), beyond(i)], sql` and `)})`,
  );
  return sql<boolean>`(${sql.join(ways, sql` or `)})`;
}

/** A query on `account` kept to the accounts a data scope reaches (none: every account). */
function withinAccounts<O>(q: SelectQueryBuilder<DB, 'account', O>, within: AccountsWithin) {
  if (!within) return q;
  if ('accountId' in within) return q.where('id', '=', within.accountId);
  return within.orgIds.length > 0 ? q.where('org_id', 'in', within.orgIds) : q.where(sql<boolean>`1 = 0`);
}

export function createAccountsRepository(db: Kysely<DB>, searchCountCap = SEARCH_COUNT_CAP) {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const withNames = (on: Kysely<DB> = db) =>
    on
      .selectFrom('account')
      .innerJoin('org', 'org.id', 'account.org_id')
      .leftJoin('role', 'role.id', 'account.role_id')
      .select([
        // Every descriptor column (an account answers each answered field), then the account's own marks.
        ...ACCOUNT_COLUMNS.map((column) => `account.${column}` as const),
        'account.builtin',
        'account.pending_approval',
        'account.second_factor',
        'account.contact_verified',
        'account.email_verified',
        'org.name as org_name',
        'org.full_name as org_full_name',
        'org.pid as org_pid',
        'org.org_code as org_code',
        'org.create_time as org_create_time',
        'role.name as role_name',
        'role.remark as role_remark',
        'role.builtin as role_builtin',
        'role.require_second_factor as role_require_second_factor',
      ]);

  /** The unfiltered list (the account screen as it opens) and its total: compiled once, newest or oldest first. */
  const accountByNumber = preparedQuery(db, (db, accountNumber: string) =>
    db.selectFrom('account').selectAll().where('account_number', '=', accountNumber),
  );
  const accountCount = preparedQuery(db, (db, name: string) => counter(db, name));
  // Each page also answers the total in the same statement (one round trip less on PostgreSQL).
  const unfiltered = (db: Kysely<DB>, direction: 'asc' | 'desc', take: Expression<number> | number, skip?: number) => {
    let ids = db.selectFrom('account').select('account.id').orderBy('account.id', direction).limit(take);
    if (skip !== undefined) ids = ids.offset(skip);
    return withNames(db)
      .select((eb) => counter(eb, 'account').as('total_count'))
      .where('account.id', 'in', ids)
      .orderBy('account.id', 'desc');
  };
  const unfilteredPage = (direction: 'asc' | 'desc') =>
    preparedQuery(db, (db, take: number, skip: number) => unfiltered(db, direction, take, skip));
  const newestFirst = unfilteredPage('desc');
  const oldestFirst = unfilteredPage('asc');
  /**
   * The first page (the screen as it opens) by page size, with the size written into the statement: its plan does not
   * depend on any value, so PostgreSQL plans the named statement once instead of on every call.
   */
  const firstPageQuery = (take: number) => preparedQuery(db, (db) => unfiltered(db, 'desc', sql.lit(take)));
  /** By page size (at most 100 of them, the contract's largest page). */
  const firstPages = new Map<number, ReturnType<typeof firstPageQuery>>();
  const firstPage = (take: number) => {
    let query = firstPages.get(take);
    if (!query) {
      query = firstPageQuery(take);
      firstPages.set(take, query);
    }
    return query();
  };
  /** The unfiltered total as last read by this process: tells whether a page is in the newer half. */
  let knownTotal: number | undefined;
  const withoutTotal = <T extends { total_count: unknown }>(rows: readonly T[]) =>
    rows.map(({ total_count: _, ...row }) => row);

  /**
   * Contains search over the descriptor's `searched` columns, through the search table each engine keeps beside
   * `account` (keyed by the account's id, kept by triggers in the writing transaction; the migrations keep it over the
   * same columns, a test holds them to the descriptor). SQLite: the FTS5 trigram table (migration 0024) for terms of
   * three characters or more, matched as a phrase (case-insensitive). PostgreSQL: the columns joined by U+0001 and
   * lowercased (migration 0034, ADR 0033), matched by LIKE on the lowered term through the pg_trgm index
   * `account_search_trgm`. A term the index cannot serve (`indexedTerm`) is matched on each searched column of
   * `account` instead, which no index serves, so the planner walks the primary key and stops at the page instead of scanning
   * the whole index. Without pg_trgm (ADR 0024) the LIKE reads the narrow table unindexed: correct. `%`, `_` and `\`
   * of the term match themselves.
   */
  const searchTable = sql<{ id: number }>`account_search`.as('account_search');
  const searchId = dialect === 'sqlite' ? sql<number>`rowid` : sql<number>`id`;
  const searchCondition = (term: string) =>
    dialect === 'sqlite'
      ? sql<boolean>`account_search match ${ftsPhrase(term)}`
      : sql<boolean>`doc like lower(${containsPattern(term)}) escape '\\'`;
  /** The search table's rows that contain the term (an indexed term). */
  const searchMatches = (term: string) => db.selectFrom(searchTable).where(searchCondition(term));
  const keywordExpr = (term: string) => {
    if (indexedTerm(dialect, term)) {
      return sql`account.id in (${searchMatches(term).select(searchId.as('id'))})`;
    }
    const pattern = containsPattern(term);
    // A term without cased letters (Chinese, digits) is LIKE on PostgreSQL, several times cheaper than ILIKE.
    const operator = dialect === 'sqlite' || term.toLowerCase() === term.toUpperCase() ? 'like' : 'ilike';
    return sql`(${sql.join(
      SEARCHED_COLUMNS.map((c) => sql`${sql.ref(`account.${c}`)} ${sql.raw(operator)} ${pattern} escape '\\'`),
      sql` or `,
    )})`;
  };

  /**
   * The term of a contains search that is the list's only filter: such a search needs nothing of the account table
   * but its page's rows. Its count and its page's ids are read from the search table alone (its ids are the
   * accounts'), not checked against `account` row by row: at 5,000,000 accounts a term of 7,000 matches read them in
   * 40 ms (SQLite) and 58 ms (PostgreSQL) that way, scattered over the table, and reads them in a few from the search
   * table.
   */
  const searchOnly = (f: ResolvedFilter) => {
    if (!f.keyword || !indexedTerm(dialect, f.keyword)) return undefined;
    return narrows({ ...f, keyword: undefined }) ? undefined : f.keyword;
  };
  /** The matches of a search-only filter, counted up to the cap + 1. */
  const searchCount = async (term: string) => {
    const row = await db
      .selectFrom(
        searchMatches(term)
          .select(searchId.as('id'))
          .limit(searchCountCap + 1)
          .as('capped_matches'),
      )
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    return n > searchCountCap ? { total: searchCountCap, capped: true } : { total: n, capped: false };
  };
  /**
   * A page of a search-only filter's ids in id order. With the matches counted (at most the cap) PostgreSQL reads them
   * through the index and sorts them; past the cap it walks the table's ids from the end asked for and stops at the
   * page (`doc || ''` is no indexed expression), which reads about (accounts / matches) rows per row of the page,
   * not every match. SQLite's FTS5 table walks its rowids either way.
   */
  const searchPage = (term: string, order: 'asc' | 'desc', take: number, skip: number, capped: boolean) => {
    const matches =
      dialect === 'postgres' && capped
        ? db.selectFrom(searchTable).where(sql<boolean>`(doc || '') like lower(${containsPattern(term)}) escape '\\'`)
        : searchMatches(term);
    return matches.select(searchId.as('id')).orderBy(searchId, order).limit(take).offset(skip).execute();
  };

  /** The list filters as one boolean expression (prefix matches and an id list that indexes can serve). */
  const filterExpr = (f: ResolvedFilter) => {
    const parts = [];
    if (f.keyword) parts.push(keywordExpr(f.keyword));
    // The descriptor's filters: the prefixes, exact values, state and the creation time's range (their indexes).
    parts.push(...descriptorFilterParts(f));
    if (f.contactNumber) {
      // Served by account_contact_number_idx: the stored spellings of one number (as contactHolder matches them).
      const n = f.contactNumber;
      parts.push(sql`account.contact_number in (${sql.join([n, `+86${n}`, `0086${n}`])})`);
    }
    if (f.orgIds) parts.push(sql`account.org_id in (${sql.join(f.orgIds)})`);
    // Served by the partial index account_pending_approval (migration 0018): the few waiting, not every account.
    if (f.pendingApproval) parts.push(sql`account.pending_approval = 1`);
    if (f.accountId !== undefined) parts.push(sql`account.id = ${f.accountId}`);
    // Served by (column, id) indexes (migration 0031) and role_id's.
    if (f.roleId !== undefined) parts.push(sql`account.role_id = ${f.roleId}`);
    if (f.secondFactor !== undefined) parts.push(sql`account.second_factor = ${f.secondFactor}`);
    if (f.contactVerified !== undefined) {
      parts.push(sql`account.contact_verified = ${f.contactVerified}`);
      if (f.contactVerified === 0) parts.push(sql`account.contact_number is not null`);
    }
    if (f.emailVerified !== undefined) {
      parts.push(sql`account.email_verified = ${f.emailVerified}`);
      if (f.emailVerified === 0) parts.push(sql`account.email is not null`);
    }
    // Served by the primary key (account_id, post_id) row by row, or account_post_post_idx for the holders.
    if (f.postId !== undefined) {
      parts.push(
        sql`exists (select 1 from account_post where account_post.account_id = account.id and account_post.post_id = ${f.postId})`,
      );
    }
    return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`1 = 1`;
  };

  /**
   * The organisation filter as the subtree's ids, so the planner knows how many there are (a recursive CTE
   * inside the query hides that); none at all when the subtree is the whole (single-rooted) tree.
   */
  async function resolve(f: AccountFilter): Promise<ResolvedFilter | undefined> {
    const within = f.within;
    const also = f.alsoWithin;
    const ids = [within, also].flatMap((w) => (w && 'accountId' in w ? [w.accountId] : []));
    // Two scopes of one account each reach nobody unless they are the same account.
    if (ids.length === 2 && ids[0] !== ids[1]) return undefined;
    // Every filter but the organisation and the scopes, resolved below into the organisations' ids.
    const { orgId: _orgId, within: _within, alsoWithin: _also, ...filters } = f;
    const rest: ResolvedFilter = { ...filters, accountId: ids[0] };
    const orgSets = [within, also].flatMap((w) => (w && 'orgIds' in w ? [w.orgIds] : []));
    const scoped =
      orgSets.length === 2 ? (orgSets[0] as readonly number[]).filter((id) => new Set(orgSets[1]).has(id)) : orgSets[0];
    // A scope of no organisation reaches no account.
    if (scoped?.length === 0) return undefined;
    const inScope = (orgIds: readonly number[]): ResolvedFilter | undefined => {
      if (!scoped) return { ...rest, orgIds };
      const allowed = new Set(scoped);
      const both = orgIds.filter((id) => allowed.has(id));
      return both.length ? { ...rest, orgIds: both } : undefined;
    };
    if (f.orgId === undefined) return scoped ? { ...rest, orgIds: scoped } : rest;
    const org = await db.selectFrom('org').select('pid').where('id', '=', f.orgId).executeTakeFirst();
    if (!org) return undefined;
    if (org.pid === null && !scoped) {
      const roots = await db
        .selectFrom('org')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('pid', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(roots.n) === 1) return rest;
    }
    const { rows } = await subtreeIdsSql('org', f.orgId).execute(db);
    return inScope(rows.map((r) => r.id));
  }

  /**
   * The keys of a sorted page, ending in unique ones so the order is total (pages neither repeat nor skip a row).
   * The tuned sorts are each served by an index walked in order (migration 0017): the account number is unique; name
   * and creation time end in the id (SQLite's indexes carry the rowid anyway); the organisation's name is walked
   * through org (name, id) and, per organisation, the accounts by (org_id, id). Any other sortable field of the
   * descriptor sorts by its column, then the id; its column may be empty (`nullable`): an empty value comes after
   * every other ascending and first descending, alike on both engines (PostgreSQL's own order).
   */
  const sortKeys = (field: AccountSortField): SortKey[] => {
    const key = (ref: string, nullable = false): SortKey => ({ expr: sql.ref(ref), nullable });
    if (!isTunedSort(field)) return [key(`account.${sortColumn(field)}`, true), key('account.id')];
    switch (field) {
      case 'accountNumber':
        return [key('account.account_number')];
      case 'accountName':
        return [key('account.account_name'), key('account.id')];
      case 'createTime':
        return [key('account.create_time'), key('account.id')];
      case 'orgName':
        return [key('org.name'), key('org.id'), key('account.id')];
    }
  };

  /** The values of a row's sort keys (`sortKeys`), for the next keyset batch. */
  const sortKeyValues = (field: AccountSortField, row: ExportBatchRow): unknown[] => {
    if (!isTunedSort(field)) return [row[sortColumn(field)] ?? null, row.id];
    switch (field) {
      case 'accountNumber':
        return [row.account_number];
      case 'accountName':
        return [row.account_name, row.id];
      case 'createTime':
        return [row.create_time, row.id];
      case 'orgName':
        return [row.org_name, row.org_id, row.id];
    }
  };

  /**
   * The unfiltered first page of a sort in one statement, rows and total (as the unsorted first page): the index walk
   * joins each row's organisation and role as it goes and stops at the page's end. Compiled once per sort, direction
   * and page size (the size written into the statement, so PostgreSQL plans the named statement once).
   */
  const sortedFirstPages = new Map<string, () => Promise<Array<AccountView & { total_count: unknown }>>>();
  const sortedFirstPage = (sort: AccountSort, take: number) => {
    const key = `${sort.field}:${sort.order}:${take}`;
    let query = sortedFirstPages.get(key);
    if (!query) {
      query = preparedQuery(db, (db) => {
        let q = withNames(db).select((eb) => counter(eb, 'account').as('total_count'));
        for (const key of sortKeys(sort.field)) q = q.orderBy(key.expr, ordering(key, sort.order));
        return q.limit(sql.lit(take));
      });
      sortedFirstPages.set(key, query);
    }
    return query();
  };

  /** These accounts' rows (with names), newest first; none for no ids. */
  const newestFirstRows = async (ids: readonly number[]) =>
    ids.length ? withNames().where('account.id', 'in', ids).orderBy('account.id', 'desc').execute() : [];

  /**
   * The total of a filter: the trigger-kept counter when unfiltered; with a keyword, counted up to the cap
   * (`capped`: there are more).
   */
  async function totalOf(filter: ResolvedFilter): Promise<{ total: number; capped: boolean }> {
    if (!narrows(filter)) {
      return { total: Number((await accountCount('account'))[0]?.n ?? 0), capped: false };
    }
    const term = searchOnly(filter);
    if (term !== undefined) return searchCount(term);
    if (filter.keyword) {
      const matches = db
        .selectFrom('account')
        .select('account.id')
        .where(filterExpr(filter))
        .limit(searchCountCap + 1);
      const row = await db
        .selectFrom(matches.as('capped_matches'))
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const n = Number(row.n);
      return n > searchCountCap ? { total: searchCountCap, capped: true } : { total: n, capped: false };
    }
    const row = await db
      .selectFrom('account')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where(filterExpr(filter))
      .executeTakeFirstOrThrow();
    return { total: Number(row.n), capped: false };
  }

  return {
    /**
     * One page sorted by a column. The unfiltered first page is one statement walking the column's index;
     * other pages find their ids by that walk (pages past the middle from the other end, in the opposite direction),
     * then read their rows by id.
     */
    async sortedPage(accountFilter: AccountFilter, sort: AccountSort, offset: number, limit: number) {
      const filter = await resolve(accountFilter);
      if (!filter) return { rows: [], total: 0, capped: false };
      if (offset === 0 && limit > 0 && !narrows(filter)) {
        const rows = await sortedFirstPage(sort, limit);
        const counted = rows[0]?.total_count;
        if (counted !== undefined && counted !== null) {
          return { rows: withoutTotal(rows), total: Number(counted), capped: false };
        }
      }
      const { total, capped } = await totalOf(filter);
      if (offset >= total || limit <= 0) return { rows: [], total, capped };
      // A capped total is no end to count back from: every page is read from the start.
      const fromEnd = !capped && offset > total / 2;
      const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
      const take = fromEnd ? Math.min(limit, total - offset) : limit;
      const direction = fromEnd === (sort.order === 'asc') ? 'desc' : 'asc';
      let ids = db.selectFrom('account').select('account.id').where(filterExpr(filter));
      if (sort.field === 'orgName') ids = ids.innerJoin('org', 'org.id', 'account.org_id');
      for (const key of sortKeys(sort.field)) ids = ids.orderBy(key.expr, ordering(key, direction));
      const found = (await ids.limit(take).offset(skip).execute()).map((r) => r.id);
      if (fromEnd) found.reverse();
      if (found.length === 0) return { rows: [], total, capped };
      const byId = new Map((await withNames().where('account.id', 'in', found).execute()).map((r) => [r.id, r]));
      return { rows: found.flatMap((id) => byId.get(id) ?? []), total, capped };
    },

    /**
     * One page, newest first. The unfiltered total is the trigger-kept counter (no COUNT over every account);
     * the page's ids are found before the joins, and pages past the middle are read from the oldest end so the
     * last page costs what the first does.
     */
    async page(accountFilter: AccountFilter, offset: number, limit: number) {
      const filter = await resolve(accountFilter);
      if (!filter) return { rows: [], total: 0, capped: false };
      const filtered = narrows(filter);
      if (!filtered && limit > 0 && (offset === 0 || (knownTotal !== undefined && offset <= knownTotal / 2))) {
        // The first page, or most likely one of the newer half: one statement answers rows and total.
        const rows = await (offset === 0 ? firstPage(limit) : newestFirst(limit, offset));
        const counted = rows[0]?.total_count;
        if (counted !== undefined && counted !== null) {
          knownTotal = Number(counted);
          return { rows: withoutTotal(rows), total: knownTotal, capped: false };
        }
      }
      const all = Number((await accountCount('account'))[0]?.n ?? 0);
      knownTotal = all;
      const unindexed = filter.keyword !== undefined && !indexedTerm(dialect, filter.keyword);
      if (unindexed && offset === 0 && limit > 0) {
        // A short term's first page walks the primary key and stops at the page: when the walk finds fewer rows than
        // a page it has read every account, and its rows are the total (a rare term costs one scan, not two).
        const found = await db
          .selectFrom('account')
          .select('account.id')
          .where(filterExpr(filter))
          .orderBy('account.id', 'desc')
          .limit(limit)
          .execute();
        if (found.length < limit) {
          const rows = await newestFirstRows(found.map((r) => r.id));
          return { rows, total: rows.length, capped: false };
        }
      }
      const term = searchOnly(filter);
      if (term !== undefined && limit > 0) {
        // The count and the page's ids from the search table alone (it walks its ids newest first and stops at the
        // page), then the page's rows.
        const { total, capped } = await searchCount(term);
        if (offset >= total) return { rows: [], total, capped };
        const fromOldest = !capped && offset > total / 2;
        const found = await searchPage(
          term,
          fromOldest ? 'asc' : 'desc',
          fromOldest ? Math.min(limit, total - offset) : limit,
          fromOldest ? Math.max(0, total - offset - limit) : offset,
          capped,
        );
        return { rows: await newestFirstRows(found.map((r) => r.id)), total, capped };
      }
      let counted: { total: number; capped: boolean } | undefined;
      if (filter.keyword && !unindexed && limit > 0) {
        // One statement reads the matches through the trigram index once, at most cap + 1 of them: their count, and
        // the page among them newest first. Past the cap those are not the newest: the walk below reads the page.
        const matches = db
          .selectFrom('account')
          .select('account.id')
          .where(filterExpr(filter))
          .limit(searchCountCap + 1);
        const found = await db
          .with('capped_matches', () => matches)
          .selectFrom((db) =>
            db
              .selectFrom('capped_matches')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .as('capped_count'),
          )
          .leftJoin(
            (db) =>
              db
                .selectFrom('capped_matches')
                .select('id')
                .orderBy('id', 'desc')
                .limit(limit)
                .offset(offset)
                .as('capped_page'),
            (join) => join.onTrue(),
          )
          .select(['capped_count.n', 'capped_page.id'])
          .execute();
        const n = Number(found[0]?.n ?? 0);
        if (n <= searchCountCap) {
          const rows = await newestFirstRows(found.flatMap((r) => (r.id === null ? [] : [r.id])));
          return { rows, total: n, capped: false };
        }
        counted = { total: searchCountCap, capped: true };
      }
      const { total, capped } = counted ?? (filtered ? await totalOf(filter) : { total: all, capped: false });
      if (offset >= total || limit <= 0) return { rows: [], total, capped };
      // A capped total is no end to count back from: every page is read from the newest end.
      const fromOldest = !capped && offset > total / 2;
      const skip = fromOldest ? Math.max(0, total - offset - limit) : offset;
      const take = fromOldest ? Math.min(limit, total - offset) : limit;
      // Walking the primary key until enough rows match reads about (all / total) rows per match; reading the
      // matches through the filter's index and sorting them reads `total`. With the exact numbers at hand the
      // cheaper way is chosen (`id + 0` keeps the planner off the primary key's order). A term too short for the
      // trigram index has no index to read its matches through: the walk, which stops at the page.
      if (!filtered) {
        return { rows: withoutTotal(await (fromOldest ? oldestFirst : newestFirst)(take, skip)), total, capped };
      }
      // Past the cap the matches are 10,001 or more, so the walk reads at most one pass of the table for any page the
      // pager reaches, where reading them all and sorting could read every account and sort them.
      const walk = unindexed || capped || (all / Math.max(total, 1)) * (skip + take) <= total;
      const order = walk ? sql.ref('account.id') : sql`${sql.ref('account.id')} + 0`;
      const ids = db
        .selectFrom('account')
        .select('account.id')
        .where(filterExpr(filter))
        .orderBy(order, fromOldest ? 'asc' : 'desc')
        .limit(take)
        .offset(skip);
      const rows = await withNames().where('account.id', 'in', ids).orderBy('account.id', 'desc').execute();
      return { rows, total, capped };
    },
    findView(id: number) {
      return withNames().where('account.id', '=', id).executeTakeFirst();
    },
    /**
     * The posts (岗位) these accounts hold, in the posts' order (显示顺序, then id): one statement for a page, its
     * link rows joined to the posts the generic engine reads (modules/crud owns the post table).
     */
    async postsOf(accountIds: readonly number[]): Promise<AccountPostView[]> {
      if (accountIds.length === 0) return [];
      const rows = await db
        .selectFrom('account_post')
        .innerJoin(crudRowsQuery(db, 'post').as('p'), 'p.id', 'account_post.post_id')
        .select(['account_post.account_id', 'p.id as post_id', 'p.post_name'])
        .where('account_post.account_id', 'in', accountIds)
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute();
      return rows.map((r) => ({
        account_id: Number(r.account_id),
        post_id: Number(r.post_id),
        post_name: String(r.post_name),
      }));
    },
    /** The post ids an account holds. */
    async postIdsOf(accountId: number): Promise<number[]> {
      const rows = await db.selectFrom('account_post').select('post_id').where('account_id', '=', accountId).execute();
      return rows.map((r) => r.post_id);
    },
    /** The posts with these ids: name and state (what giving one to an account looks at). */
    async postStanding(ids: readonly number[]): Promise<Array<{ id: number; name: string; enabled: boolean }>> {
      const rows = await crudRows(db, 'post', ids);
      return rows.map((r) => ({ id: Number(r.id), name: String(r.post_name), enabled: Number(r.state) === 1 }));
    },
    /** Replaces the posts an account holds. */
    async setPosts(accountId: number, postIds: readonly number[]): Promise<void> {
      await db.deleteFrom('account_post').where('account_id', '=', accountId).execute();
      if (postIds.length) {
        await db
          .insertInto('account_post')
          .values(postIds.map((post_id) => ({ account_id: accountId, post_id })))
          .execute();
      }
    },
    findById(id: number) {
      return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Every password sign-in starts here: built and compiled once (platform/db/prepared.ts). */
    async findByNumber(accountNumber: string) {
      const [row] = await accountByNumber(accountNumber);
      return row;
    },
    async numberTaken(accountNumber: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('account').select('id').where('account_number', '=', accountNumber);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /**
     * Whether another account than `exceptId` holds `value` in a descriptor column (a unique field's check before a
     * write; its unique index serves it). Null is never taken.
     */
    async valueTaken(column: string, value: unknown, exceptId?: number): Promise<boolean> {
      if (value === null || value === undefined) return false;
      let q = db.selectFrom('account').select('id').where(sql.ref(column), '=', value);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.limit(1).executeTakeFirst()) !== undefined;
    },
    async insert(row: NewAccount): Promise<number> {
      const { id } = await db.insertInto('account').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(id: number, changes: AccountUpdate): Promise<void> {
      await db.updateTable('account').set(changes).where('id', '=', id).execute();
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('account').where('id', '=', id).execute();
    },
    /** The accounts of a bulk action that exist, with what its rules look at. */
    findMany(ids: readonly number[]) {
      return db.selectFrom('account').select(['id', 'builtin', 'state']).where('id', 'in', ids).execute();
    },
    async deleteMany(ids: readonly number[]): Promise<void> {
      if (ids.length) await db.deleteFrom('account').where('id', 'in', ids).execute();
    },
    /** Enabling an account also ends its wait for approval (REGISTRATION=approval). */
    async setState(ids: readonly number[], state: 0 | 1, now: string): Promise<void> {
      if (!ids.length) return;
      await db
        .updateTable('account')
        .set({ state, update_time: now, ...(state === 1 ? { pending_approval: 0 } : {}) })
        .where('id', 'in', ids)
        .execute();
    },
    orgExists(id: number) {
      return orgExists(db, id);
    },
    /** An organisation's name and whether it is enabled (状态); undefined when there is none. */
    orgStanding(id: number) {
      return orgStanding(db, id);
    },
    /**
     * Another account holding this mobile number (in any of its spellings) or e-mail; `verifiedOnly`: only one that
     * proved it with a code.
     */
    async contactHolder(
      kind: 'mobile' | 'email',
      value: string,
      exceptId: number | null,
      verifiedOnly: boolean,
    ): Promise<boolean> {
      let q = db.selectFrom('account').select('id');
      if (kind === 'mobile') {
        q = q.where('contact_number', 'in', [value, `+86${value}`, `0086${value}`]);
        if (verifiedOnly) q = q.where('contact_verified', '=', 1);
      } else {
        q = q.where((eb) => eb(eb.fn('lower', ['email']), '=', value));
        if (verifiedOnly) q = q.where('email_verified', '=', 1);
      }
      if (exceptId !== null) q = q.where('id', '<>', exceptId);
      return (await q.limit(1).executeTakeFirst()) !== undefined;
    },
    findRole(id: number) {
      return db.selectFrom('role').select(['id', 'builtin']).where('id', '=', id).executeTakeFirst();
    },
    /** The organisation self-registered accounts go to unless one is configured: the first root. */
    firstRootOrgId(): Promise<number | undefined> {
      return firstRootOrgId(db);
    },
    /** An account with its role's super-admin mark. */
    findStanding(id: number) {
      return db
        .selectFrom('account')
        .leftJoin('role', 'role.id', 'account.role_id')
        .select([
          'account.id',
          'account.account_number',
          'account.state',
          'account.role_id',
          'account.contact_number',
          'account.email',
          'account.contact_verified',
          'account.email_verified',
          'role.builtin as role_builtin',
        ])
        .where('account.id', '=', id)
        .executeTakeFirst();
    },
    /**
     * Every account of a filter in the list's order, a batch at a time: each batch starts after the
     * previous one's last sort key (keyset), so the millionth row costs what the first does and one batch is held.
     */
    async *exportBatches(accountFilter: AccountFilter, sort: AccountSort | undefined, batch: number) {
      const filter = await resolve(accountFilter);
      if (!filter) return;
      const keys = sort ? sortKeys(sort.field) : [{ expr: sql.ref('account.id'), nullable: false }];
      const order = sort?.order ?? 'desc';
      let after: unknown[] | undefined;
      for (;;) {
        let q = db
          .selectFrom('account')
          .innerJoin('org', 'org.id', 'account.org_id')
          .select([
            ...ACCOUNT_COLUMNS.map((column) => `account.${column}` as const),
            'account.builtin',
            'org.name as org_name',
          ])
          .where(filterExpr(filter));
        if (after) q = q.where(pastKeys(keys, after, order));
        for (const key of keys) q = q.orderBy(key.expr, ordering(key, order));
        const rows = await q.limit(batch).execute();
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
        const last = rows[rows.length - 1] as (typeof rows)[number];
        after = sort ? sortKeyValues(sort.field, last) : [last.id];
      }
    },
    /** The organisation tree as ids, parents and names (sheets name organisations by their path). */
    orgNodes() {
      return orgNodes(db);
    },
    /** The disabled (停用) organisations: they take no new accounts (an import reads them once). */
    async disabledOrgIds(): Promise<ReadonlySet<number>> {
      return new Set((await disabledOrgs(db)).keys());
    },
    /** Every role by name (sheets name roles by it). */
    roleNames() {
      return db.selectFrom('role').select(['id', 'name', 'builtin']).execute();
    },
    /** The accounts holding these numbers, with what an upsert and its rules look at (every descriptor column). */
    findByNumbers(numbers: readonly string[]) {
      return db
        .selectFrom('account')
        .select([...ACCOUNT_COLUMNS, 'builtin'])
        .where('account_number', 'in', numbers)
        .execute();
    },
    /**
     * The accounts holding any of `values` in a stored column of the descriptor (a unique field an import checks;
     * the caller binds a slice of values a statement).
     */
    async holdersOf(
      column: string,
      values: readonly (string | number)[],
    ): Promise<Array<{ id: number; value: unknown }>> {
      if (values.length === 0) return [];
      return db
        .selectFrom('account')
        .select(['id', sql.ref<unknown>(column).as('value')])
        .where(sql.ref(column), 'in', values)
        .execute();
    },
    /**
     * Which of these mobiles (normalised, any stored spelling) and e-mails (lower case) a *proven* holder other than
     * the accounts named keeps: an import may not take them, as a single create may not.
     */
    async provenContactsHeld(mobiles: readonly string[], emails: readonly string[]) {
      const held = { mobiles: new Map<string, string>(), emails: new Map<string, string>() };
      // In slices: a hundred thousand values are more than one statement may bind.
      for (let i = 0; i < mobiles.length; i += CONTACT_SLICE) {
        const spellings = mobiles.slice(i, i + CONTACT_SLICE).flatMap((m) => [m, `+86${m}`, `0086${m}`]);
        for (const r of await db
          .selectFrom('account')
          .select(['account_number', 'contact_number'])
          .where('contact_number', 'in', spellings)
          .where('contact_verified', '=', 1)
          .execute()) {
          held.mobiles.set(String(r.contact_number).replace(/^(\+86|0086)/, ''), r.account_number);
        }
      }
      for (let i = 0; i < emails.length; i += CONTACT_SLICE) {
        for (const r of await db
          .selectFrom('account')
          .select(['account_number', sql<string>`lower(email)`.as('email')])
          .where(sql<string>`lower(email)`, 'in', emails.slice(i, i + CONTACT_SLICE))
          .where('email_verified', '=', 1)
          .execute()) {
          held.emails.set(r.email, r.account_number);
        }
      }
      return held;
    },
    async insertMany(rows: readonly NewAccount[]): Promise<void> {
      if (rows.length) await db.insertInto('account').values(rows).execute();
    },
    /** Accounts whose mobile is `mobile`, stored with or without the +86 / 0086 prefix: the first two by id. */
    holdersOfMobile(mobile: string, within: AccountsWithin | 'proven') {
      let q = db
        .selectFrom('account')
        .select(['id', 'account_number', 'state'])
        .where('contact_number', 'in', [mobile, `+86${mobile}`, `0086${mobile}`]);
      q = within === 'proven' ? q.where('contact_verified', '=', 1) : withinAccounts(q, within);
      return q.orderBy('id').limit(2).execute();
    },
    /** Accounts whose e-mail is `email`, ignoring case: the first two by id. */
    holdersOfEmail(email: string, within: AccountsWithin | 'proven') {
      let q = db
        .selectFrom('account')
        .select(['id', 'account_number', 'state'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase());
      q = within === 'proven' ? q.where('email_verified', '=', 1) : withinAccounts(q, within);
      return q.orderBy('id').limit(2).execute();
    },
    /** Whether an account is named by `mobile` or holds it as its mobile (in any of its spellings, proven or not). */
    async mobileInUse(mobile: string): Promise<boolean> {
      const row = await db
        .selectFrom('account')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('account_number', '=', mobile),
            eb('contact_number', 'in', [mobile, `+86${mobile}`, `0086${mobile}`]),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
/** A post an account holds, as the account answers it. */
export interface AccountPostView {
  account_id: number;
  post_id: number;
  post_name: string;
}
export type AccountView = NonNullable<Awaited<ReturnType<AccountsRepository['findView']>>>;
