import type { BodyOf, ParamsOf, QueryOf, RouteDef, SessionEndReason } from '@gatehouse/contract';

/**
 * GET cache (specification §7): `true` answers from the cache when it holds the key, else fetches and keeps;
 * `'update'` always fetches and keeps the fresh result; `false` forces a fetch (no sharing of an identical
 * in-flight GET) and drops the entry; by default (undefined) the call fetches and drops the entry.
 * A failure always drops the entry.
 */
export type CacheMode = boolean | 'update';

/** Side effects the client asks the app to perform; the app installs the handler (toasts, router, session). */
export type HttpEffect =
  | { type: 'notify'; level: 'error' | 'warning'; message: string }
  /** A 401: the session is over; `reason` says why (the server's x-session-end, else 'ended'). */
  | { type: 'logout'; reason: SessionEndReason }
  | { type: 'fail-page'; message: string };

export type HttpEffectHandler = (effect: HttpEffect) => void;

/**
 * Sudo mode: opens the identity verification and resolves true once the user proved who they are (the server
 * then marks the session verified), false when they gave up. Installed by the app; without one, such a refusal
 * is reported like any 400.
 */
export type IdentityVerifier = () => Promise<boolean>;

/** Where the client reads the session token and writes a renewed one. */
export interface HttpSession {
  getToken(): string | null;
  replaceToken(token: string): void;
  /** Called with the server's permission stamp on each guarded answer (reloads permissions when it changes). */
  notePermissionStamp?(stamp: string): void;
  /** Whether the account holds the route's API resource (used by the permission interceptor). */
  permits?(route: RouteDef): boolean;
}

/** Switches the server announces (GET /auth/options); all off by default (specification §9). */
export interface HttpModes {
  /** Signed-in JSON calls travel in request envelopes (obfuscation, see the contract's envelope.ts). */
  encryption?: boolean;
  /** A call the account holds no resource for is refused here with 403 before it is sent (specification §6). */
  permissionInterceptor?: boolean;
}

export type Params = Record<string, unknown>;

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The caller shows a refusal (400, 403, 413, 429) itself, e.g. inline under a captcha field: no toast.
   * The answer still rejects with the HttpError carrying the server's message.
   * 'all': the caller tells every failure itself, a server fault (5xx), a timeout or a network failure too: the
   * user stays on the page with what they typed (a captcha load or an SMS send on the open pages, spec §8). A 401
   * still signs out.
   */
  quiet?: boolean | 'all';
  /**
   * Set by `call()` for signed-in JSON routes: in encryption mode the request travels in an envelope. Plain
   * `get`/`post` calls (uploads, tests) never do.
   */
  envelope?: boolean;
}

/** Extra options of a POST that carries a file (multipart upload, see upload.ts). */
export interface TransferOptions {
  /** Bytes sent so far, and in all when known. */
  onUploadProgress?(event: { loaded: number; total?: number }): void;
  /** Milliseconds for this request instead of the client's 10 s (0 = no limit). */
  timeout?: number;
}

export interface GetOptions extends RequestOptions {
  cache?: CacheMode;
}

type QueryInput<D> =
  QueryOf<D> extends undefined
    ? { query?: undefined }
    : Record<string, never> extends QueryOf<D>
      ? { query?: QueryOf<D> }
      : { query: QueryOf<D> };

type BodyInput<D> = BodyOf<D> extends undefined ? { body?: undefined } : { body: BodyOf<D> };

type ParamsInput<D> = ParamsOf<D> extends undefined ? { params?: undefined } : { params: ParamsOf<D> };

/** Input of `call(route, input)`: path parameters, query and body typed from the contract, plus request options. */
export type CallInput<D> = GetOptions & ParamsInput<D> & QueryInput<D> & BodyInput<D>;

type InputRequired<D> = ParamsOf<D> extends undefined ? BodyOrQueryRequired<D> : true;

type BodyOrQueryRequired<D> =
  BodyOf<D> extends undefined
    ? QueryOf<D> extends undefined
      ? false
      : Record<string, never> extends QueryOf<D>
        ? false
        : true
    : true;

export type CallArgs<D extends RouteDef> =
  InputRequired<D> extends true ? [input: CallInput<D>] : [input?: CallInput<D>];
