import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route:
 * - 'open': anybody, no session;
 * - 'signed-in': any account with a live session;
 * - 'permission': a live session whose role holds this route's API resource (method + path).
 */
export type Access = 'open' | 'signed-in' | 'permission';

/**
 * How a route's request and answer travel:
 * - 'json' (default): JSON body, the answer is the `{code, msg, data}` envelope of `response`;
 * - 'upload': a multipart/form-data request carrying one file in the field `file`; the answer is the envelope;
 * - 'file': the answer is the stored bytes themselves (no envelope), `response` only documents them;
 * - 'raw': the handler writes the whole answer itself (status, headers, body), e.g. the request envelope.
 */
export type Transport = 'json' | 'upload' | 'file' | 'raw';

export interface RouteDef<
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
  P extends TSchema | undefined = TSchema | undefined,
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
  /** The `:name` segments of `path`. */
  params?: P;
  query?: Q;
  body?: B;
  transport?: Transport;
  /** Schema of the envelope's `data`. */
  response: R;
}

export function defineRoute<
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
  P extends TSchema | undefined = undefined,
>(def: RouteDef<Q, B, R, P>): RouteDef<Q, B, R, P> {
  return def;
}

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export type QueryOf<D> = D extends RouteDef<infer Q, TSchema | undefined, TSchema> ? StaticOr<Q, undefined> : never;
export type ParamsOf<D> =
  D extends RouteDef<TSchema | undefined, TSchema | undefined, TSchema, infer P> ? StaticOr<P, undefined> : never;
export type BodyOf<D> = D extends RouteDef<TSchema | undefined, infer B, TSchema> ? StaticOr<B, undefined> : never;
export type ResponseOf<D> = D extends RouteDef<TSchema | undefined, TSchema | undefined, infer R> ? Static<R> : never;

/** The key of a route in the resource set: lower-case method, comma, path (as product-spec §6 uses). */
export function resourceKey(method: string, path: string): string {
  return `${method.toLowerCase()},${path}`;
}
