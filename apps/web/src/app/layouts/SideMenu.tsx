import { type MenuDef, menus } from '@gatehouse/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '@/components/menu-icon';
import { menuTitle } from '@/lib/i18n';
import { canOpen, permittedRoutes } from '@/lib/router/access-control';
import { useSession } from '@/stores/session';
import { menuIcons, menuTrail } from './menu-meta';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Menu entries: the contract's menus, 首页 first, limited to the menu resources (type 0) the account holds plus the
 * menus open to everyone (首页, 个人信息); a group shows when any of its entries does. Each entry carries its
 * icon (menuIcons): collapsed, the menu shows the icons only, the title in a tooltip (antd's inline-collapsed menu).
 * With `collapsed`, a group's entries sit under its title: hovering its icon opens a flyout that says which group
 * it is (antd's flyout shows the entries alone).
 */
export function toItems(
  list: readonly MenuDef[],
  permitted: ReadonlySet<string>,
  icons: ReadonlyMap<string, string> = new Map(),
  collapsed = false,
): MenuItem[] {
  return list.flatMap((menu): MenuItem[] => {
    const icon = icons.has(menu.path) ? <MenuIcon key={menu.path} name={icons.get(menu.path)} /> : undefined;
    if (menu.children?.length) {
      const children = toItems(menu.children, permitted, icons, collapsed);
      if (!children.length) return [];
      const label = menuTitle(menu);
      const titled: MenuItem[] = collapsed ? [{ type: 'group', key: `${menu.path}#title`, label, children }] : children;
      return [{ key: menu.path, icon, label, children: titled }];
    }
    return canOpen(menu, permitted) ? [{ key: menu.path, icon, label: menuTitle(menu) }] : [];
  });
}

/**
 * Side menu built from the contract's menus; one group open at a time; the active item follows the route.
 * `collapsed`: the side bar shows icons only (groups open as titled flyouts). `onOpen` opens a clicked screen (the layout goes back to its tab's last address); the default navigates to it.
 */
export function SideMenu({ onOpen, collapsed = false }: { onOpen?: (path: string) => void; collapsed?: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = useSession((state) => state.permissions);
  const items = useMemo(
    () => toItems(menus, permittedRoutes(permissions), menuIcons(permissions), collapsed),
    [permissions, collapsed],
  );
  const trail = menuTrail(pathname).map((menu) => menu.path);
  const selected = trail[trail.length - 1];
  const groups = trail.slice(0, -1);
  const [openKeys, setOpenKeys] = useState<string[]>(groups);

  const groupKey = groups.join('|');
  useEffect(() => {
    if (groupKey) setOpenKeys(groupKey.split('|'));
  }, [groupKey]);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={(keys) => {
        const opened = keys.find((key) => !openKeys.includes(key));
        setOpenKeys(opened ? [opened] : keys);
      }}
      onClick={({ key }) => (onOpen ? onOpen(key) : navigate(key))}
      style={{ background: 'transparent', borderInlineEnd: 'none' }}
    />
  );
}
