import {
  API_BASE,
  envelopeDigest,
  envelopeNonce,
  keySourceOf,
  openEnvelope,
  PERMISSION_STAMP_HEADER,
  type ResponseOf,
  type RouteDef,
  resourceKey,
  SESSION_END_HEADER,
  sealEnvelope,
  sessionEndReason,
  TOKEN_RENEWAL_HEADER,
  VERIFICATION_REQUIRED_HEADER,
} from '@gatehouse/contract';
import { currentLocale, t } from '@/lib/i18n';
import { HttpError } from './http-error';
import { TransportError, type TransportRequest, type TransportResponse, send as transport } from './transport';
import type {
  CallArgs,
  CallInput,
  GetOptions,
  HttpEffect,
  HttpEffectHandler,
  HttpModes,
  HttpSession,
  IdentityVerifier,
  Params,
  RequestOptions,
  TransferOptions,
} from './types';

export interface HttpClientOptions {
  /** Default `/api`. */
  baseURL?: string;
  /** Milliseconds; default 10 s (specification §9). */
  timeout?: number;
  session?: HttpSession;
  onEffect?: HttpEffectHandler;
  modes?: HttpModes;
  /** Sudo mode (see `IdentityVerifier`); null in `configure` uninstalls it. */
  verifyIdentity?: IdentityVerifier | null;
}

export interface HttpClient {
  get<T = unknown>(url: string, params?: Params, options?: GetOptions): Promise<T>;
  delete<T = unknown>(url: string, params?: Params, options?: RequestOptions): Promise<T>;
  post<T = unknown>(
    url: string,
    body?: unknown,
    options?: RequestOptions & TransferOptions & { params?: Params },
  ): Promise<T>;
  put<T = unknown>(url: string, body?: unknown, options?: RequestOptions & { params?: Params }): Promise<T>;
  /** Calls a contract route; resolves to the envelope's `data`, typed from the contract. */
  call<D extends RouteDef>(route: D, ...args: CallArgs<D>): Promise<ResponseOf<D>>;
  /**
   * Fetches a 'file' route's bytes (e.g. a CSV export) with the session; a refusal is reported like any call
   * (its JSON body read out of the blob). Answers the bytes and the file name the server proposes.
   */
  download<D extends RouteDef>(route: D, input?: DownloadInput<D>): Promise<DownloadedFile>;
  /** Installs (or replaces) the session adapter, the effect handler, the modes and the identity verifier. */
  configure(options: Pick<HttpClientOptions, 'session' | 'onEffect' | 'modes' | 'verifyIdentity'>): void;
  clearCache(): void;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (`filename*` preferred); '' when the server names none. */
  fileName: string;
}

