import { flattenMenus, type MenuDef, menus } from '@gatehouse/contract';

/** The part of a permission the route filter reads: menus are type 0 with their route. */
export interface MenuPermission {
  type: number;
  route: string | null;
}

/**
 * The menu routes an account's role grants (specification §4: routes are filtered to permitted menu routes). With
 * none, access-control mode refuses the session ('账号访问受限'), whatever `everyone` menus there are.
 */
export function permittedRoutes(permissions: readonly MenuPermission[]): Set<string> {
  return new Set(permissions.flatMap((p) => (p.type === 0 && p.route ? [p.route] : [])));
}

/** The menus every signed-in account may open, granted or not (首页, 个人信息: MenuDef `everyone`). */
export const EVERYONE_ROUTES: ReadonlySet<string> = new Set(
  flattenMenus(menus).flatMap((menu) => (menu.everyone ? [menu.path] : [])),
);

/**
 * The menu routes an account may open: its role's menus plus the `everyone` ones, which are never a grant — with
 * access control on too (the server answers them only when access control is off).
 */
export function openableRoutes(permissions: readonly MenuPermission[]): Set<string> {
  const held = permittedRoutes(permissions);
  for (const path of EVERYONE_ROUTES) held.add(path);
  return held;
}

/** Whether a menu may be opened: always with access control off (null), an `everyone` menu always, else granted. */
export const canOpen = (menu: Pick<MenuDef, 'path' | 'everyone'>, permitted: ReadonlySet<string> | null): boolean =>
  permitted === null || menu.everyone === true || permitted.has(menu.path);

/** The first permitted screen (a leaf) in menu order, depth first; undefined when none is. */
export function firstPermitted(list: readonly MenuDef[], permitted: ReadonlySet<string>): string | undefined {
  for (const menu of list) {
    if (menu.children?.length) {
      const inner = firstPermitted(menu.children, permitted);
      if (inner) return inner;
    } else if (permitted.has(menu.path)) {
      return menu.path;
    }
  }
  return undefined;
}

/**
 * Where a menu route leads in access-control mode: a screen the account may open (canOpen) is itself; a group keeps
 * its redirect when that target may be opened, else it is retargeted to its first child that may; undefined when the
 * account may open none of it (the 403 page names it). With access control off (null) every route is itself / its
 * redirect.
 */
export function routeTarget(menu: MenuDef, permitted: ReadonlySet<string> | null): string | undefined {
  if (!menu.children?.length) return canOpen(menu, permitted) ? menu.path : undefined;
  if (permitted === null) return menu.redirect ?? menu.children[0]!.path;
  const open = new Set(flattenMenus(menu.children).flatMap((m) => (canOpen(m, permitted) ? [m.path] : [])));
  if (menu.redirect && open.has(menu.redirect)) return menu.redirect;
  return firstPermitted(menu.children, open);
}
