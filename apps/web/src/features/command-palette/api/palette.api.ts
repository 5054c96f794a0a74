import { MOBILE_PATTERN, type ResponseOf, type RouteDef, routes } from '@gatehouse/contract';
import { call } from '@/lib/http';
import { t } from '@/lib/i18n';

type RoleRow = ResponseOf<typeof routes.listRoles>[number];
type DictRow = ResponseOf<typeof routes.listDicts>['list'][number];
type OrgRow = ResponseOf<typeof routes.listOrgs>[number];
const MOBILE = new RegExp(MOBILE_PATTERN);

/** How many records of one kind the palette shows: enough to pick from, few enough to read at a glance. */
export const PALETTE_LIMIT = 5;
/** The account list's filters are bounded (ACCOUNT_NUMBER_MAX, ACCOUNT_NAME_MAX, the dictionary name's 100). */
export const PALETTE_TEXT_MAX = 100;

export type RecordKind = 'accounts' | 'orgs' | 'roles' | 'dicts';

/** What a search of one kind answers: the records, in the shape the palette shows. */
export interface RecordHit {
  id: number;
  /** The line shown and highlighted. */
  label: string;
  /** A second, quieter line (organisation, remark, code). */
  detail: string | null;
  /** The list screen and the filter that shows this record. */
  to: { pathname: string; search: string };
}

/**
 * A kind of record the palette searches: the list route it reads (the palette asks only when the account holds
 * that route's API resource, so it never calls what the server would refuse) and how it searches.
 */
export interface RecordSource {
  kind: RecordKind;
  route: RouteDef;
  search(text: string, signal: AbortSignal): Promise<RecordHit[]>;
}

const page = { p: 1, pageSize: PALETTE_LIMIT };
const filtered = (pathname: string, name: string, value: string) => ({
  pathname,
  search: `?${new URLSearchParams({ [name]: value })}`,
});

/**
 * Accounts whose number or name starts with the text (the list's own prefix filters, asked side by side), and,
 * when the text is a whole mobile number, the accounts with that number; the account screen opens filtered to the
 * account number.
 */
async function searchAccounts(text: string, signal: AbortSignal) {
  const ask = (filter: { accountNumber: string } | { accountName: string } | { contactNumber: string }) =>
    call(routes.listAccounts, { query: { ...page, ...filter }, signal, quiet: true });
  const answers = await Promise.all([
    ...(MOBILE.test(text) ? [ask({ contactNumber: text })] : []),
    ask({ accountNumber: text }),
    ask({ accountName: text }),
  ]);
  const seen = new Set<number>();
  const rows = answers.flatMap((a) => a.list).filter((row) => !seen.has(row.id) && seen.add(row.id));
  return rows.slice(0, PALETTE_LIMIT).map(
    (row): RecordHit => ({
      id: row.id,
      label: t('palette.account', { accountName: row.accountName, accountNumber: row.accountNumber }),
      detail: row.orgName,
      to: filtered('/user/Account', 'accountNumber', row.accountNumber),
    }),
  );
}

/** Organisations whose name or full name holds the text; the organisation screen opens showing only it. */
async function searchOrgs(text: string, signal: AbortSignal) {
  const orgs: OrgRow[] = await call(routes.listOrgs, { query: { name: text }, signal, quiet: true });
  return orgs.slice(0, PALETTE_LIMIT).map(
    (org): RecordHit => ({
      id: org.id,
      label: org.name,
      detail: org.fullName ?? org.orgCode,
      to: filtered('/user/Organization', 'id', String(org.id)),
    }),
  );
}

/** Roles whose name holds the text: GET /role/s answers every role, so the match is made here. */
async function searchRoles(text: string, signal: AbortSignal) {
  const roles: RoleRow[] = await call(routes.listRoles, { signal, quiet: true });
  const needle = text.toLocaleLowerCase();
  return roles
    .filter((role) => role.name.toLocaleLowerCase().includes(needle))
    .slice(0, PALETTE_LIMIT)
    .map(
      (role): RecordHit => ({
        id: role.id,
        label: role.name,
        detail: role.remark,
        to: filtered('/user/Role', 'name', role.name),
      }),
    );
}

/** Dictionaries whose name holds the text (the list's own filter); the dictionary screen opens filtered to it. */
async function searchDicts(text: string, signal: AbortSignal) {
  const answer = await call(routes.listDicts, { query: { ...page, dictName: text }, signal, quiet: true });
  return answer.list.map(
    (dict: DictRow): RecordHit => ({
      id: dict.id,
      label: dict.dictName,
      detail: dict.dictCode,
      to: filtered('/system/Dict', 'dictName', dict.dictName),
    }),
  );
}

/** The kinds of record the palette searches, in the order of its groups. */
export const RECORD_SOURCES: readonly RecordSource[] = [
  { kind: 'accounts', route: routes.listAccounts, search: searchAccounts },
  { kind: 'orgs', route: routes.listOrgs, search: searchOrgs },
  { kind: 'roles', route: routes.listRoles, search: searchRoles },
  { kind: 'dicts', route: routes.listDicts, search: searchDicts },
];
