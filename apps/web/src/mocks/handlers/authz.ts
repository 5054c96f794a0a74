import { flattenMenus, menus, type ResponseOf, type RouteDef, resourceKey, routes } from '@gatehouse/contract';
import { fail, handle } from '@/mocks/handle';
import { heldResources, mayAssignRole, mayManageAccount, permissionRefusal } from '@/mocks/permissions';
import { type MockStore, type StoredAccount, type StoredRole, subtreeIds, toAccount } from '@/mocks/store';

type ScopeSummary = ResponseOf<typeof routes.viewAs>['scope'];

/** The first page of the previewed account list: the newest accounts first, as the account screen opens. */
const PREVIEW_PAGE_SIZE = 10;

/**
 * A data scope applied to one holder, as the server's modules/authz/data-scope resolves it: every account, the
 * accounts of a set of organisations (本组织, 本组织及以下, 自定义; `roots` are the organisations it is made of), or
 * the holder's own account.
 */
type Scope =
  | { kind: 'all' }
  | { kind: 'orgs'; dataScope: 'orgTree' | 'org' | 'custom'; orgIds: ReadonlySet<number>; roots: readonly number[] }
  | { kind: 'self'; accountId: number; orgId: number };

/** Who a scope is resolved for: an account of organisation `orgId` holding `role` (none: no role). */
interface Holder {
  accountId: number;
  orgId: number;
  role: StoredRole | undefined;
}

const roleOf = (store: MockStore, roleId: number | null) =>
  roleId === null ? undefined : store.roles.find((r) => r.id === roleId);

function resolveScope(store: MockStore, { accountId, orgId, role }: Holder): Scope {
  if (role?.builtin) return { kind: 'all' };
  // An account without a role holds nothing: it sees itself only.
  if (!role || role.dataScope === 'self') return { kind: 'self', accountId, orgId };
  if (role.dataScope === 'org' || role.dataScope === 'orgTree' || role.dataScope === 'custom') {
    const roots = role.dataScope === 'custom' ? [...role.scopeOrgIds] : [orgId];
    const orgIds =
      role.dataScope === 'org' ? new Set(roots) : new Set(roots.flatMap((id) => [...subtreeIds(store.orgs, id)]));
    return { kind: 'orgs', dataScope: role.dataScope, orgIds, roots };
  }
  return { kind: 'all' };
}

const holds = (scope: Scope, account: StoredAccount) =>
  scope.kind === 'all' || (scope.kind === 'self' ? account.id === scope.accountId : scope.orgIds.has(account.orgId));

/** The scope in words (zh-CN, as the server answers a zh-CN request), with what it reaches. */
function summarise(store: MockStore, scope: Scope): ScopeSummary {
  if (scope.kind === 'all') {
    const accounts = store.accounts.length;
    return {
      dataScope: 'all',
      orgs: [],
      orgCount: null,
      accountCount: accounts,
      text: `全部数据（${accounts} 个账号）`,
    };
  }
  if (scope.kind === 'self') {
    const org = store.orgs.find((o) => o.id === scope.orgId);
    return {
      dataScope: 'self',
      orgs: org ? [{ id: org.id, name: org.name }] : [],
      orgCount: 0,
      accountCount: 1,
      text: '仅本人（只能看到和修改自己的账号）',
    };
  }
  const orgs = scope.roots.flatMap((id) => {
    const org = store.orgs.find((o) => o.id === id);
    return org ? [{ id: org.id, name: org.name }] : [];
  });
  const accounts = store.accounts.filter((a) => scope.orgIds.has(a.orgId)).length;
  const listed = orgs.map((org) => org.name).join('、') || '无组织';
  const below = Math.max(0, scope.orgIds.size - orgs.length);
  const text =
    scope.dataScope === 'org'
      ? `本组织：${listed}（${accounts} 个账号）`
      : `${scope.dataScope === 'orgTree' ? '本组织及以下' : '自定义'}：${listed}（含 ${below} 个下级组织，${accounts} 个账号）`;
  return { dataScope: scope.dataScope, orgs, orgCount: scope.orgIds.size, accountCount: accounts, text };
}

const holderOf = (store: MockStore, account: StoredAccount): Holder => ({
  accountId: account.id,
  orgId: account.orgId,
  role: roleOf(store, account.roleId),
});

/** The caller's own scope, which everything it explains or previews must lie within. */
const callerScope = (store: MockStore, me: StoredAccount) => resolveScope(store, holderOf(store, me));

/** The account must be within the caller's reach: its data scope and the dominance rule (403 as on the server). */
function assertReaches(store: MockStore, me: StoredAccount, target: StoredAccount, title: string) {
  if (target.id !== me.id && !holds(callerScope(store, me), target)) {
    fail(`账号“${target.accountNumber}”不在您的数据权限范围内，您不能对其执行“${title}”`, 403);
  }
  if (!mayManageAccount(store, me, target)) {
    fail(
      target.builtin
        ? `内置管理员账号只能由其本人操作，不能执行“${title}”`
        : `账号“${target.accountNumber}”拥有您没有的权限，您不能对其执行“${title}”`,
      403,
    );
  }
}

