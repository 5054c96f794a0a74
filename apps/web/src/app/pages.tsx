import type { ComponentType } from 'react';

/** Loads one screen on first visit: its feature module becomes a chunk of its own (docs/frontend-budgets.md). */
export type PageLoader = () => Promise<ComponentType>;

/**
 * Screen of each session-required menu path (paths and titles come from the contract's `menus`), one line each:
 * `'/menu/Path': () => import('@/features/<feature>').then((m) => m.<Feature>Page),`. Nothing here is imported
 * eagerly, so a screen's code is fetched only when its route is entered (react-router's route `lazy`).
 * A menu path without an entry here shows the shared "not open yet" page.
 */
export const menuPages: Record<string, PageLoader> = {
  '/': () => import('@/features/home').then((m) => m.HomePage),
  '/user/Account': () => import('@/features/accounts').then((m) => m.AccountsPage),
  '/user/Organization': () => import('@/features/orgs').then((m) => m.OrganizationsPage),
  '/user/Role': () => import('@/features/roles').then((m) => m.RolesPage),
  '/user/Resource': () => import('@/features/resources').then((m) => m.ResourcesPage),
  // The personal page with the second factor's section: two features, composed in app/ProfileScreen.
  '/system/Profile': () => import('./ProfileScreen').then((m) => m.ProfileScreen),
  '/system/Dict': () => import('@/features/dicts').then((m) => m.DictsPage),
  '/system/ConfigBundle': () => import('@/features/config-bundle').then((m) => m.ConfigBundlePage),
  '/system/SystemParam': () => import('@/features/system-params').then((m) => m.SystemParamsPage),
  '/monitor/Online': () => import('@/features/online').then((m) => m.OnlinePage),
  '/monitor/OperLog': () => import('@/features/audit').then((m) => m.AuditPage),
  '/monitor/LoginLog': () => import('@/features/signin-log').then((m) => m.SignInLogPage),
};

/** The screen loader of a menu path, if its screen is built. */
export const pageLoaderFor = (path: string): PageLoader | undefined => menuPages[path];
