import { type MenuDef, menus } from '@gatehouse/contract';
import type { MenuPermission } from '@/lib/router/access-control';

/** A menu permission as the session answers it, with the icon its resource carries (null: none chosen). */
export interface MenuResource extends MenuPermission {
  icon?: string | null;
}

/**
 * Each menu's icon: the one on its menu resource (an administrator may change it in 资源管理), else the contract's
 * default. A resource whose icon was removed (null) shows none.
 */
export function menuIcons(permissions: readonly MenuResource[], list: readonly MenuDef[] = menus): Map<string, string> {
  const chosen = new Map<string, string | null>();
  for (const p of permissions) if (p.type === 0 && p.route && p.icon !== undefined) chosen.set(p.route, p.icon);
  const icons = new Map<string, string>();
  const walk = (items: readonly MenuDef[]) => {
    for (const menu of items) {
      const icon = chosen.has(menu.path) ? chosen.get(menu.path) : menu.icon;
      if (icon) icons.set(menu.path, icon);
      walk(menu.children ?? []);
    }
  };
  walk(list);
  return icons;
}

/**
 * The menus leading to a path: its group (if any) and the screen — the breadcrumb, the side menu's open group and
 * selected item. A path below a screen (none yet) counts as the screen's.
 */
export function menuTrail(pathname: string, list: readonly MenuDef[] = menus): MenuDef[] {
  for (const menu of list) {
    if (menu.path === '/') {
      if (pathname === '/') return [menu];
      continue;
    }
    if (pathname === menu.path || pathname.startsWith(`${menu.path}/`)) {
      const deeper = menuTrail(pathname, menu.children ?? []);
      return [menu, ...deeper];
    }
  }
  return [];
}
