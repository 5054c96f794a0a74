import { describe, expect, it } from 'vitest';
import type { Role } from '@/features/roles/api/roles.api';
import { toCreateRoleBody, toRoleFormValues, toUpdateRoleBody } from './role-form';

const role: Role = {
  id: 4,
  name: '审计员',
  remark: null,
  resources: [1, 2, 21],
  builtin: false,
  accountCount: 2,
  assignable: true,
};

describe('role form mapping', () => {
  it('opens the editor with the role’s resources', () => {
    expect(toRoleFormValues(role)).toEqual({ name: '审计员', remark: '', resources: [1, 2, 21] });
  });

  it('trims the name and sends a blank remark as null', () => {
    expect(toCreateRoleBody({ name: ' 访客 ', remark: '   ', resources: [3] })).toEqual({
      name: '访客',
      remark: null,
      resources: [3],
    });
    expect(toUpdateRoleBody(role, { name: '审计员', remark: ' 只读 ', resources: [21] })).toEqual({
      id: 4,
      name: '审计员',
      remark: '只读',
      resources: [21],
    });
  });
});
