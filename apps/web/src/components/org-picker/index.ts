export { OrgPicker, type OrgPickerProps } from './OrgPicker';
export { OrgTreeTable, type OrgTreeTableHandle, type OrgTreeTableProps } from './OrgTreeTable';
export type { LoadOrgs, Org } from './org-types';
