import { describe, expect, it } from 'vitest';
import {
  buildResourceTree,
  checkedFromSaved,
  everythingState,
  halfCheckedOf,
  isSubtreeChecked,
  linkageKeeps,
  type Resource,
  savedIds,
  searchTree,
  setEverything,
  splitByKeyword,
  toggleNode,
  toggleSubtree,
} from './resource-tree-model';

const menu = (id: number, pid: number | null, name: string, route: string, orderNum = id): Resource => ({
  id,
  pid,
  name,
  type: 0,
  route,
  method: null,
  url: null,
  remark: null,
  orderNum,
  icon: null,
  builtin: true,
});

const api = (id: number, pid: number | null, name: string, method: string, url: string, orderNum = id): Resource => ({
  id,
  pid,
  name,
  type: 1,
  route: null,
  method,
  url,
  remark: null,
  orderNum,
  icon: null,
  builtin: true,
});

// 用户管理 › 账号管理 › (账号列表, 添加账号, 删除账号); 用户管理 › 角色管理 › 角色列表; 首页; 登录 (root API)
const resources: Resource[] = [
  api(20, 2, '删除账号', 'delete', '/account', 3),
  api(21, 2, '账号列表', 'get', '/account/s', 1),
  api(22, 2, '添加账号', 'post', '/account', 2),
  menu(1, null, '用户管理', '/user', 2),
  menu(2, 1, '账号管理', '/user/Account', 1),
  menu(3, 1, '角色管理', '/user/Role', 2),
  api(30, 3, '角色列表', 'get', '/role/s'),
  menu(4, null, '首页', '/', 1),
  api(5, null, '登录', 'post', '/login', 100),
];

const model = buildResourceTree(resources);
const names = (ids: Iterable<number>) => [...ids].map((id) => model.byId.get(id)?.resource.name).sort();

describe('buildResourceTree', () => {
  it('nests by pid and orders siblings by orderNum', () => {
    expect(model.roots.map((n) => n.resource.name)).toEqual(['首页', '用户管理', '登录']);
    const user = model.roots[1];
    expect(user?.children.map((n) => n.resource.name)).toEqual(['账号管理', '角色管理']);
    expect(user?.children[0]?.children.map((n) => n.resource.name)).toEqual(['账号列表', '添加账号', '删除账号']);
    expect(model.byId.get(21)?.parentId).toBe(2);
  });

  it('makes orphans roots and cuts pid cycles instead of looping', () => {
    const tree = buildResourceTree([menu(1, 99, '孤儿', '/a'), menu(2, 3, '甲', '/b'), menu(3, 2, '乙', '/c')]);
    expect(tree.roots.map((n) => n.resource.name)).toEqual(['孤儿', '甲']);
    expect(tree.roots[1]?.children.map((n) => n.resource.name)).toEqual(['乙']);
    expect(tree.byId.get(3)?.children).toEqual([]);
  });
});

