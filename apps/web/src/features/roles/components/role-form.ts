import type { CreateRoleBody, Role, UpdateRoleBody } from '@/features/roles/api/roles.api';

/** What the '权限信息' dialog edits. */
export interface RoleFormValues {
  name: string;
  remark: string;
  resources: number[];
}

export const emptyRoleForm: RoleFormValues = { name: '', remark: '', resources: [] };

export const toRoleFormValues = (role: Role): RoleFormValues => ({
  name: role.name,
  remark: role.remark ?? '',
  resources: [...role.resources],
});

const fields = (values: RoleFormValues) => {
  const remark = values.remark?.trim() ?? '';
  return { name: values.name.trim(), remark: remark === '' ? null : remark, resources: [...values.resources] };
};

export const toCreateRoleBody = (values: RoleFormValues): CreateRoleBody => fields(values);

export const toUpdateRoleBody = (role: Role, values: RoleFormValues): UpdateRoleBody => ({
  id: role.id,
  ...fields(values),
});
