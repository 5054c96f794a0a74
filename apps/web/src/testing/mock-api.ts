import type { ResponseOf, RouteDef } from '@gatehouse/contract';
import { cleanup } from '@testing-library/react';
import { HttpResponse, matchRequestUrl, http as msw } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { configureHttp, http } from '@/lib/http';
import { envelope, failure, mswPath } from '@/mocks/handle';
import { createMockHandlers } from '@/mocks/handlers';
import type { MockStore } from '@/mocks/store';
import { issueToken } from '@/mocks/token';
import { DEFAULT_OPTIONS, useServerOptions } from '@/stores/server-options';
import { canCall, useSession } from '@/stores/session';

/** A request the app sent: its query and its JSON body (undefined without one). */
export interface SentRequest {
  query: URLSearchParams;
  body: unknown;
}

export interface MockApi {
  /** The in-memory data the handlers answer from: the seed of mocks/seed.ts, fresh for every test. */
  readonly store: MockStore;
  /** The msw server: `server.use(...)` adds handlers for the current test (dropped after it). */
  readonly server: ReturnType<typeof setupServer>;
  /** The msw url pattern of a contract route, for a `server.use(http.get(api.url(route), …))` of the test's own. */
  url(route: RouteDef): string;
  /** A session token of the seeded account `accountNumber` (e.g. 'admin'), as a sign-in answers it. */
  tokenOf(accountNumber: string): string;
  /** Keeps a session of `accountNumber` as a sign-in does; the app's bootstrap loads the account from the mock. */
  signInAs(accountNumber: string): void;
  /** For the current test, `route` answers `data` (typed by the contract), as the server would. */
  answer<D extends RouteDef>(route: D, data: ResponseOf<D>): void;
  /** For the current test, `route` answers HTTP `status` with the server's error body `{code, msg}`. */
  fail(route: RouteDef, status?: number, msg?: string): void;
  /** For the current test, `route` gets no answer at all (a network error). */
  breakNetwork(route: RouteDef): void;
  /**
   * For the current test, answers of `route` wait until `release()` (then come from the mock as usual), so a
   * test sees what the screen shows while a call is in flight without a race against the answer.
   */
  hold(route: RouteDef): { release(): void };
  /** What the app sent to `route` in the current test, oldest first. */
  sent(route: RouteDef): Promise<SentRequest[]>;
}

/**
 * The app's API for the component tests of a file: the contract-typed handlers of `src/mocks` (those that
 * `npm run dev:mock` runs in the browser) answer every /api call through msw/node, without their latency, from a
 * freshly seeded store for each test. Call it once at the top of a test file: it installs the file's hooks
 * (listen; after each test drop the overrides, re-seed, sign out; close). Like main.tsx it lets the http client
 * read the token from the session store.
 */
export function setupMockApi(): MockApi {
  const origin = window.location.origin;
  const seeded = () => createMockHandlers({ origin, latency: () => 0 });
  let { store, handlers } = seeded();
  // The handlers end with a catch-all answering any other /api url 404; a request to anything else fails the test
  // rather than going to the network.
  const server = setupServer(...handlers);
  const url = (route: RouteDef) => mswPath(origin, route.path);
  const on = (route: RouteDef) => msw[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'];
  /** Every request of the current test, its body read as it arrived. */
  let requests: { method: string; url: URL; body: Promise<string> }[] = [];
  /** The releases of the current test's held routes, so no held answer outlives its test. */
  const holds: (() => void)[] = [];

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', ({ request }) => {
      requests.push({ method: request.method, url: new URL(request.url), body: request.clone().text() });
    });
    configureHttp({
      session: {
        getToken: () => useSession.getState().token,
        replaceToken: (token) => useSession.getState().setToken(token),
        notePermissionStamp: (stamp) => useSession.getState().notePermissionStamp(stamp),
        permits: (route) => canCall(useSession.getState().permissions, route),
      },
    });
  });
  afterEach(() => {
    // The test's app goes first (setup.ts's clean-up would only come after this hook): one still mounted reacts to
    // the session cleared below (its route guard, bootstrap and refreshing screens run again), and what it sent then
    // would be counted in the next test's log.
    cleanup();
    for (const release of holds.splice(0)) release();
    // A new store with handlers of its own (what the mock keeps per store, e.g. ended sessions, goes with it); the
    // test's overrides are dropped.
    ({ store, handlers } = seeded());
    server.resetHandlers(...handlers);
    requests = [];
    useSession.getState().clear();
    useServerOptions.setState({ options: DEFAULT_OPTIONS });
    http.clearCache();
  });
  afterAll(() => server.close());

  const tokenOf = (accountNumber: string) => {
    const account = store.accounts.find((a) => a.accountNumber === accountNumber);
    if (!account) throw new Error(`no seeded account ${accountNumber}`);
    return issueToken({ sub: account.id });
  };

  return {
    get store() {
      return store;
    },
    server,
    url,
    tokenOf,
    signInAs: (accountNumber) => useSession.getState().setToken(tokenOf(accountNumber)),
    answer: (route, data) => server.use(on(route)(url(route), () => envelope(data))),
    fail: (route, status = 500, msg = '服务器内部错误') =>
      server.use(on(route)(url(route), () => failure(status, msg))),
    breakNetwork: (route) => server.use(on(route)(url(route), () => HttpResponse.error())),
    hold(route) {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push(release);
      // Answering nothing passes the request on to the mock's own handler.
      server.use(
        on(route)(url(route), async () => {
          await released;
        }),
      );
      return { release: () => release() };
    },
    async sent(route) {
      const pattern = url(route);
      const matching = requests.filter(
        (request) => request.method === route.method && matchRequestUrl(request.url, pattern).matches,
      );
      return Promise.all(
        matching.map(async (request) => {
          const text = await request.body;
          return { query: request.url.searchParams, body: text === '' ? undefined : JSON.parse(text) };
        }),
      );
    },
  };
}
