import { describe, expect, it } from 'vitest';
import type { Org } from '@/features/orgs/api/orgs.api';
import { initialOrgValues, levelsToReload, toCreateOrgBody, toUpdateOrgBody } from './org-form';

const org: Org = {
  id: 7,
  pid: 3,
  name: '研发部',
  fullName: null,
  orgCode: '10000007',
  createTime: Date.parse('2024-05-01T05:45:00.000Z'),
  hasChildren: false,
  regionId: null,
  regionName: null,
  sort: 0,
  leader: null,
  phone: null,
  state: true,
};

describe('org form mapping', () => {
  it('添加下级 starts a child of the clicked row (its id, not its pid)', () => {
    expect(initialOrgValues({ mode: 'create', parent: org }).pid).toBe(7);
    expect(initialOrgValues({ mode: 'create', parent: null }).pid).toBeNull();
  });

  it('editing starts from the row', () => {
    expect(initialOrgValues({ mode: 'edit', org: { ...org, regionId: 320506 } })).toEqual({
      name: '研发部',
      fullName: '',
      orgCode: '10000007',
      pid: 3,
      regionId: 320506,
      sort: 0,
      leader: '',
      phone: '',
      state: true,
    });
  });

  it('trims and sends a blank full name, code, leader and phone as null; 状态 as 0/1', () => {
    const blank = { sort: null, leader: ' ', phone: '', state: true };
    expect(
      toCreateOrgBody({ name: ' 财务部 ', fullName: '  ', orgCode: ' ', pid: 1, regionId: null, ...blank }),
    ).toEqual({
      name: '财务部',
      fullName: null,
      orgCode: null,
      pid: 1,
      regionId: null,
      sort: 0,
      leader: null,
      phone: null,
      state: 1,
    });
    expect(
      toUpdateOrgBody(org, {
        name: '研发中心',
        fullName: '研发中心（北京）',
        orgCode: ' RD-01 ',
        pid: null,
        regionId: 110105,
        sort: 3,
        leader: ' 王芳 ',
        phone: '010-12345678',
        state: false,
      }),
    ).toEqual({
      id: 7,
      name: '研发中心',
      fullName: '研发中心（北京）',
      orgCode: 'RD-01',
      pid: null,
      regionId: 110105,
      sort: 3,
      leader: '王芳',
      phone: '010-12345678',
      state: 0,
    });
  });

  it('re-loads the new level, and the old one after a move', () => {
    expect(levelsToReload(null, { pid: 7 })).toEqual([7]);
    expect(levelsToReload(org, { pid: 3 })).toEqual([3]);
    // The level it left first: never under both parents at once.
    expect(levelsToReload(org, { pid: null })).toEqual([3, null]);
  });
});
