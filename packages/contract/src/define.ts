import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route:
 * - 'open': anybody, no session;
 * - 'signed-in': any account with a live session;
 * - 'permission': a live session whose role holds this route's API resource (method + path).
 */
export type Access = 'open' | 'signed-in' | 'permission';

export interface RouteDef<
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
> {
  method: HttpMethod;
  /** Path below the API base `/api`, e.g. `/account/s`. */
  path: string;
  access: Access;
  /** Short zh-CN name: the API resource's name in the permission tree. */
  title: string;
  /** Route of the menu the API resource is filed under in the permission tree. */
  menu?: string;
  description: string;
  query?: Q;
  body?: B;
  /** Schema of the envelope's `data`. */
  response: R;
}

export function defineRoute<
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(def: RouteDef<Q, B, R>): RouteDef<Q, B, R> {
  return def;
}

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export type QueryOf<D> = D extends RouteDef<infer Q, TSchema | undefined, TSchema> ? StaticOr<Q, undefined> : never;
export type BodyOf<D> = D extends RouteDef<TSchema | undefined, infer B, TSchema> ? StaticOr<B, undefined> : never;
export type ResponseOf<D> = D extends RouteDef<TSchema | undefined, TSchema | undefined, infer R> ? Static<R> : never;

/** The key of a route in the resource set: lower-case method, comma, path (as product-spec §6 uses). */
export function resourceKey(method: string, path: string): string {
  return `${method.toLowerCase()},${path}`;
}
