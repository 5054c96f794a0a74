import { type MenuDef, menus } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { firstPermitted, permittedRoutes, routeTarget } from './access-control';

const user = menus.find((m) => m.path === '/user') as MenuDef;
const account = user.children!.find((m) => m.path === '/user/Account') as MenuDef;

describe('access-control route filtering', () => {
  it('reads the permitted menu routes from the permissions (menus only)', () => {
    const held = permittedRoutes([
      { type: 0, route: '/user/Role' },
      { type: 1, route: null },
      { type: 0, route: null },
    ]);
    expect([...held]).toEqual(['/user/Role']);
  });

  it('keeps a permitted screen, sends an unpermitted one to /404', () => {
    expect(routeTarget(account, new Set(['/user/Account']))).toBe('/user/Account');
    expect(routeTarget(account, new Set(['/user/Role']))).toBe('/404');
  });

  it('keeps a group’s redirect when permitted, else retargets it to the first permitted child', () => {
    expect(routeTarget(user, new Set(['/user/Account', '/user/Role']))).toBe('/user/Account');
    expect(routeTarget(user, new Set(['/user/Resource', '/user/Role']))).toBe('/user/Role');
    expect(routeTarget(user, new Set(['/system/Dict']))).toBe('/404');
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
