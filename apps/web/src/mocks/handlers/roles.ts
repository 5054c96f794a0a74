import { type BodyOf, NEW_ROLE_SCOPE, routes } from '@gatehouse/contract';
import { fail, failField, handle, handleRaw } from '@/mocks/handle';
import { heldResources, mayAssignRole } from '@/mocks/permissions';
import { type MockStore, nextId, type StoredAccount, type StoredRole, toRole } from '@/mocks/store';
import { mockTableExport } from '@/mocks/table-export';
import { textOrNull } from './fields';

type RoleFields = BodyOf<typeof routes.createRole>;

/** Name unique; resources exist and are held by the caller (nobody grants what they do not hold). */
function checkedFields(store: MockStore, body: RoleFields, caller: StoredAccount, self: StoredRole | null) {
  const name = body.name.trim() || fail('请填写角色名称');
  if (store.roles.some((r) => r.name === name && r.id !== self?.id)) failField('name', `角色名称“${name}”已存在`);
  const missing = body.resources.filter((id) => !store.resources.some((r) => r.id === id));
  if (missing.length) fail(`权限不存在：${missing.join(', ')}`);
  const held = new Set(heldResources(store, caller).map((r) => r.id));
  const notHeld = store.resources.filter((r) => body.resources.includes(r.id) && !held.has(r.id));
  if (notHeld.length) fail(`不能授予您自己没有的权限：${notHeld.map((r) => r.name).join('、')}`);
  return { name, remark: textOrNull(body.remark), resources: [...body.resources] };
}

/**
 * The data scope asked for, as the server checks it: absent, NEW_ROLE_SCOPE (本组织) for a new role and the stored
 * one on edit; a 自定义 one names at least one existing organisation, the others hold none. (The mock's callers hold
 * no narrower scope of their own, so the server's 403 for a scope wider than the caller's is not played here.)
 */
function checkedScope(store: MockStore, body: RoleFields, self: StoredRole | null) {
  if (body.dataScope === undefined) {
    return self
      ? { dataScope: self.dataScope, scopeOrgIds: [...self.scopeOrgIds] }
      : { dataScope: NEW_ROLE_SCOPE, scopeOrgIds: [] };
  }
  if (body.dataScope !== 'custom') return { dataScope: body.dataScope, scopeOrgIds: [] };
  const scopeOrgIds = body.scopeOrgIds ?? [];
  if (scopeOrgIds.length === 0) fail('自定义数据权限须至少选择一个组织');
  if (scopeOrgIds.some((id) => !store.orgs.some((o) => o.id === id))) fail('自定义数据权限中的组织不存在');
  return { dataScope: body.dataScope, scopeOrgIds: [...scopeOrgIds] };
}

/** The role as `caller` sees it: `assignable` by the dominance rule. */
const shown = (store: MockStore, caller: StoredAccount, role: StoredRole) => ({
  ...toRole(store, role, mayAssignRole(store, caller, role.id)),
  // The super-admin role's scope is always 全部, as the server answers it.
  dataScope: role.builtin ? ('all' as const) : role.dataScope,
  scopeOrgIds: role.builtin ? [] : [...role.scopeOrgIds],
});

/** Editing or deleting a role wider than the caller is refused (403), as on the server. */
function assertAssignable(store: MockStore, caller: StoredAccount, role: StoredRole, title: string) {
  if (!mayAssignRole(store, caller, role.id)) fail(`角色“${role.name}”拥有您没有的权限，您不能对其执行“${title}”`, 403);
}

const SCOPE_WORDS = { all: '全部', orgTree: '本组织及以下', org: '本组织', custom: '自定义', self: '仅本人' } as const;

export const roleMocks = {
  exportRoles: handleRaw(routes.exportRoles, ({ store, query }) => {
    const needle = query.name?.toLocaleLowerCase();
    const roles = store.roles
      .map((r) => toRole(store, r, true))
      .filter((r) => !needle || r.name.toLocaleLowerCase().includes(needle));
    const names = new Map(store.resources.map((r) => [r.id, r.name]));
    return mockTableExport(
      '角色',
      query,
      [
        ['name', '角色名称', (r) => r.name],
        ['remark', '备注', (r) => r.remark],
        ['dataScope', '数据权限', (r) => SCOPE_WORDS[r.dataScope]],
        ['requireSecondFactor', '需要双因素认证', (r) => (r.requireSecondFactor ? '是' : '否')],
        ['accountCount', '账号数', (r) => r.accountCount],
        ['resources', '权限', (r) => r.resources.map((id) => names.get(id) ?? id).join('、')],
        ['createTime', '创建时间', () => null],
      ],
      roles,
    );
  }),
  listRoles: handle(routes.listRoles, (ctx) => ctx.store.roles.map((r) => shown(ctx.store, ctx.me(), r))),

  createRole: handle(routes.createRole, (ctx) => {
    const role: StoredRole = {
      id: nextId(ctx.store, 'role'),
      ...checkedFields(ctx.store, ctx.body, ctx.me(), null),
      ...checkedScope(ctx.store, ctx.body, null),
      // 需要双因素认证: absent is off for a new role, as on the server.
      requireSecondFactor: ctx.body.requireSecondFactor ?? false,
      builtin: false,
    };
    ctx.store.roles.push(role);
    return shown(ctx.store, ctx.me(), role);
  }),

  updateRole: handle(routes.updateRole, (ctx) => {
    const role = ctx.store.roles.find((r) => r.id === ctx.body.id) ?? fail('角色不存在或已被删除');
    if (role.builtin) fail('超级管理员角色是内置角色，不能修改或删除');
    assertAssignable(ctx.store, ctx.me(), role, routes.updateRole.title);
    Object.assign(role, checkedFields(ctx.store, ctx.body, ctx.me(), role), checkedScope(ctx.store, ctx.body, role));
    // Absent keeps the stored flag, as on the server.
    if (ctx.body.requireSecondFactor !== undefined) role.requireSecondFactor = ctx.body.requireSecondFactor;
    return shown(ctx.store, ctx.me(), role);
  }),

  deleteRole: handle(routes.deleteRole, (ctx) => {
    const { store, query } = ctx;
    const role = store.roles.find((r) => r.id === query.id) ?? fail('角色不存在或已被删除');
    if (role.builtin) fail('超级管理员角色是内置角色，不能修改或删除');
    assertAssignable(store, ctx.me(), role, routes.deleteRole.title);
    const holders = store.accounts.filter((a) => a.roleId === role.id).length;
    if (holders) fail(`该角色正被 ${holders} 个账号使用，不能删除`);
    store.roles.splice(store.roles.indexOf(role), 1);
    return null;
  }),
};
