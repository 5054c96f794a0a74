import { flattenMenus } from '@gatehouse/contract';
import type { Overview, RecentSignIn } from '@/features/home/api/overview.api';
import { menuTitle, t } from '@/lib/i18n';

export type StatKey =
  | 'accounts'
  | 'enabled'
  | 'disabled'
  | 'orgs'
  | 'roles'
  | 'dicts'
  | 'signInsToday'
  | 'liveSessions';

/** The screen behind each number on the dashboard (null: no screen lists it). */
export const statRoutes: Record<StatKey, string | null> = {
  accounts: '/user/Account',
  enabled: '/user/Account',
  disabled: '/user/Account',
  orgs: '/user/Organization',
  roles: '/user/Role',
  dicts: '/system/Dict',
  signInsToday: null,
  liveSessions: null,
};

const STAT_ORDER: StatKey[] = [
  'accounts',
  'enabled',
  'disabled',
  'orgs',
  'roles',
  'dicts',
  'signInsToday',
  'liveSessions',
];

export interface StatTile {
  key: StatKey;
  label: string;
  value: number;
  /** Where a click on the number leads, when the account may open that screen. */
  to: string | null;
  /** The title of that screen (for the link's accessible name). */
  screen: string | null;
}

const menuTitles = new Map(flattenMenus().map((menu) => [menu.path, menuTitle(menu)]));

export function statValue(overview: Overview, key: StatKey): number {
  switch (key) {
    case 'accounts':
      return overview.accounts.total;
    case 'enabled':
      return overview.accounts.enabled;
    case 'disabled':
      return overview.accounts.disabled;
    default:
      return overview[key];
  }
}

/**
 * The dashboard's numbers in display order. A number links to its screen only when the account holds that menu
 * (`permittedMenus`: the routes of its menu resources), so no link leads to a screen it cannot use.
 */
export function statTiles(overview: Overview, permittedMenus: ReadonlySet<string>): StatTile[] {
  return STAT_ORDER.map((key) => {
    const route = statRoutes[key];
    const to = route && permittedMenus.has(route) ? route : null;
    return {
      key,
      label: t(`home.stat.${key}`),
      value: statValue(overview, key),
      to,
      screen: to ? (menuTitles.get(to) ?? null) : null,
    };
  });
}

/** The account's latest sign-in among the recent ones (newest first), if it is there. */
export function latestSignInOf(recent: readonly RecentSignIn[], accountNumber: string): RecentSignIn | undefined {
  return recent.find((signIn) => signIn.accountNumber === accountNumber);
}
