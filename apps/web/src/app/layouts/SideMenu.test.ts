import { menus } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { menuIcons, menuTrail } from './menu-meta';
import { toItems } from './SideMenu';

const keys = (items: ReturnType<typeof toItems>): unknown[] =>
  items.map((item) =>
    item && 'children' in item && item.children ? [item.key, keys(item.children as never)] : item?.key,
  );

describe('side menu items', () => {
  it('shows 首页 first and every screen when every menu route is held', () => {
    const all = new Set([
      '/user/Account',
      '/user/Organization',
      '/user/Role',
      '/user/Resource',
      '/system/Dict',
      '/monitor/Online',
      '/monitor/OperLog',
      '/monitor/LoginLog',
    ]);
    expect(keys(toItems(menus, all))).toEqual([
      '/',
      ['/user', ['/user/Account', '/user/Organization', '/user/Role', '/user/Resource']],
      ['/system', ['/system/Profile', '/system/Dict']],
      ['/monitor', ['/monitor/Online', '/monitor/OperLog', '/monitor/LoginLog']],
    ]);
  });

  it('keeps only the held screens and drops a group with none; 首页 and 个人信息 are everyone’s', () => {
    expect(keys(toItems(menus, new Set(['/user/Account'])))).toEqual([
      '/',
      ['/user', ['/user/Account']],
      ['/system', ['/system/Profile']],
    ]);
    expect(keys(toItems(menus, new Set()))).toEqual(['/', ['/system', ['/system/Profile']]]);
  });

  it('gives each entry its icon: the menu resource’s, else the contract’s; none when removed', () => {
    const icons = menuIcons([
      { type: 0, route: '/user/Account', icon: 'IdcardOutlined' },
      { type: 0, route: '/user/Role', icon: null },
      { type: 1, route: null, icon: 'BugOutlined' },
    ]);
    expect(icons.get('/')).toBe('HomeOutlined');
    expect(icons.get('/user')).toBe('TeamOutlined');
    expect(icons.get('/user/Account')).toBe('IdcardOutlined');
    expect(icons.has('/user/Role')).toBe(false);
    const [home] = toItems(menus, new Set(), icons);
    expect(home && 'icon' in home && home.icon).toBeTruthy();
  });

  it('collapsed, heads each group’s entries with its title (the flyout says which group it is)', () => {
    const [, users] = toItems(menus, new Set(['/user/Account']), new Map(), true);
    const children = users && 'children' in users ? users.children : undefined;
    expect(children).toEqual([
      expect.objectContaining({
        type: 'group',
        label: '用户管理',
        children: [expect.objectContaining({ key: '/user/Account' })],
      }),
    ]);
    const [, open] = toItems(menus, new Set(['/user/Account']));
    expect(open && 'children' in open && open.children?.map((item) => item?.key)).toEqual(['/user/Account']);
  });

  it('finds the menu trail of a path: group › screen', () => {
    expect(menuTrail('/user/Role').map((menu) => menu.path)).toEqual(['/user', '/user/Role']);
    expect(menuTrail('/').map((menu) => menu.path)).toEqual(['/']);
    expect(menuTrail('/404')).toEqual([]);
  });
});
