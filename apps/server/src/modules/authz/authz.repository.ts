import type { Kysely } from 'kysely';
import { counters } from '../../platform/db/counters.js';
import type { DB } from '../../platform/db/schema.js';
import { sessionAccounts, sessionsAccounts } from '../auth/auth.reads.js';
import { orgAncestors, orgCount, orgNames, orgParent, orgParentsOf, orgSubtrees } from '../orgs/orgs.reads.js';
import { roleGrants, roleScopeOrgs, roleStanding, roleStandings, rolesHoldingResource } from '../roles/roles.reads.js';

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
    sessionsAccounts: (sessionIds: readonly string[]) => sessionsAccounts(db, sessionIds),
    /** The account a session belongs to and, for an identity switch, the account really acting in it. */
    sessionAccounts: (sessionId: string) => sessionAccounts(db, sessionId),
    role: (id: number) => roleStanding(db, id),
    roles: () => roleStandings(db),
    /** The organisations of each role's 自定义 scope (every role's when `roleIds` is absent). */
    scopeOrgs: (roleIds?: readonly number[]) => roleScopeOrgs(db, roleIds),
    /** The organisation an account belongs to. */
    async orgOf(accountId: number): Promise<number | undefined> {
      const row = await db.selectFrom('account').select('org_id').where('id', '=', accountId).executeTakeFirst();
      return row?.org_id;
    },
    /** The ids of `rootIds` and everything below them (one recursive query for all). */
    subtrees: (rootIds: readonly number[]) => orgSubtrees(db, rootIds),
    /** The ancestors of `ids` (not `ids` themselves unless one is another's ancestor): the path down to them. */
    ancestors: (ids: readonly number[]) => orgAncestors(db, ids),
    /** An organisation's parent: null for a root, undefined when there is no such organisation. */
    parentOf: (orgId: number) => orgParent(db, orgId),
    /** The parents of these organisations (which organisations have one of them as a child). */
    parentsOf: (ids: readonly number[]) => orgParentsOf(db, ids),
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
    grantedTo: (roleId: number) => roleGrants(db, roleId),
    /** The roles granted a resource, with the super-admin role(s) (which hold everything), by id. */
    rolesHolding: (resourceId: number) => rolesHoldingResource(db, resourceId),
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
    orgCount: () => orgCount(db),
    /** Organisation names by id. */
    orgNames: (ids: readonly number[]) => orgNames(db, ids),
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
