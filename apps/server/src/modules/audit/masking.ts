import { AUDIT_MASK, ENTITIES, type FieldSpec } from '@gatehouse/contract';

/**
 * Field names whose values never reach the audit trail: passwords and their hashes, codes and captcha answers,
 * tokens and other secrets. Matched on the name with `_`, `-` and case ignored.
 */
const SECRET_NAME =
  /pass|pwd|secret|token|code|captcha|userinput|hash|salt|otp|credential|cookie|authorization|privatekey|apikey|storagekey/;
/**
 * Names the rule above would catch that carry no secret: the fields the entity descriptors declare without `masked`
 * (a dictionary's, an organisation's or a post's code is a public identifier, declared so once).
 */
const HARMLESS_NAMES = new Set(
  ENTITIES.flatMap((entity) =>
    Object.entries(entity.fields as Record<string, FieldSpec>).flatMap(([name, field]) =>
      field.masked ? [] : [name.toLowerCase()],
    ),
  ),
);

/** Longest string kept in a diff value; longer ones are cut and end with '…'. */
export const AUDIT_VALUE_MAX = 500;
/** Objects and arrays whose JSON is longer than this are kept as their cut JSON text. */
export const AUDIT_JSON_MAX = 2000;
/** At most this many fields per entry (an anonymous caller could send a body with thousands). */
export const AUDIT_FIELDS_MAX = 60;

export function isSecretField(name: string): boolean {
  const key = name.toLowerCase().replace(/[_-]/g, '');
  return !HARMLESS_NAMES.has(key) && SECRET_NAME.test(key);
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The value as it may be stored: nested secret fields masked, long strings and documents cut. */
export function maskValue(value: unknown): unknown {
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return cut(v, AUDIT_VALUE_MAX);
    if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : (v ?? null);
    if (depth > 8) return '…';
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).map(([k, item]) => [
        k,
        isSecretField(k) ? (item == null ? null : AUDIT_MASK) : walk(item, depth + 1),
      ]),
    );
  };
  const masked = walk(value, 0);
  if (masked !== null && typeof masked === 'object') {
    const json = JSON.stringify(masked);
    if (json.length > AUDIT_JSON_MAX) return cut(json, AUDIT_JSON_MAX);
  }
  return masked;
}

/** The stored form of one field's value: the mask for a secret (null stays null, so "set" vs "cleared" shows). */
export function maskField(field: string, value: unknown): unknown {
  if (isSecretField(field)) return value === null || value === undefined ? null : AUDIT_MASK;
  return maskValue(value);
}

/** The url as called with the values of secret query parameters masked. */
export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return cut(url, 2000);
  const params = new URLSearchParams(url.slice(at + 1));
  const out = new URLSearchParams();
  for (const [name, value] of params) out.append(name, isSecretField(name) ? AUDIT_MASK : value);
  return cut(`${url.slice(0, at)}?${out.toString()}`, 2000);
}

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Field-level changes between two snapshots (either may be absent: a create or a delete). `id` is left out
 * (the entry names its target). Values are compared unmasked, then masked: a changed password hash shows as
 * `****** → ******`, an unchanged one not at all.
 */
export function diffOf(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((f) => f !== 'id');
  const changes: Change[] = [];
  for (const field of fields) {
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (same(a, b)) continue;
    changes.push({ field, before: maskField(field, b), after: maskField(field, a) });
    if (changes.length >= AUDIT_FIELDS_MAX) break;
  }
  return changes;
}