export type DownloadInput<D extends RouteDef> = Pick<CallInput<D>, 'query' | 'signal' | 'quiet'> & {
  /** The `:name` segments of the route's path (e.g. an import's previewId). */
  params?: Record<string, string | number>;
};

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8'[language]'…` (percent-encoded UTF-8)
 * first, then `filename="…"`.
 */
export function fileNameOf(disposition: string | undefined | null): string {
  if (!disposition) return '';
  const extended = /filename\*\s*=\s*UTF-8'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? '';
}

interface Envelope {
  code: number;
  msg?: unknown;
  data?: unknown;
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';

/** A 200 answer whose body says code 500 (specification §7). */
class FailedBody extends Error {}

const serverMessage = (body: unknown): string | undefined => {
  const msg = isEnvelope(body) || (typeof body === 'object' && body !== null) ? (body as Envelope).msg : undefined;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : undefined;
};

/** Puts the path parameters into `/file/text/:path/:id`, each one URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** GET and DELETE parameters that are empty strings are sent as null (the query then leaves them out). */
export function nullifyEmptyParams(params: Params | undefined): Params | undefined {
  if (!params) return params;
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value === '' ? null : value]));
}

/** A refusal that an identity verification would lift (sudo mode): 400 with the verification header. */
const needsVerification = (error: unknown): boolean =>
  error instanceof TransportError &&
  error.response?.status === 400 &&
  Boolean(error.response.header(VERIFICATION_REQUIRED_HEADER));

/** How many effects wait for a handler (the bootstrap's two calls raise at most two each). */
const MAX_WAITING_EFFECTS = 8;

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  let session = options.session;
  let onEffect = options.onEffect;
  let modes: HttpModes = options.modes ?? {};
  let verifyIdentity = options.verifyIdentity ?? undefined;
  /** The verification under way: calls refused together share one dialog. */
  let verifying: Promise<boolean> | null = null;
  /**
   * Effects raised before the app installs its handler (the session bootstrap starts before the first render,
   * main.tsx) wait for it, so an expired token still signs out and a failure is still told. A few at most.
   */
  const waiting: HttpEffect[] = [];
  const emit = (effect: HttpEffect) => {
    if (onEffect) onEffect(effect);
    else if (waiting.length < MAX_WAITING_EFFECTS) waiting.push(effect);
  };

  const baseURL = options.baseURL ?? API_BASE;
  const defaultTimeout = options.timeout ?? 10_000;

  /** The token each failed request was sent with: a 401 ends the session only when it was this session's. */
  const sentWith = new WeakMap<TransportError, string | null>();

  /** Sends a request with the session token and the page's language (the server answers `msg` in it). */
  const request = <T>(config: TransportRequest): Promise<TransportResponse<T>> => {
    const token = session?.getToken();
    return transport<T>(baseURL, {
      ...config,
      timeout: config.timeout ?? defaultTimeout,
      headers: { ...config.headers, ...(token ? { Authorization: token } : {}), 'Accept-Language': currentLocale() },
    }).catch((error: unknown) => {
      if (error instanceof TransportError) sentWith.set(error, token ?? null);
      throw error;
    });
  };

  const renewToken = (response: TransportResponse | undefined) => {
    const renewed = response?.header(TOKEN_RENEWAL_HEADER);
    if (typeof renewed === 'string' && renewed !== '') session?.replaceToken(renewed);
    const stamp = response?.header(PERMISSION_STAMP_HEADER);
    if (typeof stamp === 'string' && stamp !== '') session?.notePermissionStamp?.(stamp);
  };

  /** Turns any failure into an HttpError after emitting the reaction of the error catalogue (spec §8). */
  const report = (error: unknown, quiet: boolean | 'all' = false): HttpError => {
    const notify = (effect: HttpEffect) => {
      if (!quiet) emit(effect);
    };
    /** What a caller that tells every failure itself (quiet: 'all') does not want: a toast or the /500 page. */
    const fault = (effect: HttpEffect) => {
      if (quiet !== 'all') emit(effect);
    };
    if (error instanceof TransportError && error.failure === 'cancelled') return new HttpError('cancelled', 'canceled');
    if (error instanceof FailedBody) {
      fault({ type: 'fail-page', message: error.message });
      return new HttpError('server', error.message, 200);
    }
    if (!(error instanceof TransportError)) {
      const message = error instanceof Error ? error.message : String(error);
      emit({ type: 'fail-page', message });
      return new HttpError('client', message);
    }
    const { response } = error;
    if (response) {
      renewToken(response);
      const msg = serverMessage(response.data);
      const status = response.status;
      switch (status) {
        // 410: something the request named is gone for good (a sign-in's second-step ticket), the caller's own
        // mistake to start over from, worded by the server like a 400.
        case 410:
        case 400: {
          const message = msg ?? t('http.badRequest');
          notify({ type: 'notify', level: 'error', message });
          return new HttpError('bad-request', message, status, needsVerification(error), response.data);
        }
        case 401: {
          const message = msg ?? t('http.unauthorized');
          // Sent with a token that is no longer the session's (signed out and in again, or another identity
          // meanwhile): that old session's end is no news, and the current one goes on.
          const sent = sentWith.get(error);
          if (sent !== undefined && sent !== (session?.getToken() ?? null)) {
            return new HttpError('unauthorized', message, status);
          }
          emit({ type: 'notify', level: 'warning', message });
          emit({ type: 'logout', reason: sessionEndReason(response.header(SESSION_END_HEADER)) ?? 'ended' });
          return new HttpError('unauthorized', message, status);
        }
        case 403: {
          const message = msg ?? t('http.forbidden');
          notify({ type: 'notify', level: 'warning', message });
          return new HttpError('forbidden', message, status);
        }
        // Caused by the user, not a server fault (DESIGN §4): tell them instead of leaving the screen.
        case 413:
        case 429: {
          const message = msg ?? t(status === 413 ? 'http.tooLarge' : 'http.rateLimited');
          notify({ type: 'notify', level: 'warning', message });
          return new HttpError(status === 413 ? 'too-large' : 'rate-limited', message, status);
        }
        default: {
          const message = msg ?? t('http.serverError');
          fault({ type: 'fail-page', message });
          return new HttpError('server', message, status);
        }
      }
    }
    if (error.failure === 'timeout') {
      const message = t('http.timeout');
      fault({ type: 'notify', level: 'error', message });
      return new HttpError('timeout', message);
    }
    if (error.failure === 'network') {
      const message = t('http.network');
      fault({ type: 'notify', level: 'error', message });
      return new HttpError('network', message);
    }
    emit({ type: 'fail-page', message: error.message });
    return new HttpError('client', error.message);
  };

  /**
   * Encryption mode: the call becomes POST /sapi/<digest> {data: sealed {path, method, params, ts, nonce}} with
   * the key from the token's third segment; answers the rewritten config and the key to open the answer with.
   * The nonce is new for every call (a retry too): the server runs each envelope once.
   */
  const wrapRequest = async (config: TransportRequest, token: string) => {
    const key = keySourceOf(token);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries((config.params ?? {}) as Params)) {
      if (value !== null && value !== undefined) query.append(name, String(value));
    }
    const path = `${config.url}${query.size ? `?${query}` : ''}`;
    const method = config.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const sealed = await sealEnvelope(key, {
      path,
      method,
      params: config.data ?? null,
      ts: Date.now(),
      nonce: envelopeNonce(),
    });
    const wrapped: TransportRequest = {
      ...config,
      method: 'post',
      url: `/sapi/${await envelopeDigest(path, method)}`,
      params: undefined,
      data: { data: sealed },
    };
    return { wrapped, key };
  };

  /** One verification for every call waiting on it; a verifier that fails counts as given up. */
  const verifyOnce = (verifier: IdentityVerifier): Promise<boolean> => {
    verifying ??= verifier()
      .catch(() => false)
      .finally(() => {
        verifying = null;
      });
    return verifying;
  };

  /**
   * Runs `attempt`; a sudo refusal opens the identity verification and, once the user verified, runs it once more
   * (a new request: a new envelope too). Giving up rejects with the first refusal, reported as usual (its toast).
   */
  const withVerification = async <T>(attempt: () => Promise<T>, quiet?: boolean | 'all'): Promise<T> => {
    try {
      return await attempt();
    } catch (error) {
      const verifier = verifyIdentity;
      if (!verifier || !needsVerification(error) || !(await verifyOnce(verifier))) throw report(error, quiet);
    }
    try {
      return await attempt();
    } catch (error) {
      throw report(error, quiet);
    }
  };

  /** Sends a call and answers the envelope's `data`; a failure is thrown as it came (reported by the caller). */
  const attemptSend = async <T>(config: TransportRequest, wrap: boolean): Promise<T> => {
    const token = session?.getToken();
    const envelope = wrap && modes.encryption && token ? await wrapRequest(config, token) : undefined;
    const response = await request(envelope ? envelope.wrapped : config);
    renewToken(response);
    const body: unknown = response.data;
    if (envelope && isEnvelope(body) && typeof body.data === 'string') {
      body.data = await openEnvelope(envelope.key, body.data);
    }
    if (isEnvelope(body)) {
      if (body.code === 500) throw new FailedBody(serverMessage(body) ?? t('http.serverError'));
      if ('data' in body) return body.data as T;
    }
    return body as T;
  };

  const send = <T>(config: TransportRequest, quiet?: boolean | 'all', wrap = false): Promise<T> =>
    withVerification(() => attemptSend<T>(config, wrap), quiet);

  const cache = new Map<string, unknown>();
  const inFlight = new Map<string, Promise<unknown>>();

  const get = <T>(url: string, params?: Params, opts: GetOptions = {}): Promise<T> => {
    const { cache: mode, signal, headers, quiet, envelope } = opts;
    const query = nullifyEmptyParams(params);
    let key: string;
    try {
      key = `${url}?${JSON.stringify(query ?? {})}`;
    } catch (error) {
      return Promise.reject(report(error));
    }
    if (mode === true && cache.has(key)) return Promise.resolve(cache.get(key) as T);
    // A caller-owned signal could abort the request for every sharer, so such calls are not shared.
    const shareable = mode !== false && !signal && !quiet;
    if (shareable) {
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<T>;
    }
    const request = send<T>({ method: 'get', url, params: query, signal, headers }, quiet, envelope).then(
      (data) => {
        if (mode === true || mode === 'update') cache.set(key, data);
        else cache.delete(key);
        return data;
      },
      (error: unknown) => {
        cache.delete(key);
        throw error;
      },
    );
    if (shareable) {
      inFlight.set(key, request);
      const forget = () => {
        if (inFlight.get(key) === request) inFlight.delete(key);
      };
      request.then(forget, forget);
    }
    return request;
  };

  const client: HttpClient = {
    get,
    delete: (url, params, opts = {}) =>
      send(
        { method: 'delete', url, params: nullifyEmptyParams(params), signal: opts.signal, headers: opts.headers },
        opts.quiet,
        opts.envelope,
      ),
    post: (url, body, opts = {}) =>
      send(
        {
          method: 'post',
          url,
          data: body,
          params: opts.params,
          signal: opts.signal,
          headers: opts.headers,
          onUploadProgress: opts.onUploadProgress,
          timeout: opts.timeout,
        },
        opts.quiet,
        opts.envelope,
      ),
    put: (url, body, opts = {}) =>
      send(
        { method: 'put', url, data: body, params: opts.params, signal: opts.signal, headers: opts.headers },
        opts.quiet,
        opts.envelope,
      ),
    call<D extends RouteDef>(route: D, ...args: CallArgs<D>): Promise<ResponseOf<D>> {
      const input = (args[0] ?? {}) as CallInput<D>;
      const query = input.query as Params | undefined;
      const { signal, headers, quiet } = input;
      const path = fillPath(route.path, input.params as Record<string, string | number> | undefined);
      // Permission interceptor (specification §6): refused here, before anything is sent.
      if (modes.permissionInterceptor && route.access === 'permission' && session?.permits?.(route) === false) {
        const message = t('http.notPermitted', { resource: resourceKey(route.method, route.path) });
        if (!quiet) emit({ type: 'notify', level: 'warning', message });
        return Promise.reject(new HttpError('forbidden', message, 403));
      }
      const envelope = route.access !== 'open' && (route.transport ?? 'json') === 'json';
      switch (route.method) {
        case 'GET':
          return get(path, query, { cache: input.cache, signal, headers, quiet, envelope });
        case 'DELETE':
          return client.delete(path, query, { signal, headers, quiet, envelope });
        case 'POST':
          return client.post(path, input.body, { params: query, signal, headers, quiet, envelope });
        case 'PUT':
          return client.put(path, input.body, { params: query, signal, headers, quiet, envelope });
      }
    },
    download<D extends RouteDef>(route: D, input?: DownloadInput<D>): Promise<DownloadedFile> {
      const { signal, quiet } = input ?? {};
      const attempt = async (): Promise<DownloadedFile> => {
        try {
          // Array buffers work alike in browsers and Node (tests); the Blob is made here.
          const response = await request<ArrayBuffer>({
            method: 'get',
            url: fillPath(route.path, input?.params),
            params: nullifyEmptyParams(input?.query as Params | undefined),
            responseType: 'arraybuffer',
            signal,
          });
          renewToken(response);
          const type = response.header('content-type');
          const disposition = response.header('content-disposition');
          return {
            blob: new Blob([response.data], typeof type === 'string' ? { type } : {}),
            fileName: fileNameOf(typeof disposition === 'string' ? disposition : null),
          };
        } catch (error) {
          // A refusal arrives as bytes too: read its envelope so the message is the server's.
          const answer = error instanceof TransportError ? error.response : undefined;
          const data: unknown = answer?.data;
          if (answer && (data instanceof ArrayBuffer || ArrayBuffer.isView(data))) {
            try {
              answer.data = JSON.parse(new TextDecoder().decode(data));
            } catch {
              answer.data = undefined;
            }
          }
          throw error;
        }
      };
      return withVerification(attempt, quiet);
    },
    configure(next) {
      if (next.session) session = next.session;
      if (next.onEffect) {
        onEffect = next.onEffect;
        for (const effect of waiting.splice(0)) onEffect(effect);
      }
      if (next.modes) modes = { ...modes, ...next.modes };
      if (next.verifyIdentity !== undefined) verifyIdentity = next.verifyIdentity ?? undefined;
    },
    clearCache() {
      cache.clear();
    },
  };
  return client;
}
