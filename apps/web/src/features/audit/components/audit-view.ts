import { AUDIT_MASK } from '@gatehouse/contract';
import type { AuditExportQuery, AuditListQuery } from '@/features/audit/api/audit.api';
import { type AuditText, tx } from '../texts';

/** The export's query: the list's filters without its paging and sort (the export route takes neither). */
export function exportQueryOf(query: AuditListQuery): AuditExportQuery {
  const { p: _p, pageSize: _size, sort: _sort, order: _order, ...filters } = query;
  return filters;
}

function label(prefix: string, name: string): string {
  // A key missing from the catalogue reads as undefined.
  const text = tx(`${prefix}.${name}` as AuditText) as string | undefined;
  return text ?? name;
}

/** A field's label (用户名 for accountName); the raw name when the screen does not know it. */
export const fieldLabel = (field: string) => label('audit.field', field);

/** A target's kind (账号 for account). */
export const targetTypeLabel = (type: string) => label('audit.target', type);

/** A diff value as text: the mask as is, empty as （空）, lists and documents as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return tx('audit.empty.value');
  if (value === AUDIT_MASK) return AUDIT_MASK;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
