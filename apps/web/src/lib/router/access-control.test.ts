import { type MenuDef, menus } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import {
  canOpen,
  EVERYONE_ROUTES,
  firstPermitted,
  openableRoutes,
  permittedRoutes,
  routeTarget,
} from './access-control';

const user = menus.find((m) => m.path === '/user') as MenuDef;
const system = menus.find((m) => m.path === '/system') as MenuDef;
const account = user.children!.find((m) => m.path === '/user/Account') as MenuDef;
const profile = system.children!.find((m) => m.path === '/system/Profile') as MenuDef;
const home = menus.find((m) => m.path === '/') as MenuDef;

describe('access-control route filtering', () => {
  it('reads the permitted menu routes from the permissions (menus only)', () => {
    const held = permittedRoutes([
      { type: 0, route: '/user/Role' },
      { type: 1, route: null },
      { type: 0, route: null },
    ]);
    expect([...held]).toEqual(['/user/Role']);
  });

  it('lets every account open 首页 and 个人信息, granted or not', () => {
    expect([...EVERYONE_ROUTES].sort()).toEqual(['/', '/system/Profile']);
    expect([...openableRoutes([{ type: 0, route: '/user/Role' }])].sort()).toEqual([
      '/',
      '/system/Profile',
      '/user/Role',
    ]);
    expect(canOpen(home, new Set())).toBe(true);
    expect(canOpen(profile, new Set())).toBe(true);
    expect(routeTarget(profile, new Set())).toBe('/system/Profile');
  });

  it('keeps a permitted screen; an unpermitted one has no target (the 403 page)', () => {
    expect(routeTarget(account, new Set(['/user/Account']))).toBe('/user/Account');
    expect(routeTarget(account, new Set(['/user/Role']))).toBeUndefined();
    expect(canOpen(account, new Set(['/user/Role']))).toBe(false);
  });

  it('keeps a group’s redirect when permitted, else retargets it to the first permitted child', () => {
    expect(routeTarget(user, new Set(['/user/Account', '/user/Role']))).toBe('/user/Account');
    expect(routeTarget(user, new Set(['/user/Resource', '/user/Role']))).toBe('/user/Role');
    expect(routeTarget(user, new Set(['/system/Dict']))).toBeUndefined();
    // 个人信息 is 系统设置's redirect and open to everyone.
    expect(routeTarget(system, new Set())).toBe('/system/Profile');
  });

  it('changes nothing with access control off', () => {
    expect(routeTarget(account, null)).toBe('/user/Account');
    expect(routeTarget(user, null)).toBe('/user/Account');
  });

  it('finds the first permitted screen in menu order, or none', () => {
    expect(firstPermitted(menus, new Set(['/system/Dict', '/user/Role']))).toBe('/user/Role');
    expect(firstPermitted(menus, new Set(['/']))).toBe('/');
    expect(firstPermitted(menus, new Set())).toBeUndefined();
  });
});
