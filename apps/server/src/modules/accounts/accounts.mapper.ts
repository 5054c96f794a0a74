import type { Account } from '@gatehouse/contract';
import type { Static } from 'typebox';
import type { AccountView } from './accounts.repository.js';

/** Names a region code by its path ('江苏省 / 苏州市 / 吴中区'); null when it is not in the tree. */
export type RegionNamer = (id: number) => string | null;

export function toAccount(row: AccountView, regionName: RegionNamer): Static<typeof Account> {
  return {
    id: row.id,
    accountNumber: row.account_number,
    accountName: row.account_name,
    avatar: row.avatar,
    contactNumber: row.contact_number,
    email: row.email,
    state: row.state === 1,
    createTime: row.create_time,
    orgId: row.org_id,
    orgName: row.org_name,
    belongOrgName: row.org_full_name || row.org_name,
    roleId: row.role_id,
    roleName: row.role_name,
    builtin: row.builtin === 1,
    address: row.address,
    introduction: row.introduction,
    company: row.company,
    regionId: row.region_id,
    regionName: row.region_id === null ? null : regionName(row.region_id),
  };
}
