import { describe, expect, it } from 'vitest';
import { buildResourceTree, parentIds, subtreeIds } from '@/components/resource-tree';
import type { Resource } from '@/features/resources/api/resources.api';
import { newRootMenu, toCreateBody, toFormValues, toUpdateBody } from './resource-form';

const resource = (patch: Partial<Resource>): Resource => ({
  id: 1,
  pid: null,
  name: '菜单',
  type: 0,
  route: null,
  method: null,
  url: null,
  remark: null,
  orderNum: 0,
  icon: null,
  builtin: false,
  ...patch,
});

describe('resource form', () => {
  it('starts as an empty root menu, and saving it creates one', () => {
    const values = toFormValues(newRootMenu);
    expect(values).toMatchObject({ name: '', pid: null, method: undefined, orderNum: 0 });
    expect(toCreateBody(0, { ...values, name: ' 报表 ', route: ' /report ' })).toEqual({
      type: 0,
      name: '报表',
      pid: null,
      route: '/report',
      method: null,
      url: null,
      remark: null,
      orderNum: 0,
      icon: null,
    });
  });

  it('a menu carries its icon; an API resource never', () => {
    const menu = resource({ id: 3, type: 0, route: '/report', icon: 'BarChartOutlined' });
    const values = toFormValues({ kind: 'edit', resource: menu });
    expect(values.icon).toBe('BarChartOutlined');
    expect(toUpdateBody(menu, { ...values, icon: 'PieChartOutlined' }).icon).toBe('PieChartOutlined');
    expect(toUpdateBody(menu, { ...values, icon: null }).icon).toBeNull();
    const apiValues = toFormValues({ kind: 'create', type: 1, pid: 3 });
    expect(toCreateBody(1, { ...apiValues, name: '导出', url: '/x', icon: 'ApiOutlined' }).icon).toBeNull();
  });

  it('a new API resource starts with GET and carries no route', () => {
    const values = toFormValues({ kind: 'create', type: 1, pid: 5 });
    expect(values.method).toBe('get');
    expect(toCreateBody(1, { ...values, name: '导出', url: '/report/export', route: '/ignored' })).toMatchObject({
      type: 1,
      pid: 5,
      route: null,
      method: 'get',
      url: '/report/export',
    });
  });

  it('PUT carries every field and keeps a built-in API resource’s method and url', () => {
    const builtin = resource({ id: 9, type: 1, method: 'get', url: '/account/s', builtin: true, pid: 3 });
    const values = { ...toFormValues({ kind: 'edit', resource: builtin }), name: '账号列表（改）', url: '/hacked' };
    expect(toUpdateBody(builtin, values)).toEqual({
      id: 9,
      type: 1,
      name: '账号列表（改）',
      pid: 3,
      route: null,
      method: 'get',
      url: '/account/s',
      remark: null,
      orderNum: 0,
      icon: null,
    });
  });

  it('lower-cases a stored upper-case method when editing', () => {
    expect(toFormValues({ kind: 'edit', resource: resource({ type: 1, method: 'DELETE' }) }).method).toBe('delete');
  });
});

describe('resource tree model', () => {
  const list = [
    resource({ id: 1, name: '根' }),
    resource({ id: 3, pid: 1, name: '二', orderNum: 2 }),
    resource({ id: 2, pid: 1, name: '一', orderNum: 1 }),
    resource({ id: 4, pid: 2, name: '孙', type: 1 }),
    resource({ id: 5, pid: 99, name: '无父' }),
  ];

  it('nests by pid, orders siblings by orderNum and treats unknown parents as roots', () => {
    const tree = buildResourceTree(list).roots;
    expect(tree.map((node) => node.resource.name)).toEqual(['根', '无父']);
    expect(tree[0]?.children.map((node) => node.resource.name)).toEqual(['一', '二']);
    expect(tree[0]?.children[0]?.children[0]?.resource.name).toBe('孙');
  });

  it('knows the parents and the subtree of a node', () => {
    expect(parentIds(buildResourceTree(list)).sort()).toEqual([1, 2]);
    expect([...subtreeIds(buildResourceTree(list), 2)].sort()).toEqual([2, 4]);
  });
});
