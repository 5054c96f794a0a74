/**
 * The mock's refusals, as the server renders its errors; in a module of their own (handle.ts answers them), so the
 * modules the binding reads (store.ts, entity-rows.ts) may refuse too without importing the binding.
 */

/** A refusal the resolver answers with: HTTP `status` and `{code: status, msg}`, as the server renders errors. */
export class MockError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body field at fault, as the server names it (`{code, msg, field}`). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Refuses the call (400 by default): a zh-CN sentence the client shows as a toast. */
export function fail(message: string, status = 400): never {
  throw new MockError(status, message);
}

/** A 400 about one body field, as the server's `fieldError` answers it. */
export function failField(field: string, message: string): never {
  throw new MockError(400, message, field);
}
