import {
  API_BASE,
  type BodyOf,
  bodyIntake,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
} from '@gatehouse/contract';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { MockError } from './errors';
import { permissionRefusal } from './permissions';
import type { MockStore, StoredAccount } from './store';
import { readToken } from './token';
import { coerceBody, coerceText, validationProblem } from './validation';

export { fail, failField, MockError } from './errors';

export interface MockSession {
  account: StoredAccount;
  /** Who switched identity to `account`, if anyone. */
  originalAccountId: number | null;
}

export interface MockContext<D extends RouteDef> {
  /** Validated against the route's schemas (numbers in query strings and paths converted). */
  query: QueryOf<D>;
  body: BodyOf<D>;
  params: ParamsOf<D>;
  request: Request;
  store: MockStore;
  /** The caller's session: always set on signed-in and permission routes, set on open ones when a token came. */
  session: MockSession | null;
  /** The signed-in account (answers 401 when there is none). */
  me(): StoredAccount;
}

export type Resolver<D extends RouteDef> = (ctx: MockContext<D>) => ResponseOf<D> | Promise<ResponseOf<D>>;
/** For 'file' and 'raw' routes, whose answer is not the envelope: the resolver writes the whole response. */
export type RawResolver<D extends RouteDef> = (ctx: MockContext<D>) => Response | Promise<Response>;

// Method signatures (not function-typed properties) so a mock of one route fits a list of mocks of any route.
interface EnvelopeMock<D extends RouteDef> {
  route: D;
  kind: 'envelope';
  resolve(ctx: MockContext<D>): ResponseOf<D> | Promise<ResponseOf<D>>;
}
interface RawMock<D extends RouteDef> {
  route: D;
  kind: 'raw';
  resolve(ctx: MockContext<D>): Response | Promise<Response>;
}

/** One contract route and how the mock answers it. */
export type MockRoute<D extends RouteDef = RouteDef> = EnvelopeMock<D> | RawMock<D>;

/** Answers `route` with `{code: 200, msg: '操作成功', data}` where `data` is what the resolver returns (typed by the contract). */
export function handle<D extends RouteDef>(route: D, resolve: Resolver<D>): MockRoute<D> {
  if (route.transport === 'file' || route.transport === 'raw') {
    throw new Error(`${route.method} ${route.path} is a '${route.transport}' route: use handleRaw`);
  }
  return { route, kind: 'envelope', resolve };
}

/** Answers a 'file' or 'raw' route with the Response the resolver builds. */
export function handleRaw<D extends RouteDef>(route: D, resolve: RawResolver<D>): MockRoute<D> {
  return { route, kind: 'raw', resolve };
}

export const OK_MESSAGE = '操作成功';

export function envelope(data: unknown, init?: ResponseInit): Response {
  return HttpResponse.json({ code: 200, msg: OK_MESSAGE, data }, init);
}

export function failure(status: number, msg: string, field?: string): Response {
  return HttpResponse.json({ code: status, msg, ...(field ? { field } : {}) }, { status });
}

/**
 * The MSW pattern of a contract path: the API base on the app's origin. MSW reads `:name` segments as path
 * parameters just as the contract writes them, so only origin and base are added. (Not a `*` origin wildcard:
 * it would also match module urls such as /src/features/accounts/api/… of the dev server.)
 */
export function mswPath(origin: string, path: string): string {
  return `${origin}${API_BASE}${path}`;
}

export interface BindOptions {
  store: MockStore;
  /** Where the app calls the API: `location.origin` in the browser, e.g. http://localhost in tests. */
  origin: string;
  /** Milliseconds to wait before each answer (specification §9: 100–600 ms). */
  latency(): number;
}

function sessionOf(store: MockStore, request: Request): MockSession | null | 'disabled' {
  const payload = readToken(request.headers.get('Authorization'));
  const account = payload ? store.accounts.find((a) => a.id === payload.sub) : undefined;
  if (!payload || !account) return null;
  if (!account.state) return 'disabled';
  return { account, originalAccountId: payload.orig ?? null };
}

async function readBody(route: RouteDef, request: Request): Promise<unknown> {
  if (!route.body || route.transport === 'upload') return undefined;
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new MockError(400, '请求内容格式不正确');
  }
}

/** `value` when `schema` takes it, else a 400 as the server's (a body's refusal names its field, as the server's). */
function check(schema: RouteDef['query'], value: unknown, context?: 'body'): unknown {
  if (!schema) return undefined;
  const problem = validationProblem(schema, value);
  if (problem) throw new MockError(400, problem.message, context === 'body' ? problem.field : undefined);
  return value;
}

/** The MSW handler of one mock route: session, permission, validation, latency, then the resolver. */
export function bind(mock: MockRoute, options: BindOptions): HttpHandler {
  const { route } = mock;
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](mswPath(options.origin, route.path), async ({ request, params }) => {
    await new Promise((resolve) => setTimeout(resolve, options.latency()));
    try {
      const found = sessionOf(options.store, request);
      if (found === 'disabled') throw new MockError(401, '账号已被禁用，请联系管理员');
      const session = found;
      if (route.access !== 'open' && !session) throw new MockError(401, '未登录或登录已过期，请重新登录');
      if (session) {
        const refusal = permissionRefusal(options.store, session.account, route);
        if (refusal) throw new MockError(403, refusal);
      }
      const search = Object.fromEntries(new URL(request.url).searchParams);
      const textParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const rawBody = await readBody(route, request);
      const ctx = {
        params: check(route.params, route.params ? coerceText(route.params, textParams) : undefined),
        query: check(route.query, route.query ? coerceText(route.query, search) : undefined),
        body: check(
          route.body,
          route.body ? coerceBody(route.body, bodyIntake(route.body)(rawBody)) : undefined,
          'body',
        ),
        request,
        store: options.store,
        session,
        me() {
          if (!session) throw new MockError(401, '未登录或登录已过期，请重新登录');
          return session.account;
        },
      } as MockContext<RouteDef>;
      if (mock.kind === 'raw') return await mock.resolve(ctx);
      return envelope(await mock.resolve(ctx));
    } catch (error) {
      if (error instanceof MockError) return failure(error.status, error.message, error.field);
      throw error;
    }
  });
}
