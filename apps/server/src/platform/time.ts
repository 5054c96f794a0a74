/**
 * Times at the API's edge (ADR 0029): answers carry milliseconds since the epoch, requests name a time in
 * milliseconds or ISO 8601, and the database keeps what it always kept (ISO 8601 UTC text, which sorts as text; a
 * `pg` Date should a column ever be a timestamptz). These are the only conversions between them.
 */

/** A stored time as the API answers it: milliseconds since the epoch. */
export function epochMs(stored: string | Date): number {
  const ms = stored instanceof Date ? stored.getTime() : Date.parse(stored);
  if (Number.isNaN(ms)) throw new Error(`Not a stored time: ${String(stored)}`);
  return ms;
}

/** The same for a column that may be empty. */
export function epochMsOrNull(stored: string | Date | null | undefined): number | null {
  return stored === null || stored === undefined ? null : epochMs(stored);
}

/**
 * A request's time (the contract's `TimeInput`, already validated: an integer, its digits, or an ISO 8601
 * date-time with an offset) as a Date.
 */
export function parseRequestTime(value: string | number): Date {
  const date = new Date(typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a request time: ${String(value)}`);
  return date;
}

/** A request's time as the database compares it (ISO 8601 UTC text). */
export function storedTime(value: string | number): string {
  return parseRequestTime(value).toISOString();
}
