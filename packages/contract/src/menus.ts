/**
 * The session-required screens of specification §2 with the titles of reference UI §1.0.
 * The server seeds one menu resource (type 0) per entry; the web builds its route tree and side menu
 * from the same list, so a title is written once.
 */
import { CRUDS } from './cruds.js';
import type { Label } from './entity.js';

export interface MenuDef {
  /** Absolute route path (hash route). */
  path: string;
  title: string;
  /** Where a group route redirects. */
  redirect?: string;
  /**
   * Shown to every signed-in account, role or not: the screen's calls need a session only (the personal
   * page). Roles need not grant it — except in access-control mode, where every menu must be granted.
   */
  everyone?: boolean;
  /**
   * The name of the antd icon shown beside the title (e.g. UserOutlined). Seeded on the built-in menu resource,
   * where an administrator may change it; the side menu shows the resource's icon.
   */
  icon: string;
  children?: MenuDef[];
  /** Both languages' titles, for a menu declared with its entity (entity-crud.ts); the others' are in the web's catalogue. */
  label?: Label;
}

const builtinMenus: MenuDef[] = [
  { path: '/', title: '首页', icon: 'HomeOutlined', everyone: true },
  {
    path: '/user',
    title: '用户管理',
    icon: 'TeamOutlined',
    redirect: '/user/Account',
    children: [
      { path: '/user/Account', title: '账号管理', icon: 'UserOutlined' },
      { path: '/user/Organization', title: '组织管理', icon: 'ApartmentOutlined' },
      { path: '/user/Role', title: '角色管理', icon: 'SafetyCertificateOutlined' },
      { path: '/user/Resource', title: '资源管理', icon: 'AppstoreOutlined' },
    ],
  },
  {
    path: '/system',
    title: '系统设置',
    icon: 'SettingOutlined',
    redirect: '/system/Profile',
    children: [
      { path: '/system/Profile', title: '个人信息', icon: 'IdcardOutlined', everyone: true },
      { path: '/system/Dict', title: '字典管理', icon: 'BookOutlined' },
      { path: '/system/ConfigBundle', title: '配置迁移', icon: 'DeploymentUnitOutlined' },
      { path: '/system/SystemParam', title: '系统参数', icon: 'ControlOutlined' },
    ],
  },
  {
    path: '/monitor',
    title: '系统监控',
    icon: 'DashboardOutlined',
    redirect: '/monitor/Online',
    children: [
      { path: '/monitor/Online', title: '在线用户', icon: 'WifiOutlined' },
      { path: '/monitor/OperLog', title: '操作日志', icon: 'FileTextOutlined' },
      { path: '/monitor/LoginLog', title: '登录日志', icon: 'LoginOutlined' },
    ],
  },
];

/** The menus: the built-in screens, and each managed entity's (cruds.ts) at the end of its group. */
export const menus: MenuDef[] = builtinMenus.map((group) => {
  const added = CRUDS.filter((crud) => crud.menu.parent === group.path).map(
    (crud): MenuDef => ({
      path: crud.menu.path,
      title: crud.menu.title['zh-CN'],
      icon: crud.menu.icon,
      label: crud.menu.title,
    }),
  );
  return added.length ? { ...group, children: [...(group.children ?? []), ...added] } : group;
});

/** Every menu flattened with its parent's path (undefined for roots). */
export function flattenMenus(list: MenuDef[] = menus, parent?: string): Array<MenuDef & { parent?: string }> {
  return list.flatMap((m) => [{ ...m, parent }, ...flattenMenus(m.children ?? [], m.path)]);
}
