/**
 * A request's time as the server reads it (ADR 0029): epoch milliseconds (a number or its digits, as a query string
 * carries them) or an ISO 8601 date-time. The mock keeps every time as epoch milliseconds, as the API answers them.
 */
export function requestTime(value: string | number): number {
  return typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}
