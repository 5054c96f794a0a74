/** True for a unique-constraint violation on either dialect (SQLite or PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * For a unique-constraint violation, what names the index or column it hit (PostgreSQL's constraint name, SQLite's
 * message: 'UNIQUE constraint failed: org.org_code' or '… index 'org_sibling_name_uq''); undefined for any other
 * error. Lets a write with two unique keys say which one a racing write took.
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  if (typeof constraint === 'string' && constraint) return constraint;
  return typeof message === 'string' ? message : '';
}

/**
 * Socket-level failures: the database server is unreachable, went away mid-query or refused the connection.
 * The database is the server's only network peer that surfaces these raw codes (nodemailer reports its own
 * connection failures as ESOCKET / ECONNECTION), so they are not mistaken for another service's outage.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const UNREACHABLE_MESSAGES = [
  // Also a connection that did not open within its connect timeout (database.ts): the database does not answer.
  'Connection terminated',
  // pg-pool's wait for a connection of a busy pool ran out. That wait is the request's whole budget (database.ts
  // POOL_WAIT_MS, not the connect timeout): every connection stayed held by statements that did not end for that long,
  // so the request is told to retry later rather than kept waiting. A pool merely busy is waited for.
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * True when the database, not the request, is at fault and a retry later may succeed (answered 503): PostgreSQL
 * down, restarting, refusing or terminating connections (SQLSTATE class 08, 57P01-57P03, 53300 too many
 * connections), and SQLite still locked after its busy timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code)) return true;
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') {
      return true;
    }
    if (isSqliteBusy(error)) return true;
  }
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
  // AggregateError from a dual-stack connect: every attempt was refused.
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}

/** True for SQLite's "locked by another connection" answers (SQLITE_BUSY and its extended codes). */
export function isSqliteBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}
