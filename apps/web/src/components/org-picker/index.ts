export { ORG_PICKER_NAMES_SHOWN, OrgPicker } from './OrgPicker';
export type {
  LoadOrgs,
  MultipleOrgPickerProps,
  Org,
  OrgPickerProps,
  OrgQuery,
  SingleOrgPickerProps,
} from './org-types';
