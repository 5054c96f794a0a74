import type { CreateOrgBody, Org, UpdateOrgBody } from '@/features/orgs/api/orgs.api';

/** What the organisation dialog (添加组织 / 修改组织) edits. */
export interface OrgFormValues {
  name: string;
  fullName: string;
  /** 机构编码: empty for none. */
  orgCode: string;
  pid: number | null;
  /** 所在地区: a region code. */
  regionId: number | null;
  /** 显示排序: siblings by it, then by id. */
  sort: number | null;
  leader: string;
  phone: string;
  /** 状态: enabled. */
  state: boolean;
}

/** What the dialog was opened for: a new root, a new child of `parent`, or editing `org`. */
export type OrgDialogTarget = { mode: 'create'; parent: Org | null } | { mode: 'edit'; org: Org };

export function initialOrgValues(target: OrgDialogTarget): OrgFormValues {
  if (target.mode === 'edit') {
    return {
      name: target.org.name,
      fullName: target.org.fullName ?? '',
      orgCode: target.org.orgCode ?? '',
      pid: target.org.pid,
      regionId: target.org.regionId,
      sort: target.org.sort,
      leader: target.org.leader ?? '',
      phone: target.org.phone ?? '',
      state: target.org.state,
    };
  }
  return {
    name: '',
    fullName: '',
    orgCode: '',
    pid: target.parent?.id ?? null,
    regionId: null,
    sort: 0,
    leader: '',
    phone: '',
    state: true,
  };
}

const textOrNull = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

const fields = (values: OrgFormValues) => ({
  name: values.name.trim(),
  // Empty: the server stores the name as the full name.
  fullName: textOrNull(values.fullName),
  orgCode: textOrNull(values.orgCode),
  pid: values.pid ?? null,
  regionId: values.regionId ?? null,
  sort: values.sort ?? 0,
  leader: textOrNull(values.leader),
  phone: textOrNull(values.phone),
  state: values.state ? (1 as const) : (0 as const),
});

export const toCreateOrgBody = (values: OrgFormValues): CreateOrgBody => fields(values);

export const toUpdateOrgBody = (org: Org, values: OrgFormValues): UpdateOrgBody => ({ id: org.id, ...fields(values) });

/**
 * The levels of the tree to re-load after a save or delete, in order: after a move the level the org left first,
 * then the level it sits in now. Null is the root level. The old level goes first so the org is never on screen
 * under both parents at once: the tree table keys rows by id, and one key twice leaves a stale row behind.
 */
export function levelsToReload(before: Org | null, after: { pid: number | null }): Array<number | null> {
  return before && before.pid !== after.pid ? [before.pid, after.pid] : [after.pid];
}
