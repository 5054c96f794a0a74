import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type QueryOf, type Routes } from '@gatehouse/contract';
import type { Static } from 'typebox';
import { badRequest } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { TableColumn, TableFile } from '../../platform/spreadsheet.js';
import { epochMs, parseRequestTime } from '../../platform/time.js';
import type { AccountsWithin } from '../authz/index.js';
import type { AuditFilter, AuditRepository, AuditRow } from './audit.repository.js';
import type { Change } from './masking.js';

type Filters = Omit<QueryOf<Routes['listAudit']>, 'p' | 'pageSize'>;
type Entry = Static<typeof AuditEntry>;

function toEntry(row: AuditRow): Static<typeof AuditEntry> {
  let diff: Change[] = [];
  try {
    diff = JSON.parse(row.diff) as Change[];
  } catch {
    diff = [];
  }
  return {
    id: row.id,
    at: epochMs(row.at),
    actorAccountId: row.actor_account_id,
    actorAccountNumber: row.actor_account_number,
    originAccountId: row.origin_account_id,
    originAccountNumber: row.origin_account_number,
    route: row.route_name,
    method: row.method,
    url: row.url,
    title: row.title,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    outcome: row.outcome,
    status: row.status,
    message: row.message,
    ip: row.ip,
    userAgent: row.user_agent,
    diff,
  };
}

const cellText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The diff in one cell: `field: before → after` per line. */
const diffText = (diff: Change[]) =>
  diff.map((c) => `${c.field}: ${cellText(c.before)} → ${cellText(c.after)}`).join('\n');

/** The filters as the repository takes them: texts trimmed, empty ones dropped, times as ISO text, in order. */
function filterOf(f: Filters): AuditFilter {
  const from = f.from === undefined ? undefined : parseRequestTime(f.from);
  const to = f.to === undefined ? undefined : parseRequestTime(f.to);
  if (from && to && to < from) throw badRequest(t('audit.rangeOrder'));
  return {
    accountNumber: f.accountNumber?.trim() || undefined,
    title: f.title?.trim() || undefined,
    outcome: f.outcome || undefined,
    from: from?.toISOString(),
    to: to?.toISOString(),
    target: f.target?.trim() || undefined,
  };
}

/**
 * Reads the audit trail. There is deliberately nothing here that changes or deletes an entry. The list and the
 * export show only the entries the caller's data scope reaches (`accountsWithin`, modules/authz): those about the
 * accounts within it (as actor or target), and the caller's own.
 */
export function createAuditService(
  repo: AuditRepository,
  accountsWithin: (principal: Principal) => Promise<AccountsWithin>,
) {
  /** The filters with the caller's data scope. */
  async function scoped(filters: Filters, principal: Principal): Promise<AuditFilter> {
    const filter = filterOf(filters);
    const scope = await accountsWithin(principal);
    return scope ? { ...filter, within: { scope, selfId: principal.accountId } } : filter;
  }

  return {
    async list(query: QueryOf<Routes['listAudit']>, principal: Principal) {
      const { p, pageSize, sort, order, ...filters } = query;
      const byTime = sort === 'at' ? (order ?? 'desc') : undefined;
      const { rows, total } = await repo.page(await scoped(filters, principal), pageSize, (p - 1) * pageSize, byTime);
      return { list: rows.map(toEntry), totalCount: total, totalPage: Math.ceil(total / pageSize) };
    },

    /**
     * The filtered trail as a table (CSV unless `format` says xlsx), newest first, at most AUDIT_EXPORT_MAX_ROWS
     * rows, counted in `totalRows` (the x-total-rows header).
     */
    async exportTable(query: QueryOf<Routes['exportAudit']>, principal: Principal): Promise<TableFile<Entry>> {
      const { format, ...filters } = query;
      const rows = (await repo.newest(await scoped(filters, principal), AUDIT_EXPORT_MAX_ROWS)).map(toEntry);
      const headers = t('audit.csvHeader').split(',');
      const cells: [string, TableColumn<Entry>['value'], TableColumn<Entry>['type']?][] = [
        ['at', (e) => e.at, 'date'],
        ['actor', (e) => e.actorAccountNumber],
        ['origin', (e) => e.originAccountNumber],
        ['title', (e) => e.title],
        ['method', (e) => e.method],
        ['url', (e) => e.url],
        ['targetType', (e) => e.targetType],
        ['targetId', (e) => e.targetId],
        ['target', (e) => e.targetLabel],
        ['outcome', (e) => t(e.outcome === 'success' ? 'audit.success' : 'audit.refused')],
        ['status', (e) => e.status, 'number'],
        ['message', (e) => e.message],
        ['ip', (e) => e.ip],
        ['userAgent', (e) => e.userAgent],
        ['diff', (e) => diffText(e.diff)],
      ];
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      return {
        format: format ?? 'csv',
        fileName: `${t('audit.fileName')}-${day}`,
        fallbackName: 'audit-log',
        sheetName: t('audit.fileName'),
        columns: cells.map(([key, value, type], i) => ({ key, header: headers[i] ?? key, value, type })),
        rows,
        totalRows: rows.length,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
