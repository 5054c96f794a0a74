import { type Kysely, sql } from 'kysely';
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

export function createAccountsRepository(db: Kysely<DB>) {
  const withNames = () =>
    db
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

  /** The list filters as one boolean expression (both are prefix matches that an index can serve). */
  const filterExpr = (f: AccountFilter) => {
    const parts = [];
    if (f.accountNumber) parts.push(sql`account.account_number like ${prefixPattern(f.accountNumber)} escape '\\'`);
    if (f.accountName) parts.push(sql`account.account_name like ${prefixPattern(f.accountName)} escape '\\'`);
    if (f.orgId !== undefined) parts.push(sql`account.org_id in (${subtreeIdsSql('org', f.orgId)})`);
    return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`1 = 1`;
  };

  return {
    async page(filter: AccountFilter, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        withNames().where(filterExpr(filter)).orderBy('account.id', 'desc').limit(limit).offset(offset).execute(),
        db
          .selectFrom('account')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(filterExpr(filter))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    findView(id: number) {
      return withNames().where('account.id', '=', id).executeTakeFirst();
    },
    findById(id: number) {
      return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByNumber(accountNumber: string) {
      return db.selectFrom('account').selectAll().where('account_number', '=', accountNumber).executeTakeFirst();
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
    findRole(id: number) {
      return db.selectFrom('role').select(['id', 'builtin']).where('id', '=', id).executeTakeFirst();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type AccountView = NonNullable<Awaited<ReturnType<AccountsRepository['findView']>>>;
