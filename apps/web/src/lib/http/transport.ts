/**
 * The wire under the http client (client.ts): one request, one answer, and what went wrong as a plain kind.
 * `fetch` carries every call; an upload that reports progress goes through XMLHttpRequest (fetch cannot tell
 * how much of a body has been sent). It does what the client relied on axios for, in ~2 KiB instead of ~18 KiB
 * gzip (docs/frontend-budgets.md): query strings written as axios wrote them, JSON bodies, a per-request
 * timeout, cancellation by signal, JSON answers (or the text when it is not JSON), 2xx as success.
 */

export type TransportMethod = 'get' | 'post' | 'put' | 'delete';

export interface TransportRequest {
  method: TransportMethod;
  /** Below the base URL, e.g. `/account/s`. */
  url: string;
  /** The query; null and undefined values are left out. */
  params?: Record<string, unknown>;
  /** A FormData goes as multipart (the browser writes the boundary), anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds; 0 = no limit. */
  timeout?: number;
  /** 'arraybuffer': the answer's bytes; otherwise its JSON (or its text when it is not JSON). */
  responseType?: 'json' | 'arraybuffer';
  onUploadProgress?(event: { loaded: number; total?: number }): void;
}

export interface TransportResponse<T = unknown> {
  status: number;
  data: T;
  /** A response header (case-insensitive), or null. */
  header(name: string): string | null;
}

/**
 * - 'response': the server answered with a status outside 2xx (`response` holds it);
 * - 'timeout': no answer within the request's timeout;
 * - 'network': no answer at all (connection refused, offline, CORS);
 * - 'cancelled': the caller's signal aborted it;
 * - 'client': the request could not be made (e.g. an unsupported URL).
 */
export type TransportFailure = 'response' | 'timeout' | 'network' | 'cancelled' | 'client';

export class TransportError extends Error {
  override readonly name = 'TransportError';

  constructor(
    readonly failure: TransportFailure,
    message: string,
    readonly response?: TransportResponse,
  ) {
    super(message);
  }
}

/** axios's encoding of query keys and values: URI-encoded, with `:`, `$`, `,`, `[`, `]` kept and spaces as `+`. */
const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');

const queryValue = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The query string as axios wrote it: null/undefined left out, arrays as repeated `key[]`. */
export function queryString(params: Record<string, unknown> | undefined): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== null && item !== undefined) pairs.push(`${encode(`${key}[]`)}=${encode(queryValue(item))}`);
      }
    } else {
      pairs.push(`${encode(key)}=${encode(queryValue(value))}`);
    }
  }
  return pairs.join('&');
}

/** A JSON answer parsed; text that is not JSON stays text (axios's lenient parsing). */
const parseBody = (text: string): unknown => {
  if (text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

interface Prepared {
  url: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
}

function prepare(baseURL: string, request: TransportRequest): Prepared {
  const query = queryString(request.params);
  const url = `${baseURL}${request.url}${query ? `${request.url.includes('?') ? '&' : '?'}${query}` : ''}`;
  const protocol = new URL(url, globalThis.location?.href).protocol;
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TransportError('client', `Unsupported protocol ${protocol}`);
  }
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...request.headers };
  let body: Prepared['body'];
  // Content-Type: JSON for a body, the browser's multipart boundary for a form, none without a body.
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
  if (request.data instanceof FormData) {
    body = request.data;
  } else if (request.data !== undefined) {
    body = JSON.stringify(request.data);
    headers['Content-Type'] = 'application/json';
  }
  return { url, headers, body };
}

/** Sends one request to `baseURL` + `request.url`; resolves on 2xx, otherwise rejects with a TransportError. */
export function send<T = unknown>(baseURL: string, request: TransportRequest): Promise<TransportResponse<T>> {
  let prepared: Prepared;
  try {
    prepared = prepare(baseURL, request);
  } catch (error) {
    return Promise.reject(
      error instanceof TransportError ? error : new TransportError('client', (error as Error).message),
    );
  }
  if (request.signal?.aborted) return Promise.reject(new TransportError('cancelled', 'canceled'));
  return request.onUploadProgress && typeof XMLHttpRequest !== 'undefined'
    ? sendWithProgress<T>(prepared, request)
    : sendWithFetch<T>(prepared, request);
}

const settle = <T>(response: TransportResponse<T>): TransportResponse<T> => {
  if (response.status >= 200 && response.status < 300) return response;
  throw new TransportError('response', `Request failed with status code ${response.status}`, response);
};

async function sendWithFetch<T>(prepared: Prepared, request: TransportRequest): Promise<TransportResponse<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort);
  const timer =
    request.timeout && request.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, request.timeout)
      : undefined;
  try {
    const answer = await fetch(prepared.url, {
      method: request.method.toUpperCase(),
      headers: prepared.headers,
      body: prepared.body,
      signal: controller.signal,
    });
    const data = request.responseType === 'arraybuffer' ? await answer.arrayBuffer() : parseBody(await answer.text());
    return settle({ status: answer.status, data: data as T, header: (name) => answer.headers.get(name) });
  } catch (error) {
    if (error instanceof TransportError) throw error;
    if (timedOut) throw new TransportError('timeout', `timeout of ${request.timeout}ms exceeded`);
    if (request.signal?.aborted) throw new TransportError('cancelled', 'canceled');
    throw new TransportError('network', 'Network Error');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

function sendWithProgress<T>(prepared: Prepared, request: TransportRequest): Promise<TransportResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.open(request.method.toUpperCase(), prepared.url, true);
    for (const [name, value] of Object.entries(prepared.headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = request.timeout && request.timeout > 0 ? request.timeout : 0;
    xhr.responseType = request.responseType === 'arraybuffer' ? 'arraybuffer' : 'text';
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => {
      done();
      const data = request.responseType === 'arraybuffer' ? xhr.response : parseBody(xhr.responseText);
      try {
        resolve(settle({ status: xhr.status, data: data as T, header: (name) => xhr.getResponseHeader(name) }));
      } catch (error) {
        reject(error);
      }
    };
    xhr.ontimeout = () => {
      done();
      reject(new TransportError('timeout', `timeout of ${request.timeout}ms exceeded`));
    };
    xhr.onerror = () => {
      done();
      reject(new TransportError('network', 'Network Error'));
    };
    xhr.onabort = () => {
      done();
      reject(new TransportError('cancelled', 'canceled'));
    };
    request.signal?.addEventListener('abort', onAbort);
    xhr.send(prepared.body ?? null);
  });
}