describe('checking', () => {
  it('checking one API leaves its menus half-checked, and saves those menus too', () => {
    const checked = toggleSubtree(model, new Set(), 21);
    expect(names(checked)).toEqual(['账号列表']);
    expect(names(halfCheckedOf(model, checked))).toEqual(['用户管理', '账号管理']);
    // The menus above a granted API are saved so the screen stays reachable.
    expect(savedIds(model, checked)).toEqual([1, 2, 21]);
  });

  it('checking every child checks the parent; unchecking one makes it half-checked again', () => {
    let checked = new Set<number>();
    for (const id of [21, 22, 20]) checked = toggleSubtree(model, checked, id);
    expect(checked.has(2)).toBe(true);
    expect(halfCheckedOf(model, checked).has(1)).toBe(true);
    checked = toggleSubtree(model, checked, 22);
    expect(checked.has(2)).toBe(false);
    expect(halfCheckedOf(model, checked).has(2)).toBe(true);
  });

  it('批量选择 toggles the node and its whole subtree', () => {
    const all = toggleSubtree(model, new Set(), 1);
    expect(names(all)).toEqual(['删除账号', '添加账号', '用户管理', '角色列表', '角色管理', '账号列表', '账号管理']);
    expect(isSubtreeChecked(model, all, 1)).toBe(true);
    // All checked already: the same action clears the subtree, other branches stay.
    const withHome = toggleSubtree(model, all, 4);
    expect(names(toggleSubtree(model, withHome, 1))).toEqual(['首页']);
    // Partly checked: the action completes the subtree rather than clearing it.
    const partly = toggleSubtree(model, new Set([21]), 2);
    expect(isSubtreeChecked(model, partly, 2)).toBe(true);
  });

  it('load → save is stable, half-checked menus come back half-checked', () => {
    const saved = [1, 2, 21];
    const checked = checkedFromSaved(model, saved);
    expect(names(checked)).toEqual(['账号列表']);
    expect(names(halfCheckedOf(model, checked))).toEqual(['用户管理', '账号管理']);
    expect(savedIds(model, checked)).toEqual(saved);
    const full = savedIds(model, toggleSubtree(model, new Set(), 1));
    expect(savedIds(model, checkedFromSaved(model, full))).toEqual(full);
  });

  it('ignores saved ids that are no longer in the tree', () => {
    expect(savedIds(model, checkedFromSaved(model, [21, 999]))).toEqual([1, 2, 21]);
  });

  describe('with resources the account does not hold', () => {
    // Holds the menus and 账号列表 / 添加账号, not 删除账号 nor anything of 角色管理.
    const held = new Set([1, 2, 21, 22, 4]);
    const isGrantable = (r: Resource) => held.has(r.id);

    it('批量选择 skips them, and a parent with one left out stays half-checked but is saved as a menu', () => {
      const checked = toggleSubtree(model, new Set(), 1, isGrantable);
      expect(names(checked)).toEqual(['添加账号', '账号列表']);
      expect(isSubtreeChecked(model, checked, 1, isGrantable)).toBe(true);
      expect(savedIds(model, checked, isGrantable)).toEqual([1, 2, 21, 22]);
      // Toggling again clears what it may.
      expect(toggleSubtree(model, checked, 1, isGrantable).size).toBe(0);
    });

    it('keeps what the role already had of them', () => {
      const checked = checkedFromSaved(model, [1, 2, 20, 21], isGrantable);
      const next = toggleSubtree(model, checked, 2, isGrantable, { on: false });
      expect(names(next)).toEqual(['删除账号']);
      expect(savedIds(model, next, isGrantable)).toEqual([1, 2, 20]);
    });

    it('never saves a half-checked menu the account does not hold', () => {
      const checked = checkedFromSaved(model, [30], isGrantable);
      expect(halfCheckedOf(model, checked).has(3)).toBe(true);
      expect(savedIds(model, checked, isGrantable)).toEqual([1, 30]);
    });
  });
});