/** How each contract route is reached without a grant: 'open' (no session), 'signed-in', or not at all. */
const freeAccess = new Map(
  Object.values(routes as Record<string, RouteDef>).flatMap((route) =>
    route.access === 'permission' ? [] : [[resourceKey(route.method, route.path), route.access] as const],
  ),
);
const everyoneMenus = new Set(flattenMenus(menus).flatMap((menu) => (menu.everyone ? [menu.path] : [])));

/** Why every account holds a resource whatever its role (an open or signed-in API, 首页 and 个人信息), or null. */
function everyoneReason(resource: { type: number; method: string | null; url: string | null; route: string | null }) {
  if (resource.type === 1) {
    const access = freeAccess.get(resourceKey(resource.method ?? '', resource.url ?? ''));
    if (access === 'open') return '开放接口（无需登录）';
    if (access === 'signed-in') return '所有已登录账号';
    return null;
  }
  return resource.route !== null && everyoneMenus.has(resource.route) ? '所有已登录账号' : null;
}

export const authzMocks = {
  explainAccount: handle(routes.explainAccount, (ctx) => {
    const { store, query } = ctx;
    const account = store.accounts.find((a) => a.id === query.id) ?? fail('账号不存在或已被删除');
    assertReaches(store, ctx.me(), account, routes.explainAccount.title);
    const role = roleOf(store, account.roleId);
    const resources = heldResources(store, account).map((resource) => {
      const grantedBy: string[] = [];
      if (role && (role.builtin || role.resources.includes(resource.id))) grantedBy.push(role.name);
      const everyone = everyoneReason(resource);
      if (everyone) grantedBy.push(everyone);
      return { ...resource, grantedBy };
    });
    const org = store.orgs.find((o) => o.id === account.orgId);
    return {
      account: {
        id: account.id,
        accountNumber: account.accountNumber,
        accountName: account.accountName,
        orgName: org?.name ?? '',
      },
      role: role ? { id: role.id, name: role.name, builtin: role.builtin } : null,
      resources,
      scope: summarise(store, resolveScope(store, holderOf(store, account))),
    };
  }),

  explainResource: handle(routes.explainResource, ({ store, query }) => {
    const resource = store.resources.find((r) => r.id === query.id) ?? fail('资源不存在或已被删除');
    const roles = store.roles
      .filter((role) => role.builtin || role.resources.includes(resource.id))
      .map((role) => ({
        id: role.id,
        name: role.name,
        builtin: role.builtin,
        accountCount: store.accounts.filter((a) => a.roleId === role.id).length,
      }));
    return {
      resource,
      everyone: everyoneReason(resource) !== null,
      roles,
      // An account holds one role at most: the roles' counts add up without counting anyone twice.
      accountCount: roles.reduce((sum, role) => sum + role.accountCount, 0),
    };
  }),

  viewAs: handle(routes.viewAs, (ctx) => {
    const { store, query } = ctx;
    const me = ctx.me();
    const title = routes.viewAs.title;
    if ((query.accountId === undefined) === (query.roleId === undefined)) fail('请指定要预览的账号或角色（二选一）');
    let holder: Holder;
    // Who the list's rows are judged for (its `manageable`), and whose permissions GET /getPermissions would answer.
    let actor: StoredAccount;
    if (query.accountId !== undefined) {
      if (query.orgId !== undefined) fail('预览账号时不能指定所属组织');
      const account = store.accounts.find((a) => a.id === query.accountId) ?? fail('账号不存在或已被删除');
      assertReaches(store, me, account, title);
      holder = holderOf(store, account);
      actor = account;
    } else {
      const role = roleOf(store, query.roleId ?? null) ?? fail('角色不存在或已被删除');
      if (!mayAssignRole(store, me, role.id)) fail(`角色“${role.name}”拥有您没有的权限，您不能对其执行“${title}”`, 403);
      const orgId = query.orgId ?? me.orgId;
      if (!store.orgs.some((o) => o.id === orgId)) fail('所属组织不存在');
      const scope = callerScope(store, me);
      if (scope.kind === 'self' || (scope.kind === 'orgs' && !scope.orgIds.has(orgId))) {
        fail(`该组织不在您的数据权限范围内，您不能执行“${title}”`, 403);
      }
      // Nobody in particular: a holder of the role in that organisation (仅本人 then reaches no listed account).
      holder = { accountId: 0, orgId, role };
      actor = { ...me, id: 0, orgId, roleId: role.id, builtin: false };
    }
    const scope = resolveScope(store, holder);
    // The account list as the previewed session would load it: refused as the guard refuses it.
    const refused = permissionRefusal(store, actor, routes.listAccounts);
    const visible = refused
      ? []
      : store.accounts.filter((a) => holds(scope, a)).sort((a, b) => b.createTime - a.createTime || b.id - a.id);
    return {
      permissions: heldResources(store, actor),
      scope: summarise(store, scope),
      accounts: {
        list: visible
          .slice(0, PREVIEW_PAGE_SIZE)
          .map((a) => ({ ...toAccount(store, a), manageable: mayManageAccount(store, actor, a) })),
        totalCount: visible.length,
        totalPage: Math.ceil(visible.length / PREVIEW_PAGE_SIZE),
      },
      ...(refused ? { accountsRefused: refused } : {}),
    };
  }),
};
