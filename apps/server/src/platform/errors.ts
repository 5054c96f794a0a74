/**
 * Typed errors thrown by services and guards. The single error handler (http.ts) renders them as the
 * envelope `{code, msg}` (plus `field` when one field of the request body is at fault) with the matching HTTP
 * status; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503 | 507,
    message: string,
    /** Headers the answer carries with the refusal (sudo mode's `x-verification-required`), wherever it was thrown. */
    readonly headers: Readonly<Record<string, string>> = {},
    /** The request body's field at fault (its contract name, e.g. `accountNumber`): forms show the message there. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A failure the user caused: validation or a business rule (HTTP 400). */
export const badRequest = (msg: string) => new AppError(400, msg);
/** A 400 about one field of the request body (a duplicate account number, a mobile number held by another). */
export const fieldError = (field: string, msg: string) => new AppError(400, msg, {}, field);
export const unauthorized = (msg: string) => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);

/**
 * What a bulk action did per row: the ids it acted on (in one transaction) and each refused id with the error the
 * single action would have thrown for it.
 */
export interface BatchOutcome<I extends number | string> {
  done: I[];
  refused: Array<{ id: I; error: AppError }>;
}

/** The contract's answer of a bulk action (`BatchResult`): each refusal's message, in the request's language. */
export function batchAnswer<I extends number | string>(outcome: BatchOutcome<I>) {
  return {
    done: outcome.done,
    refused: outcome.refused.map(({ id, error }) => ({ id, message: error.message })),
  };
}

/** Each id of a bulk action done, or refused with the error `refusal` answers for it (in the order given). */
export function partition<I extends number | string>(
  ids: readonly I[],
  refusal: (id: I) => AppError | undefined,
): BatchOutcome<I> {
  const outcome: BatchOutcome<I> = { done: [], refused: [] };
  for (const id of ids) {
    const error = refusal(id);
    if (error) outcome.refused.push({ id, error });
    else outcome.done.push(id);
  }
  return outcome;
}
