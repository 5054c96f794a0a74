import type { Account } from '@gatehouse/contract';
import type { Static } from 'typebox';
import { epochMs } from '../../platform/time.js';
import { accountNameOf, orgNameOf, roleNameOf, roleRemarkOf } from '../setup/seeded-names.js';
import type { AccountPostView, AccountView } from './accounts.repository.js';

/** Names a region code by its path ('江苏省 / 苏州市 / 吴中区'); null when it is not in the tree. */
export type RegionNamer = (id: number) => string | null;

/** The resources each role grants: by role id, the super-admin role's (every one) under 0. */
export type RoleResources = ReadonlyMap<number, Array<{ id: number; name: string; pid: number | null }>>;

/**
 * An account as answered; the seeded names of `admin`, its role and the root in the request's language. `posts`: the
 * posts it holds, in their order (the repository's `postsOf`).
 */
export function toAccount(
  row: AccountView,
  regionName: RegionNamer,
  roles: RoleResources,
  posts: readonly AccountPostView[] = [],
): Static<typeof Account> {
  const orgName = orgNameOf(row.org_name, row.org_pid);
  const orgFullName = orgNameOf(row.org_full_name, row.org_pid);
  const roleName = roleNameOf(row.role_name, row.role_builtin === 1);
  return {
    id: row.id,
    accountNumber: row.account_number,
    accountName: accountNameOf(row.account_name, row.builtin),
    avatar: row.avatar,
    contactNumber: row.contact_number,
    email: row.email,
    state: row.state === 1,
    createTime: epochMs(row.create_time),
    orgId: row.org_id,
    orgName,
    belongOrgName: orgFullName || orgName,
    roleId: row.role_id,
    roleName,
    builtin: row.builtin === 1,
    address: row.address,
    introduction: row.introduction,
    company: row.company,
    regionId: row.region_id,
    regionName: row.region_id === null ? null : regionName(row.region_id),
    sysRole:
      row.role_id === null || roleName === null
        ? null
        : {
            id: row.role_id,
            name: roleName,
            remark: roleRemarkOf(row.role_remark, row.role_builtin === 1),
            type: row.role_builtin === 1 ? 1 : 0,
            resources: roles.get(row.role_builtin === 1 ? 0 : row.role_id) ?? [],
          },
    sysOrg: {
      id: row.org_id,
      name: orgName,
      fullName: orgFullName,
      orgCode: row.org_code,
      pid: row.org_pid,
      remark: null,
      createTime: epochMs(row.org_create_time),
    },
    pendingApproval: row.pending_approval === 1,
    secondFactor: row.second_factor === 1,
    contactVerified: row.contact_number !== null && row.contact_verified === 1,
    emailVerified: row.email !== null && row.email_verified === 1,
    postIds: posts.map((post) => post.post_id),
    posts: posts.map((post) => ({ id: post.post_id, postName: post.post_name })),
  };
}

/** The posts of a page's accounts, by account (kept in the posts' order). */
export function postsByAccount(posts: readonly AccountPostView[]): ReadonlyMap<number, AccountPostView[]> {
  const out = new Map<number, AccountPostView[]>();
  for (const post of posts) {
    const held = out.get(post.account_id);
    if (held) held.push(post);
    else out.set(post.account_id, [post]);
  }
  return out;
}

/** The resources each of `roleIds` grants; with `all`, every resource under 0 (modules/resources `grantsOf`). */
export type GrantsOf = (roleIds: readonly number[], all: boolean) => Promise<RoleResources>;

/** The rows' roles' resources (the permission cache's, read once per permission version). */
export function rolesOf(grantsOf: GrantsOf, rows: readonly AccountView[]) {
  const custom = new Set<number>();
  let superAdmin = false;
  for (const row of rows) {
    if (row.role_id === null) continue;
    if (row.role_builtin === 1) superAdmin = true;
    else custom.add(row.role_id);
  }
  return grantsOf([...custom], superAdmin);
}
