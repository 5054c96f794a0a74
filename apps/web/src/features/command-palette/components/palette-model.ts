import { flattenMenus } from '@gatehouse/contract';
import { menuTitle } from '@/lib/i18n';
import { openableRoutes } from '@/lib/router/access-control';
import type { Permission } from '@/stores/session';

/** A menu the palette offers: its screen, its title in the page's language, and its group's title. */
export interface MenuHit {
  path: string;
  label: string;
  group: string | null;
}

/**
 * The screens the account may open, in menu order: every menu leaf its role grants (type 0 resources) and those
 * open to every signed-in account (首页, 个人信息), as the side menu reads them. Groups are not screens of their own.
 */
export function reachableMenus(permissions: readonly Permission[]): MenuHit[] {
  const openable = openableRoutes(permissions);
  const all = flattenMenus();
  const titleOf = new Map(all.map((menu) => [menu.path, menuTitle(menu)]));
  return all
    .filter((menu) => !menu.children?.length && openable.has(menu.path))
    .map((menu) => ({
      path: menu.path,
      label: menuTitle(menu),
      group: menu.parent ? (titleOf.get(menu.parent) ?? null) : null,
    }));
}

/** The menus whose title (in the page's language) holds the text, case-insensitively; every one for no text. */
export function matchMenus(menus: readonly MenuHit[], text: string): MenuHit[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [...menus];
  return menus.filter((menu) => menu.label.toLocaleLowerCase().includes(needle));
}

/** A text cut around the first case-insensitive occurrence of `needle`, for highlighting it. */
export function highlightParts(text: string, needle: string): { before: string; match: string; after: string } {
  const at = needle === '' ? -1 : text.toLocaleLowerCase().indexOf(needle.toLocaleLowerCase());
  if (at < 0) return { before: text, match: '', after: '' };
  return {
    before: text.slice(0, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length),
  };
}
