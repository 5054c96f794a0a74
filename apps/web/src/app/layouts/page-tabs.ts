import { flattenMenus, menus } from '@gatehouse/contract';

/**
 * The tab bar's list of opened pages, as pure functions (the layout keeps the list in state and in sessionStorage).
 * A tab is one menu screen (`key`, the menu path) with the full address it was last shown at (`path`: pathname with
 * its query, where the list kit keeps filters, page and sort), so coming back to it shows what was left.
 */
export interface PageTab {
  key: string;
  path: string;
  /** 固定: kept by every close action (as 首页 is), and shown first after 首页. */
  pinned?: true;
}

/** 首页: always the first tab, never closed. */
export const HOME_TAB: PageTab = { key: '/', path: '/' };

/** The menu screens a tab may hold: the contract's leaves (a group only redirects). */
const screens: ReadonlySet<string> = new Set(
  flattenMenus(menus).flatMap((menu) => (menu.children?.length ? [] : [menu.path])),
);

/** The tab a pathname belongs to (its menu screen), or undefined for any other path. */
export const tabKeyOf = (pathname: string): string | undefined => (screens.has(pathname) ? pathname : undefined);

const withHome = (tabs: readonly PageTab[]): PageTab[] => {
  const home = tabs.find((tab) => tab.key === HOME_TAB.key) ?? HOME_TAB;
  return [home, ...tabs.filter((tab) => tab.key !== HOME_TAB.key)];
};

/**
 * Shows a page: its tab takes the new address (a filter changed, or the page was opened again from the menu), or a
 * new tab is added at the end. The same list comes back when nothing changed (no re-render, no write).
 */
export function openTab(tabs: readonly PageTab[], key: string, path: string): PageTab[] {
  const at = tabs.findIndex((tab) => tab.key === key);
  if (at < 0) return withHome([...tabs, { key, path }]);
  if (tabs[at]!.path === path && tabs[0]?.key === HOME_TAB.key) return tabs as PageTab[];
  return withHome(tabs.map((tab, index) => (index === at ? { ...tab, path } : tab)));
}

/** Whether a close action leaves the tab open: 首页 and the pinned ones. */
export const kept = (tab: PageTab): boolean => tab.key === HOME_TAB.key || tab.pinned === true;

/** Closes one tab (首页 and pinned tabs stay). */
export const closeTab = (tabs: readonly PageTab[], key: string): PageTab[] =>
  withHome(tabs.filter((tab) => tab.key !== key || kept(tab)));

/** Keeps 首页, the pinned tabs and the given one. */
export const closeOthers = (tabs: readonly PageTab[], key: string): PageTab[] =>
  withHome(tabs.filter((tab) => tab.key === key || kept(tab)));

/** Closes every tab right of the given one but the pinned. */
export function closeRight(tabs: readonly PageTab[], key: string): PageTab[] {
  const at = tabs.findIndex((tab) => tab.key === key);
  return at < 0 ? withHome(tabs) : withHome(tabs.filter((tab, index) => index <= at || kept(tab)));
}

/** Closes every tab left of the given one but 首页 and the pinned. */
export function closeLeft(tabs: readonly PageTab[], key: string): PageTab[] {
  const at = tabs.findIndex((tab) => tab.key === key);
  return at < 0 ? withHome(tabs) : withHome(tabs.filter((tab, index) => index >= at || kept(tab)));
}

/** Closes every tab but 首页 and the pinned. */
export const closeAll = (tabs: readonly PageTab[]): PageTab[] => withHome(tabs.filter(kept));

/**
 * 固定 / 取消固定: a pinned tab moves to the end of the pinned ones, right after 首页; an unpinned one to just after
 * them. 首页 is always first and needs no pin.
 */
export function togglePin(tabs: readonly PageTab[], key: string): PageTab[] {
  const tab = tabs.find((one) => one.key === key);
  if (!tab || tab.key === HOME_TAB.key) return withHome(tabs);
  const moved: PageTab = tab.pinned ? { key: tab.key, path: tab.path } : { ...tab, pinned: true };
  const rest = withHome(tabs.filter((one) => one.key !== key));
  const pinnedEnd = rest.findIndex((one, index) => index > 0 && !one.pinned);
  const at = pinnedEnd < 0 ? rest.length : pinnedEnd;
  return [...rest.slice(0, at), moved, ...rest.slice(at)];
}

/**
 * The tab to show after closing: the active one when it is still open, else the one that stood right of it, else the
 * one left of it (browsers' and editors' rule), else 首页.
 */
export function nextActive(before: readonly PageTab[], after: readonly PageTab[], active: string): PageTab {
  const still = after.find((tab) => tab.key === active);
  if (still) return still;
  const at = before.findIndex((tab) => tab.key === active);
  const open = new Set(after.map((tab) => tab.key));
  const right = before.slice(at + 1).find((tab) => open.has(tab.key));
  const left = before
    .slice(0, Math.max(at, 0))
    .reverse()
    .find((tab) => open.has(tab.key));
  const pick = right ?? left;
  return after.find((tab) => tab.key === pick?.key) ?? after[0] ?? HOME_TAB;
}

/**
 * The account's kept list, once the account is known (a moment after the layout is up on a reload), with the tabs
 * opened meanwhile after it.
 */
export function mergeTabs(kept: readonly PageTab[], opened: readonly PageTab[]): PageTab[] {
  const known = new Set(kept.map((tab) => tab.key));
  return withHome([...kept, ...opened.filter((tab) => !known.has(tab.key))]);
}

/** Where an account's tabs are kept: per browser tab (sessionStorage), so two windows keep lists of their own. */
export const tabsStorageKey = (accountId: number): string => `gatehouse.tabs.${accountId}`;

/** The kept list as stored; anything that is not a list of known screens' tabs is dropped. */
export function parseTabs(raw: string | null): PageTab[] {
  if (!raw) return [HOME_TAB];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [HOME_TAB];
  }
  if (!Array.isArray(value)) return [HOME_TAB];
  const tabs = value.flatMap((item): PageTab[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { key, path, pinned } = item as Record<string, unknown>;
    if (typeof key !== 'string' || typeof path !== 'string' || !screens.has(key)) return [];
    // The address must be the screen's own (with any query): a stored list cannot send the app elsewhere.
    if (path !== key && !path.startsWith(`${key}?`)) return [];
    return [pinned === true && key !== HOME_TAB.key ? { key, path, pinned: true } : { key, path }];
  });
  const seen = new Set<string>();
  return withHome(tabs.filter((tab) => !seen.has(tab.key) && seen.add(tab.key)));
}

export const serializeTabs = (tabs: readonly PageTab[]): string => JSON.stringify(tabs);
