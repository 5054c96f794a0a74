import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type QueryOf, type Routes } from '@gatehouse/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Static } from 'typebox';
import type { AuditLogTable, DB } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { csvDocument } from './csv.js';
import type { Change } from './masking.js';

type Filters = Omit<QueryOf<Routes['listAudit']>, 'p' | 'pageSize'>;
type Row = Selectable<AuditLogTable>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function toEntry(row: Row): Static<typeof AuditEntry> {
  let diff: Change[] = [];
  try {
    diff = JSON.parse(row.diff) as Change[];
  } catch {
    diff = [];
  }
  return {
    id: row.id,
    at: row.at,
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

/** Reads the audit trail. There is deliberately nothing here that changes or deletes an entry. */
export function createAuditService(db: Kysely<DB>) {
  /** The filters as one boolean expression; time bounds are inclusive and compared as ISO text. */
  function where(f: Filters) {
    const parts = [];
    const number = f.accountNumber?.trim();
    if (number) {
      const pattern = `${escapeLike(number)}%`;
      parts.push(
        sql`(actor_account_number like ${pattern} escape '\\' or origin_account_number like ${pattern} escape '\\')`,
      );
    }
    const title = f.title?.trim();
    if (title) parts.push(sql`(title like ${`%${escapeLike(title)}%`} escape '\\' or route_name = ${title})`);
    if (f.outcome) parts.push(sql`outcome = ${f.outcome}`);
    const from = f.from ? new Date(f.from) : undefined;
    const to = f.to ? new Date(f.to) : undefined;
    if (from && to && to < from) throw badRequest(t('audit.rangeOrder'));
    if (from) parts.push(sql`at >= ${from.toISOString()}`);
    if (to) parts.push(sql`at <= ${to.toISOString()}`);
    const target = f.target?.trim();
    if (target) parts.push(sql`(target_id = ${target} or target_label like ${`${escapeLike(target)}%`} escape '\\')`);
    return parts.length ? sql<boolean>`${sql.join(parts, sql` and `)}` : sql<boolean>`1 = 1`;
  }

  return {
    async list(query: QueryOf<Routes['listAudit']>) {
      const { p, pageSize, ...filters } = query;
      const condition = where(filters);
      const [rows, total] = await Promise.all([
        db
          .selectFrom('audit_log')
          .selectAll()
          .where(condition)
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((p - 1) * pageSize)
          .execute(),
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(condition)
          .executeTakeFirstOrThrow(),
      ]);
      const totalCount = Number(total.n);
      return { list: rows.map(toEntry), totalCount, totalPage: Math.ceil(totalCount / pageSize) };
    },

    /** The CSV document of the filtered trail, newest first, at most AUDIT_EXPORT_MAX_ROWS rows. */
    async exportCsv(filters: Filters): Promise<{ fileName: string; content: string }> {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        .where(where(filters))
        .orderBy('id', 'desc')
        .limit(AUDIT_EXPORT_MAX_ROWS)
        .execute();
      const header = t('audit.csvHeader').split(',');
      const lines = rows
        .map(toEntry)
        .map((e) => [
          e.at,
          e.actorAccountNumber,
          e.originAccountNumber,
          e.title,
          e.method,
          e.url,
          e.targetType,
          e.targetId,
          e.targetLabel,
          t(e.outcome === 'success' ? 'audit.success' : 'audit.refused'),
          e.status,
          e.message,
          e.ip,
          e.userAgent,
          diffText(e.diff),
        ]);
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      return { fileName: `${t('audit.fileName')}-${day}.csv`, content: csvDocument(header, lines) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
