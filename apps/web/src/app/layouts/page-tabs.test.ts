import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  HOME_TAB,
  mergeTabs,
  nextActive,
  openTab,
  type PageTab,
  parseTabs,
  serializeTabs,
  tabKeyOf,
  togglePin,
} from './page-tabs';

const tab = (key: string, query = ''): PageTab => ({ key, path: `${key}${query}` });
const accounts = tab('/user/Account');
const roles = tab('/user/Role');
const dicts = tab('/system/Dict');
const logs = tab('/monitor/LoginLog');
const keys = (tabs: PageTab[]) => tabs.map((item) => item.key);

describe('page tabs', () => {
  it('knows the menu screens a tab holds, not groups or other paths', () => {
    expect(tabKeyOf('/user/Account')).toBe('/user/Account');
    expect(tabKeyOf('/')).toBe('/');
    expect(tabKeyOf('/user')).toBeUndefined();
    expect(tabKeyOf('/404')).toBeUndefined();
  });

  it('opens a page at the end, 首页 always first', () => {
    const tabs = openTab(openTab([], accounts.key, accounts.path), roles.key, roles.path);
    expect(keys(tabs)).toEqual(['/', '/user/Account', '/user/Role']);
  });

  it('keeps a tab in place and remembers its latest address (filters in the query)', () => {
    const tabs = [HOME_TAB, accounts, roles];
    const moved = openTab(tabs, accounts.key, '/user/Account?accountName=li&p=2');
    expect(moved.map((item) => item.path)).toEqual(['/', '/user/Account?accountName=li&p=2', '/user/Role']);
    expect(openTab(moved, accounts.key, '/user/Account?accountName=li&p=2')).toBe(moved);
  });

  it('closes one tab, never 首页', () => {
    const tabs = [HOME_TAB, accounts, roles];
    expect(keys(closeTab(tabs, roles.key))).toEqual(['/', '/user/Account']);
    expect(keys(closeTab(tabs, '/'))).toEqual(['/', '/user/Account', '/user/Role']);
  });

  it('closes the others (首页 stays) and the ones to the right', () => {
    const tabs = [HOME_TAB, accounts, roles, dicts, logs];
    expect(keys(closeOthers(tabs, roles.key))).toEqual(['/', '/user/Role']);
    expect(keys(closeOthers(tabs, '/'))).toEqual(['/']);
    expect(keys(closeRight(tabs, roles.key))).toEqual(['/', '/user/Account', '/user/Role']);
    expect(keys(closeRight(tabs, logs.key))).toEqual(keys(tabs));
  });

  it('closes the ones to the left (首页 stays) and all of them', () => {
    const tabs = [HOME_TAB, accounts, roles, dicts, logs];
    expect(keys(closeLeft(tabs, dicts.key))).toEqual(['/', '/system/Dict', '/monitor/LoginLog']);
    expect(keys(closeLeft(tabs, accounts.key))).toEqual(keys(tabs));
    expect(keys(closeAll(tabs))).toEqual(['/']);
  });

  it('pins a tab: first after 首页, kept by every close, unpinned to just after the pinned', () => {
    const tabs = togglePin([HOME_TAB, accounts, roles, dicts, logs], dicts.key);
    expect(keys(tabs)).toEqual(['/', '/system/Dict', '/user/Account', '/user/Role', '/monitor/LoginLog']);
    expect(tabs[1]).toEqual({ ...dicts, pinned: true });
    expect(keys(closeTab(tabs, dicts.key))).toEqual(keys(tabs));
    expect(keys(closeOthers(tabs, roles.key))).toEqual(['/', '/system/Dict', '/user/Role']);
    expect(keys(closeLeft(tabs, logs.key))).toEqual(['/', '/system/Dict', '/monitor/LoginLog']);
    expect(keys(closeRight(tabs, '/'))).toEqual(['/', '/system/Dict']);
    expect(keys(closeAll(tabs))).toEqual(['/', '/system/Dict']);
    // A second pin goes after the first; an address change keeps the pin.
    const two = togglePin(tabs, logs.key);
    expect(keys(two)).toEqual(['/', '/system/Dict', '/monitor/LoginLog', '/user/Account', '/user/Role']);
    expect(openTab(two, dicts.key, '/system/Dict?p=2')[1]).toEqual({
      ...dicts,
      path: '/system/Dict?p=2',
      pinned: true,
    });
    // Unpinned: just after the pinned ones, closable again.
    const unpinned = togglePin(two, dicts.key);
    expect(keys(unpinned)).toEqual(['/', '/monitor/LoginLog', '/system/Dict', '/user/Account', '/user/Role']);
    expect(unpinned[2]).toEqual(dicts);
    expect(togglePin(two, '/')).toEqual(two);
    // Kept through a reload.
    expect(parseTabs(serializeTabs(two))).toEqual(two);
  });

  it('shows the right neighbour of a closed active tab, else the left one', () => {
    const tabs = [HOME_TAB, accounts, roles, dicts];
    expect(nextActive(tabs, closeTab(tabs, roles.key), roles.key)).toEqual(dicts);
    expect(nextActive(tabs, closeTab(tabs, dicts.key), dicts.key)).toEqual(roles);
    expect(nextActive(tabs, closeTab(tabs, roles.key), accounts.key)).toEqual(accounts);
    expect(nextActive(tabs, closeRight(tabs, accounts.key), dicts.key)).toEqual(accounts);
    expect(nextActive(tabs, closeOthers(tabs, '/'), dicts.key)).toEqual(HOME_TAB);
  });

  it('puts the tabs opened before the account was known after its kept ones', () => {
    const merged = mergeTabs([HOME_TAB, roles, dicts], [HOME_TAB, accounts, roles]);
    expect(keys(merged)).toEqual(['/', '/user/Role', '/system/Dict', '/user/Account']);
  });

  it('survives a reload through storage, dropping what is not a screen’s own tab', () => {
    const tabs = [HOME_TAB, tab('/user/Account', '?accountName=li'), roles];
    expect(parseTabs(serializeTabs(tabs))).toEqual(tabs);
    expect(parseTabs(null)).toEqual([HOME_TAB]);
    expect(parseTabs('not json')).toEqual([HOME_TAB]);
    expect(parseTabs('{"key":"/"}')).toEqual([HOME_TAB]);
    const stored = JSON.stringify([
      roles,
      { key: '/no/such', path: '/no/such' },
      { key: '/user/Account', path: '/login' },
      { key: '/user', path: '/user' },
      roles,
      7,
    ]);
    expect(parseTabs(stored)).toEqual([HOME_TAB, roles]);
  });
});
