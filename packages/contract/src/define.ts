import type { Static, TSchema } from 'typebox';
import { plainTextSchema } from './common.js';

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

/**
 * Something a route acts on, named by a request field, that the dominance rule checks before the handler runs
 * (apps/server modules/authz): the actor may act only on what is no wider than it holds itself.
 * - 'account': an existing account (its effective permissions must be a subset of the actor's; the built-in
 *   admin is untouchable by anyone else);
 * - 'session': the account a session belongs to, checked as 'account';
 * - 'role': an existing role acted on (edited, deleted): its resources must be a subset of the actor's;
 * - 'assignRole': a role handed to an account (create, edit): the same subset rule;
 * - 'org': an existing organisation acted on, or the one an account is put in: it must lie within the actor's data
 *   scope (数据权限);
 * - 'parentOrg': the organisation something is placed under; absent or null means the top level, which only an
 *   actor whose data scope is 全部 may write.
 * An account acted on must lie within the actor's data scope too, and its role's scope must be no wider.
 */
export interface Subject {
  kind: 'account' | 'session' | 'role' | 'assignRole' | 'org' | 'parentOrg';
  in: 'query' | 'body';
  field: string;
}

/**
 * What a route does that an attacker wants, declared once per route; the route guard (apps/server modules/authz)
 * derives its extra rules from it, so a new route of a class cannot forget them (docs/security.md, "Security
 * classes"):
 * - 'contact': writes a mobile number or an e-mail (its own account's or another's). A contact proves identity only
 *   once its owner proved it with a code; changing one's own costs sudo mode plus a code to the new contact on every
 *   route, and a switched session (identity switch) changes none of the account it acts as (the accounts service's
 *   one rule for one's own contacts, which every route writing them passes; the binding codes' sender);
 * - 'credential': creates or changes a credential (a password, an authenticator app, a passkey, recovery codes, an
 *   account with a password): sudo mode, and never from a switched session;
 * - 'grant': hands a role to an account: sudo mode when the role is at or above the actor's own (it holds every
 *   resource the actor holds), and the role's data scope is judged for the holder it is handed to;
 * - 'sessions': ends sessions other than the caller's current one: sudo mode;
 * - 'personal': reads other accounts' personal data (contacts): the answer stays inside the caller's data scope;
 * - 'system': changes how the whole installation behaves (系统参数): the super-admin only, whatever a role grants, in
 *   sudo mode and never from a switched session.
 */
export type SecurityClass = 'contact' | 'credential' | 'grant' | 'sessions' | 'personal' | 'system';

export const SECURITY_CLASSES: readonly SecurityClass[] = [
  'contact',
  'credential',
  'grant',
  'sessions',
  'personal',
  'system',
];

/** The classes whose routes always need sudo mode (an identity verification within SUDO_SECONDS). */
export const SUDO_CLASSES: readonly SecurityClass[] = ['credential', 'sessions', 'system'];

/** The classes a switched session (identity switch) may never call. */
export const UNSWITCHED_CLASSES: readonly SecurityClass[] = ['credential', 'system'];

/** The classes only the super-admin (the built-in role) may call, whatever a role grants. */
export const SUPER_ADMIN_CLASSES: readonly SecurityClass[] = ['system'];

/** Whether a route needs sudo mode: it says so, or one of its security classes does. */
export function needsSudo(route: Pick<RouteDef, 'sudo' | 'security'>): boolean {
  return route.sudo === true || (route.security ?? []).some((c) => SUDO_CLASSES.includes(c));
}

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
  /**
   * The route the menu's screen loads to show itself (its list): without it the screen opens on 无权访问, so every
   * other route filed under the same menu needs it to be usable. The role editor brings it along when one of those
   * is ticked (apps/web features/roles role-form.ts).
   */
  screen?: true;
  description: string;
  /** The `:name` segments of `path`. */
  params?: P;
  query?: Q;
  body?: B;
  transport?: Transport;
  /** What the route acts on, for the dominance rule; every route taking an account, role or session id names it. */
  subjects?: readonly Subject[];
  /**
   * Sudo mode: the call needs an identity verification (a sign-in counts as one) within the last SUDO_SECONDS,
   * else 400 with the `x-verification-required` header and nothing changes.
   */
  sudo?: boolean;
  /** What the route does that the guard watches (see `SecurityClass`); absent: none of them. */
  security?: readonly SecurityClass[];
  /** Schema of the envelope's `data`. */
  response: R;
}

export function defineRoute<
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
  P extends TSchema | undefined = undefined,
>(def: RouteDef<Q, B, R, P>): RouteDef<Q, B, R, P> {
  // Request text is plain by default (common.ts): a field added later cannot forget it.
  return {
    ...def,
    ...(def.params ? { params: plainTextSchema(def.params) } : {}),
    ...(def.query ? { query: plainTextSchema(def.query) } : {}),
    ...(def.body ? { body: plainTextSchema(def.body) } : {}),
  };
}

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export type QueryOf<D> = D extends RouteDef<infer Q, TSchema | undefined, TSchema> ? StaticOr<Q, undefined> : never;
export type ParamsOf<D> =
  D extends RouteDef<TSchema | undefined, TSchema | undefined, TSchema, infer P> ? StaticOr<P, undefined> : never;
export type BodyOf<D> = D extends RouteDef<TSchema | undefined, infer B, TSchema> ? StaticOr<B, undefined> : never;
export type ResponseOf<D> = D extends RouteDef<TSchema | undefined, TSchema | undefined, infer R> ? Static<R> : never;

/** Response header of a refusal that an identity verification (sudo mode) would lift. */
export const VERIFICATION_REQUIRED_HEADER = 'x-verification-required';

/** The key of a route in the resource set: lower-case method, comma, path (as specification §6 uses). */
export function resourceKey(method: string, path: string): string {
  return `${method.toLowerCase()},${path}`;
}
