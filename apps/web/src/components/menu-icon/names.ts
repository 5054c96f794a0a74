/**
 * The icons a menu may carry (the menu resource's `icon`, an antd icon name): a curated set fit for an admin
 * console's menus, not the whole antd set (≈ 800 icons, ≈ 400 KiB gzip). The first 13 are the built-in menus'.
 * Kept apart from the components (icons.ts) so a picker or a check can read the names without loading a picture.
 */
export const MENU_ICONS = [
  // The built-in menus' icons (contract menus).
  'HomeOutlined',
  'TeamOutlined',
  'UserOutlined',
  'ApartmentOutlined',
  'SafetyCertificateOutlined',
  'AppstoreOutlined',
  'SettingOutlined',
  'IdcardOutlined',
  'BookOutlined',
  'DashboardOutlined',
  'WifiOutlined',
  'FileTextOutlined',
  'LoginOutlined',
  // People and organisation.
  'UserAddOutlined',
  'SolutionOutlined',
  'ContactsOutlined',
  'BankOutlined',
  'ShopOutlined',
  'ClusterOutlined',
  // Security.
  'LockOutlined',
  'KeyOutlined',
  'SafetyOutlined',
  'AuditOutlined',
  // System and operations.
  'ToolOutlined',
  'ControlOutlined',
  'MonitorOutlined',
  'DesktopOutlined',
  'DatabaseOutlined',
  'CloudServerOutlined',
  'DeploymentUnitOutlined',
  'ApiOutlined',
  'CodeOutlined',
  'BugOutlined',
  'RocketOutlined',
  'HistoryOutlined',
  // Content and data.
  'ProfileOutlined',
  'TableOutlined',
  'UnorderedListOutlined',
  'FolderOutlined',
  'FileOutlined',
  'FileSearchOutlined',
  'ContainerOutlined',
  'InboxOutlined',
  'CloudUploadOutlined',
  'PictureOutlined',
  'TagsOutlined',
  // Charts.
  'LineChartOutlined',
  'BarChartOutlined',
  'PieChartOutlined',
  // Communication and time.
  'MailOutlined',
  'MessageOutlined',
  'NotificationOutlined',
  'BellOutlined',
  'MobileOutlined',
  'CalendarOutlined',
  // Business.
  'ShoppingCartOutlined',
  'WalletOutlined',
  'AccountBookOutlined',
  'GlobalOutlined',
  'EnvironmentOutlined',
] as const;

export type MenuIconName = (typeof MENU_ICONS)[number];

const known: ReadonlySet<string> = new Set(MENU_ICONS);

/** Whether a stored icon name is one of the set (an unknown or retired name shows no icon rather than failing). */
export const isMenuIcon = (name: string | null | undefined): name is MenuIconName =>
  typeof name === 'string' && known.has(name);