describe('父子联动 off (unlinked)', () => {
  it('checks a parent alone, and saves exactly what is checked: no subtree, no menus above', () => {
    const menuOnly = toggleNode(model, new Set(), 2);
    expect(names(menuOnly)).toEqual(['账号管理']);
    expect(savedIds(model, menuOnly, undefined, 'unlinked')).toEqual([2]);
    const apiOnly = toggleNode(model, new Set(), 21);
    expect(savedIds(model, apiOnly, undefined, 'unlinked')).toEqual([21]);
    // Every child checked one by one leaves the parent as it was.
    let children = new Set<number>();
    for (const id of [20, 21, 22]) children = toggleNode(model, children, id);
    expect(children.has(2)).toBe(false);
    expect(names(toggleNode(model, children, 21))).toEqual(['删除账号', '添加账号']);
  });

  it('loads the saved ids as they are, and 批量选择 still takes the whole subtree (without the parent above)', () => {
    expect(names(checkedFromSaved(model, [1, 2, 21], undefined, 'unlinked'))).toEqual([
      '用户管理',
      '账号列表',
      '账号管理',
    ]);
    const batch = toggleSubtree(model, new Set(), 2, undefined, { linkage: 'unlinked' });
    expect(names(batch)).toEqual(['删除账号', '添加账号', '账号列表', '账号管理']);
    expect(names(toggleSubtree(model, batch, 2, undefined, { linkage: 'unlinked' }))).toEqual([]);
  });

  it('never changes a node the account may not grant', () => {
    expect(toggleNode(model, new Set(), 20, (r) => r.id !== 20).size).toBe(0);
    expect(names(toggleNode(model, new Set([20]), 20, (r) => r.id !== 20))).toEqual(['删除账号']);
  });

  it('linkageKeeps: what the linked tree shows and saves unchanged, and what it would drop', () => {
    expect(linkageKeeps(model, [])).toBe(true);
    expect(linkageKeeps(model, [1, 2, 21])).toBe(true);
    expect(linkageKeeps(model, savedIds(model, toggleSubtree(model, new Set(), 1)))).toBe(true);
    // A menu saved without anything below it, or a parent without its menu above: unlinked only.
    expect(linkageKeeps(model, [2])).toBe(false);
    expect(linkageKeeps(model, [21])).toBe(false);
    // Ids no longer in the tree are no reason to unlink.
    expect(linkageKeeps(model, [1, 2, 21, 999])).toBe(true);
  });
});

describe('全选 / 全不选', () => {
  it('checks every node, then none; the state says all, some or none', () => {
    for (const linkage of ['linked', 'unlinked'] as const) {
      const all = setEverything(model, new Set(), true, undefined, linkage);
      expect(all.size, linkage).toBe(resources.length);
      expect(everythingState(model, all, undefined, linkage)).toBe('all');
      expect(everythingState(model, toggleNode(model, all, 21), undefined, linkage)).toBe('some');
      expect(setEverything(model, all, false, undefined, linkage).size).toBe(0);
      expect(everythingState(model, new Set(), undefined, linkage)).toBe('none');
    }
  });

  it('leaves what the account may not grant as it was, and counts as all without it', () => {
    const isGrantable = (r: Resource) => r.id !== 20;
    const all = setEverything(model, new Set(), true, isGrantable);
    expect(all.has(20)).toBe(false);
    // 账号管理 stays half-checked: 删除账号 cannot be ticked.
    expect(all.has(2)).toBe(false);
    expect(everythingState(model, all, isGrantable)).toBe('all');
    expect([...setEverything(model, new Set([20, 21]), false, isGrantable)]).toEqual([20]);
  });
});

describe('searchTree', () => {
  it('is null for a blank keyword', () => {
    expect(searchTree(model, '  ')).toBeNull();
  });

  it('matches name, route, url and method, keeping ancestors (and a match’s descendants) visible', () => {
    const byName = searchTree(model, '列表');
    expect(names(byName?.matched ?? [])).toEqual(['角色列表', '账号列表']);
    expect(names(byName?.visible ?? [])).toEqual(['用户管理', '角色列表', '角色管理', '账号列表', '账号管理']);

    const byUrl = searchTree(model, '/ACCOUNT/s');
    expect(names(byUrl?.matched ?? [])).toEqual(['账号列表']);

    const byRoute = searchTree(model, '/user/account');
    expect(names(byRoute?.matched ?? [])).toEqual(['账号管理']);
    expect(names(byRoute?.visible ?? [])).toEqual(['删除账号', '添加账号', '用户管理', '账号列表', '账号管理']);

    expect(searchTree(model, 'nothing-like-this')?.visible.size).toBe(0);
  });

  it('splits a text around the keyword for highlighting', () => {
    expect(splitByKeyword('/account/s', 'Account')).toEqual([
      { text: '/', match: false },
      { text: 'account', match: true },
      { text: '/s', match: false },
    ]);
    expect(splitByKeyword('账号列表', '')).toEqual([{ text: '账号列表', match: false }]);
  });
});
