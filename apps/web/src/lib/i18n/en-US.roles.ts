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
  'role.dialogAdd': 'Add role',
  'role.dialogEdit': 'Edit role',
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
  'resourceTree.alwaysOn': 'Always granted',
  'resourceTree.alwaysOnHint': 'Every signed-in account holds this; no need to tick it',
  'role.impliedNote':
    'The menus (Home, Profile) and APIs tagged “Always granted” are open to every signed-in account and need no grant; ticking an API also grants the menus above it.',
  'role.searchName': 'Role name',
  'role.listLabel': 'Role list',
  'role.deleteConfirm': 'Delete the role “{name}”?',
  'role.deleteHeld': '{count} accounts hold this role; give them another role first, or it cannot be deleted.',

  'roles.preview': 'Preview',
  'roles.scope.field': 'Data scope',
  'roles.scope.col': 'Data scope',
  'roles.scope.name.all': 'All',
  'roles.scope.name.orgTree': 'Own organization and below',
  'roles.scope.name.org': 'Own organization',
  'roles.scope.name.custom': 'Custom',
  'roles.scope.name.self': 'Self only',
  'roles.scope.hint.all': 'Holders of this role see and change the accounts of every organization',
  'roles.scope.hint.orgTree':
    'Holders of this role see and change the accounts of their own organization and all its sub-organizations',
  'roles.scope.hint.org':
    'Holders of this role see and change only the accounts of their own organization, not of its sub-organizations',
  'roles.scope.hint.custom':
    'Holders of this role see and change the accounts of the chosen organizations and all their sub-organizations',
  'roles.scope.hint.self': 'Holders of this role see and change only their own account',
  'roles.scope.customCount': 'Custom ({count} organizations)',
  'roles.scope.orgs': 'Organizations',
  'roles.scope.orgsHint': 'Each chosen organization includes all its sub-organizations',
  'roles.scope.orgsRequired': 'Please choose at least one organization',
  'roles.scope.builtin': "The super-admin role's data scope is always All",
  'roles.scope.customNeedsOrgs': 'You cannot list organizations, so you cannot choose custom ones',

  'roles.secondFactor.field': 'Require 2FA',
  'roles.secondFactor.hint':
    'Accounts with this role must first add an authenticator app or a passkey at their next sign-in',
  'roles.secondFactor.tag': '2FA',
  'roles.secondFactor.tagTitle':
    'Second factor required: accounts with this role must use an authenticator app or a passkey',
} as const satisfies Record<keyof typeof zhCNRoles, string>;
