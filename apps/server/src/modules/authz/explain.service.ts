import type { AccountRow, Page, Resource } from '@gatehouse/contract';
import type { Static } from 'typebox';
import type { ResourceRow } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { ResourcesService } from '../resources/resources.service.js';
import { accountNameOf, orgNameOf, roleNameOf } from '../setup/seeded-names.js';
import type { AuthzRepository } from './authz.repository.js';
import type { Authz } from './authz.service.js';
import type { AccountsWithin } from './data-scope.js';

type AccountPage = Static<ReturnType<typeof Page<typeof AccountRow>>>;

export interface ExplainDeps {
  repo: AuthzRepository;
  authz: Authz;
  resources: ResourcesService;
  toResource: (row: ResourceRow) => Static<typeof Resource>;
  /**
   * The account list's first page as `principal` sees it (modules/accounts: the same query as GET /account/s), kept
   * within `alsoWithin` too (the caller's scope); throws the guard's 403 when `principal` may not load it.
   */
  firstAccountPage: (principal: Principal, alsoWithin?: AccountsWithin) => Promise<AccountPage>;
}

/**
 * 权限说明 and 权限预览: why an account may do what it may, who holds a resource, and what an account or a
 * role would see, computed by the very rules that decide (modules/authz), never by a copy of them.
 */
export function createExplainService({ repo, authz, resources, toResource, firstAccountPage }: ExplainDeps) {
  /** What everyone holds whatever its role (open and signed-in APIs, everyone's menus): a role-less holding. */
  const everyoneHolds = async () => new Set((await resources.permissionsOf(null, false)).map((r) => r.id));

  return {
    async explainAccount(id: number) {
      const account = await repo.accountView(id);
      if (!account) throw badRequest(t('account.notFound'));
      const superAdmin = account.role_builtin === 1;
      const [held, granted, everyone, scope] = await Promise.all([
        resources.permissionsOf(account.role_id, superAdmin),
        account.role_id === null ? new Set<number>() : repo.grantedTo(account.role_id),
        everyoneHolds(),
        authz.scopeOfHolder(account.id, account.role_id, account.org_id),
      ]);
      const roleName = roleNameOf(account.role_name ?? '', superAdmin);
      return {
        account: {
          id: account.id,
          accountNumber: account.account_number,
          accountName: accountNameOf(account.account_name, account.builtin),
          orgName: orgNameOf(account.org_name, account.org_pid),
        },
        role: account.role_id === null ? null : { id: account.role_id, name: roleName, builtin: superAdmin },
        resources: held.map((row) => {
          const by: string[] = [];
          if (superAdmin || granted.has(row.id)) by.push(roleName);
          if (everyone.has(row.id)) by.push(t('explain.everyone'));
          return { ...toResource(row), grantedBy: by };
        }),
        scope: await authz.summary(scope),
      };
    },

    async explainResource(id: number) {
      const row = (await resources.permissionsOf(null, true)).find((r) => r.id === id);
      if (!row) throw badRequest(t('resource.notFound'));
      const [roles, everyone] = await Promise.all([repo.rolesHolding(id), everyoneHolds()]);
      const counts = await repo.accountsPerRole(roles.map((role) => role.id));
      const listed = roles.map((role) => ({
        id: role.id,
        name: roleNameOf(role.name, role.builtin),
        builtin: role.builtin === 1,
        accountCount: counts.get(role.id) ?? 0,
      }));
      return {
        resource: toResource(row),
        everyone: everyone.has(id),
        roles: listed,
        accountCount: listed.reduce((sum, role) => sum + role.accountCount, 0),
      };
    },

    /**
     * What an account, or a role held by an account of `orgId` (the caller's own organisation by default), would
     * see: its permissions, its scope and its first page of accounts, through a principal that signs nobody in.
     */
    async viewAs(caller: Principal, query: { accountId?: number; roleId?: number; orgId?: number }) {
      if ((query.accountId === undefined) === (query.roleId === undefined)) {
        throw badRequest(t('explain.viewAsOne'));
      }
      let principal: Principal;
      if (query.accountId !== undefined) {
        const account = await repo.accountView(query.accountId);
        if (!account) throw badRequest(t('account.notFound'));
        principal = authz.previewPrincipal({
          accountId: account.id,
          accountNumber: account.account_number,
          roleId: account.role_id,
          superAdmin: account.role_builtin === 1,
        });
      } else {
        const role = await repo.role(query.roleId!);
        if (!role) throw badRequest(t('role.notFound'));
        // By default a holder in the caller's own organisation, when the caller's scope reaches it; else in the first
        // organisation its scope is made of (an explicit orgId is judged by the route's 'org' subject).
        const callerScope = await authz.scopeOf(caller);
        const own = await repo.orgOf(caller.accountId);
        const orgId =
          query.orgId ??
          (callerScope.kind === 'orgs' && (own === undefined || !callerScope.orgIds.has(own))
            ? callerScope.roots[0]
            : own);
        principal = authz.previewPrincipal(
          { accountId: 0, accountNumber: '', roleId: role.id, superAdmin: role.builtin === 1 },
          orgId,
        );
      }
      const scope = await authz.scopeOf(principal);
      const callerWithin = await authz.accountsWithin(caller);
      const [permissions, summary, accounts] = await Promise.all([
        resources.permissionsOf(principal.roleId, principal.superAdmin),
        authz.summary(scope),
        // What the preview lists stays inside the caller's own scope, whatever the previewed one reaches; a session
        // that may not load the list is refused as the guard refuses it, and the preview says so.
        firstAccountPage(principal, callerWithin).then(
          (page): { page?: AccountPage; refused?: string } => ({ page }),
          (error: unknown): { page?: AccountPage; refused?: string } => {
            if (error instanceof AppError && error.status === 403) return { refused: error.message };
            throw error;
          },
        ),
      ]);
      return {
        permissions: permissions.map(toResource),
        scope: summary,
        accounts: accounts.page ?? { list: [], totalCount: 0, totalPage: 0 },
        ...(accounts.refused === undefined ? {} : { accountsRefused: accounts.refused }),
      };
    },
  };
}

export type ExplainService = ReturnType<typeof createExplainService>;
