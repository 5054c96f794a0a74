import { describe, expect, it } from 'vitest';
import type { Overview } from '@/features/home/api/overview.api';
import { latestSignInOf, statRoutes, statTiles } from './stats';

const overview: Overview = {
  accounts: { total: 5, enabled: 4, disabled: 1 },
  orgs: 3,
  roles: 2,
  dicts: 1,
  signInsToday: 6,
  liveSessions: 2,
  accountsPerOrg: [],
  newAccountsPerDay: [],
  recentSignIns: [
    {
      accountNumber: 'zhang',
      accountName: '张三',
      at: Date.parse('2026-05-01T02:00:00.000Z'),
      ip: '10.0.0.2',
      userAgent: null,
    },
    {
      accountNumber: 'admin',
      accountName: '系统管理员',
      at: Date.parse('2026-05-01T01:00:00.000Z'),
      ip: null,
      userAgent: null,
    },
    {
      accountNumber: 'admin',
      accountName: '系统管理员',
      at: Date.parse('2026-04-30T01:00:00.000Z'),
      ip: null,
      userAgent: null,
    },
  ],
  generatedAt: Date.parse('2026-05-01T03:00:00.000Z'),
};

const everyMenu = new Set(['/user/Account', '/user/Organization', '/user/Role', '/system/Dict']);

describe('the screen behind each number', () => {
  it('maps accounts (all, enabled, disabled), organisations, roles and dictionaries to their screens', () => {
    expect(statRoutes).toEqual({
      accounts: '/user/Account',
      enabled: '/user/Account',
      disabled: '/user/Account',
      orgs: '/user/Organization',
      roles: '/user/Role',
      dicts: '/system/Dict',
      signInsToday: null,
      liveSessions: null,
    });
  });

  it('lists the numbers in order with their labels, values and links', () => {
    expect(statTiles(overview, everyMenu)).toEqual([
      { key: 'accounts', label: '账号总数', value: 5, to: '/user/Account', screen: '账号管理' },
      { key: 'enabled', label: '已启用账号', value: 4, to: '/user/Account', screen: '账号管理' },
      { key: 'disabled', label: '已禁用账号', value: 1, to: '/user/Account', screen: '账号管理' },
      { key: 'orgs', label: '组织', value: 3, to: '/user/Organization', screen: '组织管理' },
      { key: 'roles', label: '角色', value: 2, to: '/user/Role', screen: '角色管理' },
      { key: 'dicts', label: '字典', value: 1, to: '/system/Dict', screen: '字典管理' },
      { key: 'signInsToday', label: '今日登录', value: 6, to: null, screen: null },
      { key: 'liveSessions', label: '在线会话', value: 2, to: null, screen: null },
    ]);
  });

  it('links a number only when the account holds the screen’s menu', () => {
    const tiles = statTiles(overview, new Set(['/user/Role']));
    expect(tiles.filter((tile) => tile.to).map((tile) => tile.key)).toEqual(['roles']);
  });
});

describe('latestSignInOf', () => {
  it('answers the account’s newest sign-in, or nothing when it is not among the recent ones', () => {
    expect(latestSignInOf(overview.recentSignIns, 'admin')?.at).toBe(Date.parse('2026-05-01T01:00:00.000Z'));
    expect(latestSignInOf(overview.recentSignIns, 'li')).toBeUndefined();
  });
});
