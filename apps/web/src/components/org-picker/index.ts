export {
  type MultipleOrgPickerProps,
  ORG_PICKER_NAMES_SHOWN,
  OrgPicker,
  type OrgPickerProps,
  type SingleOrgPickerProps,
} from './OrgPicker';
export { OrgTreeTable, type OrgTreeTableHandle, type OrgTreeTableProps } from './OrgTreeTable';
export type { LoadOrgs, Org } from './org-types';
