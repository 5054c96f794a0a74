import type { zhCNOrgs } from './zh-CN.orgs';

/** en-US texts of the orgs screens; every zh-CN key, checked by the compiler. */
export const enUSOrgs = {
  'org.addRoot': '+ Add root',
  'org.addChild': 'Add child',
  'org.colActions': 'Actions',
  'org.dialogTitle': 'Organization',
  'org.fieldName': 'Name',
  'org.fieldFullName': 'Full name',
  'org.fieldParent': 'Parent',
  'org.fieldRegion': 'Region',
  'org.parentNone': 'None (root)',
  'org.parentHint': 'Pick another organization to move this one; clear to make it a root',
  'org.nameRequired': 'Please enter the name',
  'org.nameLength': '1 to 100 characters',
  'org.fullNameLength': '0 to 255 characters',
  'org.empty': 'No organizations',
  'org.pickerClear': 'Clear',
  'org.expand': 'Expand {name}',
  'org.collapse': 'Collapse {name}',
} as const satisfies Record<keyof typeof zhCNOrgs, string>;
