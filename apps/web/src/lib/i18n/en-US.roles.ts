import type { zhCNRoles } from './zh-CN.roles';

/** en-US texts of the roles screens and the permission tree; every zh-CN key, checked by the compiler. */
export const enUSRoles = {
  'role.colName': 'Role',
  'role.colRemark': 'Remark',
  'role.colAccountCount': 'Accounts',
  'role.colActions': 'Actions',
  'role.builtinLocked': 'Built-in roles cannot be changed',
  'role.notAssignable': 'This role holds permissions you lack; you cannot change it',
  'role.builtinTag': 'Built-in',
  'role.dialogTitle': 'Role permissions',
  'role.fieldName': 'Role name',
  'role.fieldRemark': 'Remark',
  'role.fieldResources': 'Permissions',
  'role.nameRequired': 'Please enter the role name',
  'role.nameLength': '1 to 100 characters',
  'role.remarkLength': '0 to 255 characters',
  'role.resourcesRequired': 'Please choose permissions',

  'resourceTree.search': 'Search name, route or API URL',
  'resourceTree.batchSelect': 'Select in bulk',
  'resourceTree.notHeld': 'You do not hold this permission and cannot grant it',
  'resourceTree.noMatch': 'No matching permissions',
  'resourceTree.selectedCount': '{count} selected',
} as const satisfies Record<keyof typeof zhCNRoles, string>;
