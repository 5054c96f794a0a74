/** What went wrong with a call, after the client has reported it (see `HttpEffect`). */
export type HttpErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'too-large'
  | 'rate-limited'
  | 'server'
  | 'timeout'
  | 'network'
  | 'client'
  | 'cancelled';

/**
 * Every failed call rejects with this. By the time a caller sees it the user has already been told
 * (toast, /500 or logout), so callers only decide what to do next (e.g. keep a dialog open).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status?: number,
    /** A sudo-mode refusal (400 with x-verification-required) the user did not lift by verifying. */
    readonly verificationRequired = false,
    /**
     * The server's answer to a 400: `{code, msg}`, with `field` when one body field is at fault (ADR 0031; forms
     * read it where they show it, components/list-kit showFieldError, not on every page's first load).
     */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/**
 * A refusal (403): asking again is refused again until an administrator grants the permission, which the server's
 * message names. Failed states offer no 重试 for it.
 */
export function isRefused(error: unknown): boolean {
  return error instanceof HttpError && error.status === 403;
}

export function isCancelled(error: unknown): boolean {
  return error instanceof HttpError && error.kind === 'cancelled';
}
