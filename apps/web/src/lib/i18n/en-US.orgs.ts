import type { zhCNOrgs } from './zh-CN.orgs';

/** en-US texts of the orgs screens; every zh-CN key, checked by the compiler. */
export const enUSOrgs = {
  'org.addRoot': '+ Add root',
  'org.import': 'Import',
  'org.importTitle': 'Import organizations',
  'org.addChild': 'Add child',
  'org.colActions': 'Actions',
  'org.dialogAdd': 'Add organization',
  'org.dialogEdit': 'Edit organization',
  'org.fullNameDefault': 'Same as the name when empty',
  'org.sortHint': 'Siblings are listed by it, smallest first; then by creation',
  'org.stateHint':
    'A disabled organization takes no new accounts nor child organizations; its accounts are kept. Disable its children first',
  'org.addChildDisabled': 'The organization is disabled: no child can be added',
  'org.orgCodeHint': 'Unique; optional',
  'org.parentNone': 'None (root)',
  'org.parentHint': 'Pick another organization to move this one; clear to make it a root',
  'org.empty': 'No organizations',
  'org.pickerClear': 'Clear',
  'org.pickerSearching': 'Searching…',
  'org.pickerNoMatch': 'No organization in your data scope has “{text}” in its name',
  'org.pickerFailed': 'Could not load the organizations; close and try again',
  'org.pickerLoading': 'Loading…',
  'org.pickerMore': '+{count} more',
  'org.expand': 'Expand {name}',
  'org.collapse': 'Collapse {name}',
  'org.listLabel': 'Organizations',
  'org.deleteConfirm': 'Delete the organization “{name}”?',
  'org.deleteHasChildren': 'It has sub-organizations; delete them first, or it cannot be deleted.',
  'org.focused': 'Showing only “{name}” and its sub-organizations',
  'org.focusMissing': 'The organization to show does not exist; it may have been deleted',
  'org.showAll': 'Show all organizations',

  'scope.outside': 'Outside your data scope; shown only as the path to what is in it',
  'scope.pathOnly': 'Path only',
} as const satisfies Record<keyof typeof zhCNOrgs, string>;
