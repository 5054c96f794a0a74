import {
  describeUserAgent,
  type QueryOf,
  type Routes,
  SIGNIN_EXPORT_MAX_ROWS,
  type SignInReasonCode,
} from '@gatehouse/contract';
import type { Selectable } from 'kysely';
import type { SignInLogTable } from '../../platform/db/schema.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { TableColumn, TableFile } from '../../platform/spreadsheet.js';
import { epochMs, epochMsOrNull, storedTime } from '../../platform/time.js';
import type { AccountsWithin } from '../authz/index.js';
import type { SignInLogFilters, SignInRepository } from './signin.repository.js';

type Row = Selectable<SignInLogTable>;

const METHOD_LABELS = {
  password: 'signinLog.method.password',
  sms: 'signinLog.method.sms',
  password_check: 'signinLog.method.password_check',
  totp: 'signinLog.method.totp',
  passkey: 'signinLog.method.passkey',
  recovery: 'signinLog.method.recovery',
} as const satisfies Record<SignInLogTable['method'], string>;

/** An entry's reason in words; a right factor by what it led to (a session, a second step, a verification). */
const reasonText = (row: Row) =>
  row.reason === 'ok' && row.kind !== 'signin'
    ? t(`signinLog.ok.${row.kind}`)
    : t(`signinLog.reason.${row.reason as SignInReasonCode}`);

const toEntry = (row: Row) => ({
  id: row.id,
  at: epochMs(row.at),
  account: row.account,
  accountId: row.account_id,
  outcome: row.outcome,
  reason: row.reason,
  method: row.method,
  kind: row.kind,
  ip: row.ip,
  userAgent: row.user_agent,
  repeats: row.repeats,
  lastAt: epochMsOrNull(row.last_at),
});

type RequestFilters = Omit<QueryOf<Routes['exportSigninLog']>, 'format'>;

/** The request's filters as the repository compares them: the time bounds as stored text. */
const storedFilters = ({ startTime, endTime, ...rest }: RequestFilters): Omit<SignInLogFilters, 'within'> => ({
  ...rest,
  ...(startTime === undefined ? {} : { startTime: storedTime(startTime) }),
  ...(endTime === undefined ? {} : { endTime: storedTime(endTime) }),
});

/**
 * The sign-in log's screen and export: only the entries of the accounts within the caller's data scope
 * (`accountsWithin`, modules/authz); attempts on unknown account numbers only for a scope of 全部.
 */
export function createSignInLogService(
  repo: SignInRepository,
  accountsWithin: (principal: Principal) => Promise<AccountsWithin>,
) {
  return {
    async list(query: QueryOf<Routes['listSigninLog']>, principal: Principal) {
      const { p, pageSize, sort, order, ...filters } = query;
      // `sort` can only be `at`, the default column; as on every list, `order` counts only with `sort`.
      const direction = sort === 'at' ? (order ?? 'desc') : 'desc';
      const within = await accountsWithin(principal);
      const { list, totalCount } = await repo.page({ ...storedFilters(filters), within }, p, pageSize, direction);
      return { list: list.map(toEntry), totalCount, totalPage: Math.ceil(totalCount / pageSize) };
    },

    /**
     * The matching entries as a table (CSV unless `format` says xlsx: platform/spreadsheet.ts), newest first, at most
     * SIGNIN_EXPORT_MAX_ROWS, counted in `totalRows` (the x-total-rows header).
     */
    async export(query: QueryOf<Routes['exportSigninLog']>, principal: Principal): Promise<TableFile<Row>> {
      const { format, ...filters } = query;
      const rows = await repo.rows(
        { ...storedFilters(filters), within: await accountsWithin(principal) },
        SIGNIN_EXPORT_MAX_ROWS,
      );
      const headers = t('signinLog.csvHeader').split(',');
      const cells: [string, TableColumn<Row>['value'], TableColumn<Row>['type']?][] = [
        ['at', (row) => row.at, 'date'],
        ['account', (row) => row.account],
        ['outcome', (row) => t(row.outcome === 'success' ? 'signinLog.success' : 'signinLog.failure')],
        // An entry that stands for several attempts (a flood's repeated refusals) says how many.
        ['reason', (row) => `${reasonText(row)}${row.repeats > 1 ? ` ×${row.repeats}` : ''}`],
        ['ip', (row) => row.ip],
        ['userAgent', (row) => describeUserAgent(row.user_agent)],
        ['method', (row) => t(METHOD_LABELS[row.method])],
        ['kind', (row) => t(`signinLog.kind.${row.kind}`)],
      ];
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      return {
        format: format ?? 'csv',
        fileName: `signin-log-${stamp}`,
        fallbackName: `signin-log-${stamp}`,
        sheetName: t('signinLog.sheetName'),
        columns: cells.map(([key, value, type], i) => ({ key, header: headers[i] ?? key, value, type })),
        rows,
        totalRows: rows.length,
      };
    },
  };
}

export type SignInLogService = ReturnType<typeof createSignInLogService>;
