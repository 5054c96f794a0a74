/**
 * The session-required screens of product-spec §2 with the titles of reference-ui §1.0.
 * The server seeds one menu resource (type 0) per entry; the web builds its route tree and side menu
 * from the same list, so a title is written once.
 */
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
  children?: MenuDef[];
}

export const menus: MenuDef[] = [
  { path: '/', title: '首页', everyone: true },
  {
    path: '/user',
    title: '用户管理',
    redirect: '/user/Account',
    children: [
      { path: '/user/Account', title: '账号管理' },
      { path: '/user/Organization', title: '组织管理' },
      { path: '/user/Role', title: '角色管理' },
      { path: '/user/Resource', title: '资源管理' },
    ],
  },
  {
    path: '/system',
    title: '系统设置',
    redirect: '/system/Profile',
    children: [
      { path: '/system/Profile', title: '个人信息', everyone: true },
      { path: '/system/Dict', title: '字典管理' },
    ],
  },
  {
    path: '/monitor',
    title: '系统监控',
    redirect: '/monitor/Online',
    children: [
      { path: '/monitor/Online', title: '在线用户' },
      { path: '/monitor/OperLog', title: '操作日志' },
      { path: '/monitor/LoginLog', title: '登录日志' },
    ],
  },
];

/** Every menu flattened with its parent's path (undefined for roots). */
export function flattenMenus(list: MenuDef[] = menus, parent?: string): Array<MenuDef & { parent?: string }> {
  return list.flatMap((m) => [{ ...m, parent }, ...flattenMenus(m.children ?? [], m.path)]);
}
