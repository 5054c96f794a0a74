import {
  describeUserAgent,
  type QueryOf,
  type Routes,
  SIGNIN_EXPORT_MAX_ROWS,
  type SignInReasonCode,
} from '@gatehouse/contract';
import type { FastifyReply } from 'fastify';
import type { Selectable } from 'kysely';
import type { SignInLogTable } from '../../platform/db/schema.js';
import { t } from '../../platform/i18n.js';
import type { SignInRepository } from './signin.repository.js';

type Row = Selectable<SignInLogTable>;

const METHOD_LABELS = {
  password: 'signinLog.password',
  sms: 'signinLog.sms',
  password_check: 'signinLog.passwordCheck',
} as const satisfies Record<SignInLogTable['method'], string>;

const toEntry = (row: Row) => ({
  id: row.id,
  at: row.at,
  account: row.account,
  accountId: row.account_id,
  outcome: row.outcome,
  reason: row.reason,
  method: row.method,
  ip: row.ip,
  userAgent: row.user_agent,
});

/**
 * One CSV cell: a text a spreadsheet would run as a formula (starting with = + - @, or a tab / carriage return
 * before one) gets a leading ', and a cell holding a comma, quote or line break is quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function createSignInLogService(repo: SignInRepository) {
  return {
    async list(query: QueryOf<Routes['listSigninLog']>) {
      const { list, totalCount } = await repo.page(query, query.p, query.pageSize);
      return { list: list.map(toEntry), totalCount, totalPage: Math.ceil(totalCount / query.pageSize) };
    },

    /** The matching entries as a CSV attachment (UTF-8 with BOM, so spreadsheet programs read the Chinese). */
    async export(query: QueryOf<Routes['exportSigninLog']>, reply: FastifyReply) {
      const rows = await repo.rows(query, SIGNIN_EXPORT_MAX_ROWS);
      const lines = [t('signinLog.csvHeader')];
      for (const row of rows) {
        lines.push(
          [
            row.at,
            row.account,
            t(row.outcome === 'success' ? 'signinLog.success' : 'signinLog.failure'),
            t(`signinLog.reason.${row.reason as SignInReasonCode}`),
            row.ip,
            describeUserAgent(row.user_agent),
            t(METHOD_LABELS[row.method]),
          ]
            .map(csvCell)
            .join(','),
        );
      }
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="signin-log-${stamp}.csv"`)
        .header('x-total-rows', String(rows.length))
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    },
  };
}

export type SignInLogService = ReturnType<typeof createSignInLogService>;
