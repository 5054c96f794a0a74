import { routes } from '@gatehouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { routeTitle, setTextLocale } from '.';
import { enUSRouteTitles } from './en-US.resources';
import { resourceTitle } from './resource-title';

const HAN = /\p{Script=Han}/u;
const builtin = { builtin: true, route: null, method: null, url: null } as const;

describe('titles of built-in resources and operation-log entries', () => {
  afterEach(() => setTextLocale('zh-CN'));

  it('has an English title, without Chinese, for every contract route', () => {
    const titles: Record<string, string> = enUSRouteTitles;
    expect(Object.keys(titles).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, title] of Object.entries(titles)) {
      expect(title.trim(), name).not.toBe('');
      expect(HAN.test(title), name).toBe(false);
    }
  });

  it('zh-CN shows what the server stored', () => {
    expect(routeTitle('updateAccount', '编辑账号')).toBe('编辑账号');
    expect(resourceTitle({ ...builtin, name: '账号列表', type: 1, method: 'get', url: '/account/s' })).toBe('账号列表');
    expect(resourceTitle({ ...builtin, name: '账号管理', type: 0, route: '/user/Account' })).toBe('账号管理');
  });

  it('en-US: a built-in API by its method and url, a built-in menu by its route; the rest keep their name', async () => {
    await setTextLocale('en-US');
    expect(routeTitle('updateAccount', '编辑账号')).toBe('Edit account');
    // A route the table does not know (an entry recorded before it was renamed) keeps its stored title.
    expect(routeTitle('retiredRoute', '旧操作')).toBe('旧操作');
    expect(resourceTitle({ ...builtin, name: '账号列表', type: 1, method: 'get', url: '/account/s' })).toBe(
      'Account list',
    );
    expect(resourceTitle({ ...builtin, name: '删除账号', type: 1, method: 'DELETE', url: '/account' })).toBe(
      'Delete account',
    );
    expect(resourceTitle({ ...builtin, name: '账号管理', type: 0, route: '/user/Account' })).toBe('Accounts');
    // Made by an administrator: its own name, even on a contract url.
    expect(resourceTitle({ ...builtin, builtin: false, name: '报表', type: 1, method: 'get', url: '/account/s' })).toBe(
      '报表',
    );
    expect(resourceTitle({ ...builtin, builtin: false, name: '报表中心', type: 0, route: '/reports' })).toBe(
      '报表中心',
    );
  });
});
