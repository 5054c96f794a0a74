/**
 * The logger services are given: pino's call shape (Fastify's logger is one), without tying a service to Fastify.
 * Services never import `fastify` (the layering rule in .dependency-cruiser.cjs).
 */
export interface Logger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}
