import type { ComponentType } from 'react';
import { PageUnavailable } from '../components/page-unavailable';
import { AccountsPage } from '../features/accounts';
import { DictsPage } from '../features/dicts';
import { HomePage } from '../features/home';
import { OrganizationsPage } from '../features/orgs';
import { ProfilePage } from '../features/profile';
import { ResourcesPage } from '../features/resources';
import { RolesPage } from '../features/roles';

/**
 * Screen of each session-required menu path (paths and titles come from the contract's `menus`).
 * A menu path without an entry here shows the shared "not open yet" page.
 */
export const menuPages: Record<string, ComponentType> = {
  '/': HomePage,
  '/user/Account': AccountsPage,
  '/user/Organization': OrganizationsPage,
  '/user/Role': RolesPage,
  '/user/Resource': ResourcesPage,
  '/system/Profile': ProfilePage,
  '/system/Dict': DictsPage,
};

export const pageFor = (path: string): ComponentType => menuPages[path] ?? PageUnavailable;
