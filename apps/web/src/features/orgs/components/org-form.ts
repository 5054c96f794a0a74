import type { CreateOrgBody, Org, UpdateOrgBody } from '@/features/orgs/api/orgs.api';

/** What the '组织信息' dialog edits. */
export interface OrgFormValues {
  name: string;
  fullName: string;
  pid: number | null;
  /** 所在地区: a region code. */
  regionId: number | null;
}

/** What the dialog was opened for: a new root, a new child of `parent`, or editing `org`. */
export type OrgDialogTarget = { mode: 'create'; parent: Org | null } | { mode: 'edit'; org: Org };

export function initialOrgValues(target: OrgDialogTarget): OrgFormValues {
  if (target.mode === 'edit') {
    return {
      name: target.org.name,
      fullName: target.org.fullName ?? '',
      pid: target.org.pid,
      regionId: target.org.regionId,
    };
  }
  return { name: '', fullName: '', pid: target.parent?.id ?? null, regionId: null };
}

const fields = (values: OrgFormValues) => {
  const fullName = values.fullName?.trim() ?? '';
  return {
    name: values.name.trim(),
    fullName: fullName === '' ? null : fullName,
    pid: values.pid ?? null,
    regionId: values.regionId ?? null,
  };
};

export const toCreateOrgBody = (values: OrgFormValues): CreateOrgBody => fields(values);

export const toUpdateOrgBody = (org: Org, values: OrgFormValues): UpdateOrgBody => ({ id: org.id, ...fields(values) });

/**
 * The levels of the tree to re-load after a save or delete: the level the org sits in now and, after a move,
 * the level it left. Null is the root level.
 */
export function levelsToReload(before: Org | null, after: { pid: number | null }): Array<number | null> {
  const levels: Array<number | null> = [after.pid];
  if (before && before.pid !== after.pid) levels.push(before.pid);
  return levels;
}
