import { API_BASE, type RouteName, type Routes } from '@gatehouse/contract';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { bind, failure, type MockRoute } from '@/mocks/handle';
import { createMockStore } from '@/mocks/seed';
import type { MockStore } from '@/mocks/store';

/** A handler file's mocks, exported as `<area>Mocks` (helpers beside them, e.g. sorting.ts, export none). */
const MOCKS_EXPORT = /^[a-z][A-Za-z0-9]*Mocks$/;

/** Every `<area>Mocks` export of this folder's files, found rather than listed, a route mocked twice refused. */
function foundMocks(files: Record<string, Record<string, unknown>>): Record<string, MockRoute> {
  const merged: Record<string, MockRoute> = {};
  for (const [file, exports] of Object.entries(files)) {
    for (const [name, mocks] of Object.entries(exports)) {
      if (!MOCKS_EXPORT.test(name)) continue;
      for (const [route, mock] of Object.entries(mocks as Record<string, MockRoute>)) {
        if (Object.hasOwn(merged, route)) throw new Error(`${file} mocks ${route} again`);
        merged[route] = mock;
      }
    }
  }
  return merged;
}

/** Every contract route, each once (mocks.test.ts fails when a route has no mock); the folder's tests are no mocks. */
export const mockRoutes = foundMocks(
  import.meta.glob<Record<string, unknown>>(['./*.ts', '!./index.ts', '!./*.test.ts'], { eager: true }),
) as { [K in RouteName]: MockRoute<Routes[K]> };

/** Marks the answer of an /api url no mock handles, so tests can tell "unhandled" from a refusal. */
export const UNHANDLED_HEADER = 'x-mock-unhandled';

export interface MockOptions {
  /** Where the app calls the API; default `location.origin`, or http://localhost outside a browser. */
  origin?: string;
  /** Default: a freshly seeded store. */
  store?: MockStore;
  /** Milliseconds before each answer; default a random 100–600 ms (specification §9). */
  latency?: () => number;
}

const randomLatency = () => 100 + Math.floor(Math.random() * 501);

/**
 * The MSW handlers of the whole API: the contract's routes, the three mock-only failure simulations
 * (specification §7) and a catch-all that answers any other /api url 404, so nothing reaches the network.
 */
export function createMockHandlers(options: MockOptions = {}): { store: MockStore; handlers: HttpHandler[] } {
  const store = options.store ?? createMockStore();
  const latency = options.latency ?? randomLatency;
  const origin = options.origin ?? globalThis.location?.origin ?? 'http://localhost';
  const api = `${origin}${API_BASE}`;
  const pause = () => new Promise((resolve) => setTimeout(resolve, latency()));
  const routeHandlers = Object.values(mockRoutes as Record<string, MockRoute>).map((mock) =>
    bind(mock, { store, origin, latency }),
  );
  return {
    store,
    handlers: [
      ...routeHandlers,
      http.get(`${api}/return/fail`, async () => {
        await pause();
        return HttpResponse.json({ code: 500, msg: '模拟的业务失败：操作未能完成' });
      }),
      http.get(`${api}/return/error`, async () => {
        await pause();
        return failure(500, '模拟的服务器错误：服务异常，请稍后重试');
      }),
      http.get(`${api}/Unauthorized`, async () => {
        await pause();
        return failure(401, '模拟的未授权：登录已失效，请重新登录');
      }),
      http.all(`${api}/*`, ({ request }) => {
        const path = new URL(request.url).pathname;
        return HttpResponse.json(
          { code: 404, msg: `接口不存在：${request.method} ${path}` },
          { status: 404, headers: { [UNHANDLED_HEADER]: '1' } },
        );
      }),
    ],
  };
}
