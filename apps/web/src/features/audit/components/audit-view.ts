import { AUDIT_MASK, ENTITIES } from '@gatehouse/contract';
import type { AuditExportQuery, AuditListQuery } from '@/features/audit/api/audit.api';
import { declaredFieldLabel } from '@/lib/entity';
import { t } from '@/lib/i18n';
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

/**
 * A field's label (用户名 for accountName): as the descriptor of the entry's entity declares it (an organisation's
 * 上级组织 for pid), else the screen's own, else that of a declared entity with such a field (the fields of a write
 * refused before it had a target), else the raw name.
 */
export const fieldLabel = (field: string, targetType?: string | null) =>
  declaredFieldLabel(targetType, field) ??
  (tx(`audit.field.${field}` as AuditText) as string | undefined) ??
  ENTITIES.map((entity) => declaredFieldLabel(entity.name, field)).find((text) => text !== undefined) ??
  field;

/** A target's kind (账号 for account). */
export const targetTypeLabel = (type: string) => label('audit.target', type);

/**
 * Stored values that mean a word, by field: what 详情 shows instead of the number or code the store holds (启用 → 禁用,
 * not 1 → 0). A value a field does not know stays as it is.
 */
const VALUE_WORDS: Record<string, (value: unknown) => string | undefined> = {
  // Accounts and dictionary items: 1 (or true) enabled, 0 disabled.
  state: (value) =>
    value === 1 || value === true
      ? t('common.enabled')
      : value === 0 || value === false
        ? t('common.disabled')
        : undefined,
  // Resources: 0 a menu, 1 an API.
  type: (value) => (value === 0 ? t('resource.typeMenu') : value === 1 ? t('resource.typeApi') : undefined),
  dataScope: (value) =>
    typeof value === 'string' && ['all', 'orgTree', 'org', 'custom', 'self'].includes(value)
      ? t(`roles.scope.name.${value}` as 'roles.scope.name.all')
      : undefined,
};

/** A diff value as text: the mask as is, empty as （空）, a known code as its word, lists and documents as JSON. */
export function valueText(value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return tx('audit.empty.value');
  if (value === AUDIT_MASK) return AUDIT_MASK;
  const word = field ? VALUE_WORDS[field]?.(value) : undefined;
  if (word !== undefined) return word;
  if (typeof value === 'boolean') return tx(value ? 'audit.value.yes' : 'audit.value.no');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
