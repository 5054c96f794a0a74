import { describe, expect, it } from 'vitest';
import { type ShownResource, splitEveryone } from './permission-rows';
import { scopeDetail } from './scope-detail';

const menu = (id: number, pid: number | null = null): ShownResource => ({
  id,
  pid,
  name: `menu ${id}`,
  type: 0,
  route: `/m${id}`,
  method: null,
  url: null,
  remark: null,
  orderNum: id,
  icon: null,
  builtin: true,
});
const api = (id: number, pid: number | null, url: string): ShownResource => ({
  ...menu(id, pid),
  name: `api ${id}`,
  type: 1,
  route: null,
  method: 'get',
  url,
});

describe('splitEveryone', () => {
  const free = (resource: ShownResource) => resource.url?.startsWith('/free') ?? false;

  it('sets apart the everyone APIs under no held menu, keeping the rest in order', () => {
    const resources = [
      menu(1),
      api(2, 1, '/granted'),
      api(3, null, '/free/a'),
      api(4, 9, '/free/b'),
      api(5, null, '/x'),
    ];
    const { granted, everyone } = splitEveryone(resources, free);
    expect(granted.map((r) => r.id)).toEqual([1, 2, 5]);
    // 4's menu (9) is not held: it stands under no menu.
    expect(everyone.map((r) => r.id)).toEqual([3, 4]);
  });

  it('leaves an everyone API filed under a held menu in that menu’s rows, and never sets apart a menu', () => {
    const resources = [menu(1), menu(2, 1), api(3, 2, '/free/a'), { ...menu(4), url: '/free/menu' }];
    expect(splitEveryone(resources, free).everyone).toEqual([]);
  });

  it('survives a pid cycle', () => {
    const resources = [api(1, 2, '/free/a'), api(2, 1, '/free/b')];
    expect(splitEveryone(resources, free).everyone.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('scopeDetail', () => {
  it('is what follows the kind and its colon', () => {
    expect(scopeDetail('本组织及以下：华东区（含 12 个下级组织，431 个账号）')).toBe(
      '华东区（含 12 个下级组织，431 个账号）',
    );
    expect(scopeDetail('本组织：研发中心（2 个账号）')).toBe('研发中心（2 个账号）');
    expect(scopeDetail('自定义：华东区、华南区（含 3 个下级组织，9 个账号）')).toBe(
      '华东区、华南区（含 3 个下级组织，9 个账号）',
    );
    expect(scopeDetail('Own organization and below: East (1 suborganizations, 3 accounts)')).toBe(
      'East (1 suborganizations, 3 accounts)',
    );
  });

  it('is what the brackets hold where the words have no colon (全部, 仅本人)', () => {
    expect(scopeDetail('全部数据（25 个账号）')).toBe('25 个账号');
    expect(scopeDetail('仅本人（只能看到和修改自己的账号）')).toBe('只能看到和修改自己的账号');
    expect(scopeDetail('All data (25 accounts)')).toBe('25 accounts');
    expect(scopeDetail('Only self (sees and changes its own account only)')).toBe(
      'sees and changes its own account only',
    );
  });

  it('is the whole words when they have neither', () => {
    expect(scopeDetail('全部数据')).toBe('全部数据');
  });
});
