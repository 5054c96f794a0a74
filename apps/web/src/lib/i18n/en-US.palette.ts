import type { zhCNPalette } from './zh-CN.palette';

/** en-US texts of the command palette (Ctrl+K); every zh-CN key, checked by the compiler. */
export const enUSPalette = {
  'palette.open': 'Search',
  'palette.openHint': 'Search menus and records (Ctrl+K)',
  'palette.label': 'Search menus and records',
  'palette.placeholder': 'Search menus, accounts (number, name, mobile), organizations, roles, dictionaries',
  'palette.results': 'Search results',
  'palette.groupMenus': 'Menus',
  'palette.groupAccounts': 'Accounts',
  'palette.groupOrgs': 'Organizations',
  'palette.groupRoles': 'Roles',
  'palette.groupDicts': 'Dictionaries',
  'palette.account': '{accountName} ({accountNumber})',
  'palette.searching': 'Searching…',
  'palette.failed': '{group} could not be loaded: {reason}',
  'palette.empty': 'No menu or record matches “{text}”',
  'palette.keys': '↑ ↓ to move · Enter to open · Esc to close',
} as const satisfies Record<keyof typeof zhCNPalette, string>;
