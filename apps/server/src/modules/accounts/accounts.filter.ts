import { accountEntity, normaliseMobile, type QueryOf, type Routes } from '@gatehouse/contract';
import { fieldFiltersOf } from '../../platform/entity-rows.js';
import type { AccountFilter } from './accounts.repository.js';

/** The filters of the account list's query, which its export takes alike. */
type AccountQuery = Omit<QueryOf<Routes['listAccounts']>, 'p' | 'pageSize' | 'sort' | 'order'>;

/**
 * The account list's query as the repository's filter: one reading for the list and its export, so the rows
 * exported are the rows listed. The descriptor's filters (accountNumber / accountName by prefix, state, the creation
 * time's range, and any field declaring one) are read generically by their kind; the rest are the account's own.
 * The data scope is the caller's to add.
 */
export function accountFilterOf(query: AccountQuery): Omit<AccountFilter, 'within' | 'alsoWithin'> {
  const bit = (value: number | undefined) => (value === undefined ? undefined : value === 1 ? 1 : 0);
  return {
    ...fieldFiltersOf(accountEntity, query),
    keyword: query.keyword?.trim() || undefined,
    contactNumber: query.contactNumber === undefined ? undefined : normaliseMobile(query.contactNumber),
    orgId: query.orgId,
    pendingApproval: query.pendingApproval === 1,
    roleId: query.roleId,
    postId: query.postId,
    secondFactor: bit(query.secondFactor),
    contactVerified: bit(query.contactVerified),
    emailVerified: bit(query.emailVerified),
  };
}
