import { routes } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import type { Resource } from '@/components/resource-tree';
import type { Role } from '@/features/roles/api/roles.api';
import {
  emptyRoleForm,
  isAlwaysHeld,
  toCreateRoleBody,
  toRoleFormValues,
  toUpdateRoleBody,
  unmetPrerequisites,
  withPrerequisites,
} from './role-form';

const role: Role = {
  id: 4,
  name: '审计员',
  remark: null,
  resources: [1, 2, 21],
  builtin: false,
  accountCount: 2,
  assignable: true,
  dataScope: 'orgTree',
  scopeOrgIds: [],
  requireSecondFactor: false,
};

describe('role form mapping', () => {
  it('opens the editor with the role’s resources and data scope', () => {
    expect(toRoleFormValues(role)).toEqual({
      name: '审计员',
      remark: '',
      resources: [1, 2, 21],
      dataScope: 'orgTree',
      scopeOrgIds: [],
      requireSecondFactor: false,
    });
    expect(toRoleFormValues({ ...role, requireSecondFactor: true })).toMatchObject({ requireSecondFactor: true });
    expect(toRoleFormValues({ ...role, dataScope: 'custom', scopeOrgIds: [3, 7] })).toMatchObject({
      dataScope: 'custom',
      scopeOrgIds: [3, 7],
    });
    // The super-admin role is 全部, whatever was stored.
    expect(toRoleFormValues({ ...role, builtin: true, dataScope: 'self' })).toMatchObject({ dataScope: 'all' });
  });

  it('trims the name and sends a blank remark as null', () => {
    expect(toCreateRoleBody({ ...emptyRoleForm, name: ' 访客 ', remark: '   ', resources: [3] })).toEqual({
      name: '访客',
      remark: null,
      resources: [3],
      // A new role's scope starts at 本组织 (least privilege), not 全部.
      dataScope: 'org',
      requireSecondFactor: false,
    });
    expect(
      toUpdateRoleBody(role, {
        name: '审计员',
        remark: ' 只读 ',
        resources: [21],
        dataScope: 'org',
        scopeOrgIds: [],
        requireSecondFactor: true,
      }),
    ).toEqual({
      id: 4,
      name: '审计员',
      remark: '只读',
      resources: [21],
      dataScope: 'org',
      requireSecondFactor: true,
    });
  });

  it('sends the organisations of a 自定义 scope, and none with another scope', () => {
    const values = { name: '审计员', remark: '', resources: [21], scopeOrgIds: [2, 3], requireSecondFactor: false };
    expect(toCreateRoleBody({ ...values, dataScope: 'custom' })).toMatchObject({
      dataScope: 'custom',
      scopeOrgIds: [2, 3],
    });
    // Picked before another scope was chosen: left out.
    expect(toUpdateRoleBody(role, { ...values, dataScope: 'self' })).not.toHaveProperty('scopeOrgIds');
  });
});

describe('what every signed-in account holds without a grant', () => {
  const resource = (fields: Partial<Resource>): Resource => ({
    id: 1,
    pid: null,
    name: 'r',
    type: 1,
    route: null,
    method: null,
    url: null,
    remark: null,
    orderNum: 0,
    icon: null,
    builtin: true,
    ...fields,
  });
  const api = (route: { method: string; path: string }) =>
    resource({ type: 1, method: route.method.toLowerCase(), url: route.path });
  const menu = (path: string) => resource({ type: 0, route: path });

  it('the APIs of open and signed-in routes, always; a permission route never', () => {
    expect(isAlwaysHeld(api(routes.login))).toBe(true);
    expect(isAlwaysHeld(api(routes.getAccountInfo))).toBe(true);
    expect(isAlwaysHeld(api(routes.updateProfile))).toBe(routes.updateProfile.access !== 'permission');
    expect(isAlwaysHeld(api(routes.listAccounts))).toBe(false);
  });

  it('首页 and 个人信息 (never a grant, access control on or off); other menus never', () => {
    expect(isAlwaysHeld(menu('/'))).toBe(true);
    expect(isAlwaysHeld(menu('/system/Profile'))).toBe(true);
    expect(isAlwaysHeld(menu('/user/Account'))).toBe(false);
    expect(isAlwaysHeld(menu('/system'))).toBe(false);
  });
});

describe('what an action needs to be usable: its screen’s list (the route declared `screen`)', () => {
  let nextId = 0;
  const api = (route: { method: string; path: string; title: string }, pid: number): Resource => ({
    id: ++nextId,
    pid,
    name: route.title,
    type: 1,
    route: null,
    method: route.method.toLowerCase(),
    url: route.path,
    remark: null,
    orderNum: 0,
    icon: null,
    builtin: true,
  });
  // Filed under their menus (账号管理 100, 字典管理 200) as the server files them.
  const list = api(routes.listAccounts, 100);
  const reset = api(routes.resetAccountPassword, 100);
  const dicts = api(routes.listDicts, 200);
  const addItem = api(routes.createDictItem, 200);
  const tree = [list, reset, dicts, addItem];
  const all = () => true;

  it('brings the screen’s list along with a newly ticked action, and says for which', () => {
    const { ids, added } = withPrerequisites(tree, [], [reset.id], all);
    expect(ids).toEqual([list.id, reset.id].sort((a, b) => a - b));
    expect(added).toEqual([{ action: reset, needs: [list] }]);
    // Already ticked before this change: nothing is brought (unticking the list stays the editor's choice).
    expect(withPrerequisites(tree, [reset.id], [reset.id], all)).toEqual({ ids: [reset.id], added: [] });
  });

  it('brings nothing the editor may not grant, and still reports it missing', () => {
    const { ids, added } = withPrerequisites(tree, [], [addItem.id], (r) => r.id !== dicts.id);
    expect([ids, added]).toEqual([[addItem.id], []]);
    expect(unmetPrerequisites(tree, ids)).toEqual([{ action: addItem, needs: [dicts] }]);
    expect(unmetPrerequisites(tree, [list.id, reset.id, dicts.id, addItem.id])).toEqual([]);
    // Another menu's list is no prerequisite.
    expect(unmetPrerequisites(tree, [reset.id, dicts.id])).toEqual([{ action: reset, needs: [list] }]);
  });

  it('a descriptor-served entity’s action brings its list along too (its list route declares `screen`)', () => {
    const posts = api(routes.listPosts, 300);
    const editPost = api(routes.updatePost, 300);
    const { ids } = withPrerequisites([...tree, posts, editPost], [], [editPost.id], all);
    expect(ids).toEqual([posts.id, editPost.id].sort((a, b) => a - b));
  });
});
