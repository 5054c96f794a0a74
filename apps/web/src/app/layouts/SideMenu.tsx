import { type MenuDef, menus } from '@gatehouse/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuTitle } from '@/lib/i18n';
import { useSession } from '@/stores/session';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Menu entries: the contract's menus without the home route (the logo leads home), limited to the menu
 * resources (type 0) the account holds; a group shows when any of its entries does.
 */
export function toItems(list: MenuDef[], permitted: ReadonlySet<string>): MenuItem[] {
  return list.flatMap((menu): MenuItem[] => {
    if (menu.path === '/') return [];
    if (menu.children?.length) {
      const children = toItems(menu.children, permitted);
      return children.length ? [{ key: menu.path, label: menuTitle(menu), children }] : [];
    }
    return permitted.has(menu.path) ? [{ key: menu.path, label: menuTitle(menu) }] : [];
  });
}

/** The deepest menu path that is the current path or one of its ancestors, with its ancestor groups. */
function activeTrail(pathname: string, list: MenuDef[] = menus, parents: string[] = []): string[] {
  for (const menu of list) {
    if (menu.path === '/') continue;
    if (pathname === menu.path || pathname.startsWith(`${menu.path}/`)) {
      const deeper = activeTrail(pathname, menu.children ?? [], [...parents, menu.path]);
      return deeper.length ? deeper : [...parents, menu.path];
    }
  }
  return [];
}

/** Side menu built from the route tree; one group open at a time; the active item follows the route. */
export function SideMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = useSession((state) => state.permissions);
  const items = useMemo(
    () => toItems(menus, new Set(permissions.flatMap((p) => (p.type === 0 && p.route ? [p.route] : [])))),
    [permissions],
  );
  const trail = activeTrail(pathname);
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
      onClick={({ key }) => navigate(key)}
      style={{ background: 'transparent', borderInlineEnd: 'none' }}
    />
  );
}
