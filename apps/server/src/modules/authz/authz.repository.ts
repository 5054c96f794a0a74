import { type Kysely, sql } from 'kysely';
import { counters } from '../../platform/db/counters.js';
import type { DB } from '../../platform/db/schema.js';

/** The reads the dominance rule needs: who an account, a session or a role is, and which roles exist. */
export function createAuthzRepository(db: Kysely<DB>) {
  /** Accounts with their role's super-admin mark: what the dominance rule judges an account by. */
  const accountsWithRole = () =>
    db
      .selectFrom('account')
      .leftJoin('role', 'role.id', 'account.role_id')
      .select([
        'account.id',
        'account.account_number',
        'account.builtin',
        'account.state',
        'account.role_id',
        'account.org_id',
        'role.builtin as role_builtin',
        'role.data_scope as role_data_scope',
      ]);
  return {
    /** An account with its role's super-admin mark. */
    account(id: number) {
      return accountsWithRole().where('account.id', '=', id).executeTakeFirst();
    },
    /** Accounts by id with their role's super-admin mark (bulk actions); missing ids are left out. */
    accounts(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return accountsWithRole().where('account.id', 'in', ids).execute();
    },
    /** Per session id: its account and, for an identity switch, the account really acting in it (bulk force-out). */
    async sessionsAccounts(sessionIds: readonly string[]): Promise<Map<string, number[]>> {
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
    },
    /** The account a session belongs to and, for an identity switch, the account really acting in it. */
    async sessionAccounts(sessionId: string): Promise<number[]> {
      const row = await db
        .selectFrom('session')
        .leftJoin('session as origin', 'origin.id', 'session.origin_session_id')
        .select(['session.account_id', 'origin.account_id as origin_account_id'])
        .where('session.id', '=', sessionId)
        .executeTakeFirst();
      if (!row) return [];
      return row.origin_account_id === null ? [row.account_id] : [row.account_id, row.origin_account_id];
    },
    role(id: number) {
      return db
        .selectFrom('role')
        .select(['id', 'name', 'builtin', 'data_scope'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    roles() {
      return db.selectFrom('role').select(['id', 'builtin', 'data_scope']).execute();
    },
    /** The organisations of each role's 自定义 scope (every role's when `roleIds` is absent). */
    async scopeOrgs(roleIds?: readonly number[]): Promise<Map<number, number[]>> {
      if (roleIds?.length === 0) return new Map();
      let q = db.selectFrom('role_scope_org').select(['role_id', 'org_id']).orderBy('org_id');
      if (roleIds) q = q.where('role_id', 'in', roleIds);
      const byRole = new Map<number, number[]>();
      for (const row of await q.execute()) {
        const list = byRole.get(row.role_id) ?? [];
        list.push(row.org_id);
        byRole.set(row.role_id, list);
      }
      return byRole;
    },
    /** The organisation an account belongs to. */
    async orgOf(accountId: number): Promise<number | undefined> {
      const row = await db.selectFrom('account').select('org_id').where('id', '=', accountId).executeTakeFirst();
      return row?.org_id;
    },
    /** The ids of `rootIds` and everything below them (one recursive query for all). */
    async subtrees(rootIds: readonly number[]): Promise<number[]> {
      if (rootIds.length === 0) return [];
      const { rows } = await sql<{ id: number }>`with recursive sub(id) as (
        select id from org where id in (${sql.join(rootIds)})
        union
        select child.id from org child join sub on child.pid = sub.id
      ) select id from sub`.execute(db);
      return rows.map((row) => row.id);
    },
    /** The ancestors of `ids` (not `ids` themselves unless one is another's ancestor): the path down to them. */
    async ancestors(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: number }>`with recursive up(id) as (
        select pid from org where id in (${sql.join(ids)}) and pid is not null
        union
        select org.pid from org join up on org.id = up.id where org.pid is not null
      ) select id from up`.execute(db);
      return rows.map((row) => row.id);
    },
    /** An organisation's parent: null for a root, undefined when there is no such organisation. */
    async parentOf(orgId: number): Promise<number | null | undefined> {
      const row = await db.selectFrom('org').select('pid').where('id', '=', orgId).executeTakeFirst();
      return row?.pid;
    },
    /** The parents of these organisations (which organisations have one of them as a child). */
    async parentsOf(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('org')
        .select('pid')
        .distinct()
        .where('id', 'in', ids)
        .where('pid', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.pid === null ? [] : [row.pid]));
    },
    /** An account as the explain view names it. */
    accountView(id: number) {
      return db
        .selectFrom('account')
        .innerJoin('org', 'org.id', 'account.org_id')
        .leftJoin('role', 'role.id', 'account.role_id')
        .select([
          'account.id',
          'account.account_number',
          'account.account_name',
          'account.builtin',
          'account.org_id',
          'account.role_id',
          'org.name as org_name',
          'org.pid as org_pid',
          'role.name as role_name',
          'role.builtin as role_builtin',
        ])
        .where('account.id', '=', id)
        .executeTakeFirst();
    },
    /** The resources granted to a role (its own grants, without what everyone holds). */
    async grantedTo(roleId: number): Promise<Set<number>> {
      const rows = await db.selectFrom('role_resource').select('resource_id').where('role_id', '=', roleId).execute();
      return new Set(rows.map((row) => row.resource_id));
    },
    /** The roles granted a resource, with the super-admin role(s) (which hold everything), by id. */
    rolesHolding(resourceId: number) {
      return db
        .selectFrom('role')
        .select(['role.id', 'role.name', 'role.builtin'])
        .where((eb) =>
          eb.or([
            eb('role.builtin', '=', 1),
            eb.exists(
              eb
                .selectFrom('role_resource')
                .select('role_resource.role_id')
                .whereRef('role_resource.role_id', '=', 'role.id')
                .where('role_resource.resource_id', '=', resourceId),
            ),
          ]),
        )
        .orderBy('role.id')
        .execute();
    },
    /** Accounts per role (the trigger-kept counters of 0009). */
    async accountsPerRole(roleIds: readonly number[]): Promise<Map<number, number>> {
      if (roleIds.length === 0) return new Map();
      const rows = await counters(
        db,
        roleIds.map((id) => `role:${id}`),
      );
      return new Map(rows.map((row) => [Number(row.name.slice(5)), Number(row.n)]));
    },
    /** How many organisations there are. */
    async orgCount(): Promise<number> {
      const row = await db
        .selectFrom('org')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Organisation names by id. */
    async orgNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('org').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },
    /** How many accounts belong to these organisations (every account when `orgIds` is absent). */
    async accountCount(orgIds?: readonly number[]): Promise<number> {
      if (orgIds?.length === 0) return 0;
      let q = db.selectFrom('account').select((eb) => eb.fn.countAll<string | number>().as('n'));
      if (orgIds) q = q.where('org_id', 'in', orgIds);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
    /**
     * Whether an account other than these holds the role: outside the organisations `orgIds`, or other than the
     * account `accountId` (a role edited by a scoped administrator).
     */
    async heldOutside(roleId: number, within: { orgIds: readonly number[] } | { accountId: number }) {
      let q = db.selectFrom('account').select('id').where('role_id', '=', roleId);
      if ('accountId' in within) q = q.where('id', '<>', within.accountId);
      else if (within.orgIds.length > 0) q = q.where('org_id', 'not in', within.orgIds);
      return (await q.limit(1).executeTakeFirst()) !== undefined;
    },
  };
}

export type AuthzRepository = ReturnType<typeof createAuthzRepository>;
