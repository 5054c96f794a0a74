import { AUDIT_MASK } from '@gatehouse/contract';
import type { Dayjs } from 'dayjs';
import type { AuditExportQuery, AuditListQuery } from '@/features/audit/api/audit.api';
import { type MessageKey, t } from '@/lib/i18n';

/** The search form's values. */
export interface AuditFilterValues {
  accountNumber?: string;
  title?: string;
  outcome?: 'success' | 'refused' | '';
  target?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * The query filters of the form: trimmed texts (empty ones left out), the range as ISO instants — the start of
 * its first minute and the end of its last, so a range picked to the minute includes both ends.
 */
export function filtersOf(values: AuditFilterValues): AuditExportQuery {
  const out: AuditExportQuery = {};
  const accountNumber = values.accountNumber?.trim();
  if (accountNumber) out.accountNumber = accountNumber;
  const title = values.title?.trim();
  if (title) out.title = title;
  if (values.outcome) out.outcome = values.outcome;
  const target = values.target?.trim();
  if (target) out.target = target;
  const [from, to] = values.range ?? [];
  if (from) out.from = from.startOf('minute').toISOString();
  if (to) out.to = to.endOf('minute').toISOString();
  return out;
}

/** The export's query: the list's filters without its paging. */
export function exportQueryOf(query: AuditListQuery): AuditExportQuery {
  const { p: _p, pageSize: _size, ...filters } = query;
  return filters;
}

function label(prefix: string, name: string): string {
  // A key missing from the catalogue reads as undefined.
  const text = t(`${prefix}.${name}` as MessageKey) as string | undefined;
  return text ?? name;
}

/** A field's label (用户名 for accountName); the raw name when the screen does not know it. */
export const fieldLabel = (field: string) => label('audit.field', field);

/** A target's kind (账号 for account). */
export const targetTypeLabel = (type: string) => label('audit.target', type);

/** A diff value as text: the mask as is, empty as （空）, lists and documents as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return t('audit.empty.value');
  if (value === AUDIT_MASK) return AUDIT_MASK;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
