import type { MenuDef } from '@gatehouse/contract';

/** The part of a permission the route filter reads: menus are type 0 with their route. */
export interface MenuPermission {
  type: number;
  route: string | null;
}

/** The menu routes an account holds (product-spec §4: routes are filtered to permitted menu routes). */
export function permittedRoutes(permissions: readonly MenuPermission[]): Set<string> {
  return new Set(permissions.flatMap((p) => (p.type === 0 && p.route ? [p.route] : [])));
}

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
 * Where a menu route leads in access-control mode: a permitted screen is itself; a group keeps its redirect
 * when that target is permitted, else it is retargeted to its first permitted child; anything else ends on
 * /404 (the catch-all). With access control off every route is itself / its redirect.
 */
export function routeTarget(menu: MenuDef, permitted: ReadonlySet<string> | null): string {
  if (!menu.children?.length) {
    return permitted === null || permitted.has(menu.path) ? menu.path : '/404';
  }
  if (permitted === null) return menu.redirect ?? menu.children[0]!.path;
  if (menu.redirect && permitted.has(menu.redirect)) return menu.redirect;
  return firstPermitted(menu.children, permitted) ?? '/404';
}
