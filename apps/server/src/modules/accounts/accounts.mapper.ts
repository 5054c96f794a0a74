import type { Account } from '@gatehouse/contract';
import type { Static } from 'typebox';
import type { AccountView } from './accounts.repository.js';

export function toAccount(row: AccountView): Static<typeof Account> {
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
  };
}
