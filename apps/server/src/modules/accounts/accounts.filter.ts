import { normaliseMobile, type QueryOf, type Routes } from '@gatehouse/contract';
import { storedTime } from '../../platform/time.js';
import type { AccountFilter } from './accounts.repository.js';

/** The filters of the account list's query, which its export takes alike. */
type AccountQuery = Omit<QueryOf<Routes['listAccounts']>, 'p' | 'pageSize' | 'sort' | 'order'>;

/**
 * The account list's query as the repository's filter: one reading for the list and its export, so the rows
 * exported are the rows listed. The data scope is the caller's to add.
 */
export function accountFilterOf(query: AccountQuery): Omit<AccountFilter, 'within' | 'alsoWithin'> {
  const bit = (value: number | undefined) => (value === undefined ? undefined : value === 1 ? 1 : 0);
  return {
    keyword: query.keyword?.trim() || undefined,
    accountNumber: query.accountNumber?.trim(),
    accountName: query.accountName?.trim(),
    contactNumber: query.contactNumber === undefined ? undefined : normaliseMobile(query.contactNumber),
    orgId: query.orgId,
    pendingApproval: query.pendingApproval === 1,
    state: bit(query.state),
    roleId: query.roleId,
    postId: query.postId,
    createdFrom: query.startTime === undefined ? undefined : storedTime(query.startTime),
    createdTo: query.endTime === undefined ? undefined : storedTime(query.endTime),
    secondFactor: bit(query.secondFactor),
    contactVerified: bit(query.contactVerified),
    emailVerified: bit(query.emailVerified),
  };
}
