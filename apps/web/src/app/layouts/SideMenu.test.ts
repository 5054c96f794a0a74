import { menus } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { toItems } from './SideMenu';

const keys = (items: ReturnType<typeof toItems>): unknown[] =>
  items.map((item) =>
    item && 'children' in item && item.children ? [item.key, keys(item.children as never)] : item?.key,
  );

describe('side menu items', () => {
  it('shows every screen when every menu route is held', () => {
    const all = new Set([
      '/user/Account',
      '/user/Organization',
      '/user/Role',
      '/user/Resource',
      '/system/Profile',
      '/system/Dict',
      '/monitor/Online',
      '/monitor/OperLog',
      '/monitor/LoginLog',
    ]);
    expect(keys(toItems(menus, all))).toEqual([
      ['/user', ['/user/Account', '/user/Organization', '/user/Role', '/user/Resource']],
      ['/system', ['/system/Profile', '/system/Dict']],
      ['/monitor', ['/monitor/Online', '/monitor/OperLog', '/monitor/LoginLog']],
    ]);
  });

  it('keeps only the held screens and drops a group with none', () => {
    expect(keys(toItems(menus, new Set(['/user/Account'])))).toEqual([['/user', ['/user/Account']]]);
    expect(toItems(menus, new Set())).toEqual([]);
  });
});
