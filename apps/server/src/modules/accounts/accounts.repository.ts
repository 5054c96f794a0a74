import { type Expression, type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { AccountUpdate, DB, NewAccount } from '../../platform/db/schema.js';
import { subtreeIdsSql } from '../../platform/db/tree.js';

export interface AccountFilter {
  accountNumber?: string;
  accountName?: string;
  /** The organisation whose subtree the accounts belong to. */
  orgId?: number;
}

/** Escapes LIKE wildcards so a filter matches its text literally, as a prefix. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface ResolvedFilter {
  accountNumber?: string;
  accountName?: string;
  orgIds?: number[];
}

export function createAccountsRepository(db: Kysely<DB>) {
  const withNames = (on: Kysely<DB> = db) =>
    on
      .selectFrom('account')
      .innerJoin('org', 'org.id', 'account.org_id')
      .leftJoin('role', 'role.id', 'account.role_id')
      .select([
        'account.id',
        'account.account_number',
        'account.account_name',
        'account.avatar',
        'account.contact_number',
        'account.email',
        'account.state',
        'account.create_time',
        'account.org_id',
        'account.role_id',
        'account.builtin',
        'account.address',
        'account.introduction',
        'account.company',
        'account.region_id',
        'org.name as org_name',
        'org.full_name as org_full_name',
        'role.name as role_name',
      ]);

  /** The unfiltered list (the account screen as it opens) and its total: compiled once, newest or oldest first. */
  const accountByNumber = preparedQuery(db, (db, accountNumber: string) =>
    db.selectFrom('account').selectAll().where('account_number', '=', accountNumber),
  );
  const accountCount = preparedQuery(db, (db, name: string) =>
    db.selectFrom('row_count').select('n').where('name', '=', name),
  );
  // Each page also answers the total in the same statement (one round trip less on PostgreSQL).
  const unfiltered = (db: Kysely<DB>, direction: 'asc' | 'desc', take: Expression<number> | number, skip?: number) => {
    let ids = db.selectFrom('account').select('account.id').orderBy('account.id', direction).limit(take);
    if (skip !== undefined) ids = ids.offset(skip);
    return withNames(db)
      .select((eb) => eb.selectFrom('row_count').select('n').where('name', '=', 'account').as('total_count'))
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

  /** The list filters as one boolean expression (prefix matches and an id list that indexes can serve). */
  const filterExpr = (f: ResolvedFilter) => {
    const parts = [];
    if (f.accountNumber) parts.push(sql`account.account_number like ${prefixPattern(f.accountNumber)} escape '\\'`);
    if (f.accountName) parts.push(sql`account.account_name like ${prefixPattern(f.accountName)} escape '\\'`);
    if (f.orgIds) parts.push(sql`account.org_id in (${sql.join(f.orgIds)})`);
    return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`1 = 1`;
  };

  /**
   * The organisation filter as the subtree's ids, so the planner knows how many there are (a recursive CTE
   * inside the query hides that); none at all when the subtree is the whole (single-rooted) tree.
   */
  async function resolve(f: AccountFilter): Promise<ResolvedFilter | undefined> {
    if (f.orgId === undefined) return { accountNumber: f.accountNumber, accountName: f.accountName };
    const org = await db.selectFrom('org').select('pid').where('id', '=', f.orgId).executeTakeFirst();
    if (!org) return undefined;
    if (org.pid === null) {
      const roots = await db
        .selectFrom('org')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('pid', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(roots.n) === 1) return { accountNumber: f.accountNumber, accountName: f.accountName };
    }
    const { rows } = await subtreeIdsSql('org', f.orgId).execute(db);
    return { accountNumber: f.accountNumber, accountName: f.accountName, orgIds: rows.map((r) => r.id) };
  }

  return {
    /**
     * One page, newest first. The unfiltered total is the trigger-kept counter (no COUNT over every account);
     * the page's ids are found before the joins, and pages past the middle are read from the oldest end so the
     * last page costs what the first does.
     */
    async page(accountFilter: AccountFilter, offset: number, limit: number) {
      const filter = await resolve(accountFilter);
      if (!filter) return { rows: [], total: 0 };
      const filtered = filter.accountNumber || filter.accountName || filter.orgIds;
      if (!filtered && limit > 0 && (offset === 0 || (knownTotal !== undefined && offset <= knownTotal / 2))) {
        // The first page, or most likely one of the newer half: one statement answers rows and total.
        const rows = await (offset === 0 ? firstPage(limit) : newestFirst(limit, offset));
        const counted = rows[0]?.total_count;
        if (counted !== undefined && counted !== null) {
          knownTotal = Number(counted);
          return { rows: withoutTotal(rows), total: knownTotal };
        }
      }
      const all = Number((await accountCount('account'))[0]?.n ?? 0);
      knownTotal = all;
      const total = filtered
        ? Number(
            (
              await db
                .selectFrom('account')
                .select((eb) => eb.fn.countAll<string | number>().as('n'))
                .where(filterExpr(filter))
                .executeTakeFirstOrThrow()
            ).n,
          )
        : all;
      if (offset >= total || limit <= 0) return { rows: [], total };
      const fromOldest = offset > total / 2;
      const skip = fromOldest ? Math.max(0, total - offset - limit) : offset;
      const take = fromOldest ? Math.min(limit, total - offset) : limit;
      // Walking the primary key until enough rows match reads about (all / total) rows per match; reading the
      // matches through the filter's index and sorting them reads `total`. With the exact numbers at hand the
      // cheaper way is chosen (`id + 0` keeps the planner off the primary key's order).
      if (!filtered) return { rows: withoutTotal(await (fromOldest ? oldestFirst : newestFirst)(take, skip)), total };
      const walk = (all / Math.max(total, 1)) * (skip + take) <= total;
      const order = walk ? sql.ref('account.id') : sql`${sql.ref('account.id')} + 0`;
      const ids = db
        .selectFrom('account')
        .select('account.id')
        .where(filterExpr(filter))
        .orderBy(order, fromOldest ? 'asc' : 'desc')
        .limit(take)
        .offset(skip);
      const rows = await withNames().where('account.id', 'in', ids).orderBy('account.id', 'desc').execute();
      return { rows, total };
    },
    findView(id: number) {
      return withNames().where('account.id', '=', id).executeTakeFirst();
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
    async orgExists(id: number) {
      return (await db.selectFrom('org').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
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
    async firstRootOrgId(): Promise<number | undefined> {
      const row = await db.selectFrom('org').select('id').where('pid', 'is', null).orderBy('id').executeTakeFirst();
      return row?.id;
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
          'role.builtin as role_builtin',
        ])
        .where('account.id', '=', id)
        .executeTakeFirst();
    },
    /** Accounts whose mobile is `mobile`, stored with or without the +86 / 0086 prefix: the first two by id. */
    holdersOfMobile(mobile: string) {
      return db
        .selectFrom('account')
        .select(['id', 'account_number', 'state'])
        .where('contact_number', 'in', [mobile, `+86${mobile}`, `0086${mobile}`])
        .orderBy('id')
        .limit(2)
        .execute();
    },
    /** Accounts whose e-mail is `email`, ignoring case: the first two by id. */
    holdersOfEmail(email: string) {
      return db
        .selectFrom('account')
        .select(['id', 'account_number', 'state'])
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .orderBy('id')
        .limit(2)
        .execute();
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
export type AccountView = NonNullable<Awaited<ReturnType<AccountsRepository['findView']>>>;
