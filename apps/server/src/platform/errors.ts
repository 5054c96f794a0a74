/**
 * Typed errors thrown by services and guards. The single error handler (http.ts) renders them as the
 * envelope `{code, msg}` with the matching HTTP status; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503 | 507,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A failure the user caused: validation or a business rule (HTTP 400). */
export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg: string) => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);
