import { API_BASE, type BodyOf, type QueryOf, type ResponseOf, type RouteDef } from '@gatehouse/contract';
import { getResponse } from 'msw';
import { createMockHandlers } from './handlers';
import { issueToken } from './token';

/**
 * For tests of the mock's handlers: a freshly seeded mock called as the app calls it (a signed-in account's token,
 * the contract's paths, the handlers' own validation), in process through msw's `getResponse`, with no latency.
 */
export function mockClient(accountNumber = 'admin') {
  const origin = 'http://localhost';
  const { store, handlers } = createMockHandlers({ origin, latency: () => 0 });
  const account = store.accounts.find((a) => a.accountNumber === accountNumber);
  if (!account) throw new Error(`no seeded account ${accountNumber}`);
  const token = issueToken({ sub: account.id });

  /** The route's answer: its status and body (JSON parsed; a file's text as it is). */
  async function call<D extends RouteDef>(route: D, request: { query?: QueryOf<D>; body?: BodyOf<D> } = {}) {
    const url = new URL(`${origin}${API_BASE}${route.path}`);
    for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers = new Headers({ Authorization: token });
    if (request.body !== undefined) headers.set('Content-Type', 'application/json');
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const response = await getResponse(handlers, new Request(url, { method: route.method, headers, body }));
    if (!response) throw new Error(`no mock answered ${route.method} ${route.path}`);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A file's bytes (an export's CSV).
    }
    return { status: response.status, body: parsed };
  }

  /** The envelope's data of a successful call; any other answer throws with its body. */
  async function data<D extends RouteDef>(route: D, request: { query?: QueryOf<D>; body?: BodyOf<D> } = {}) {
    const answer = await call(route, request);
    if (answer.status !== 200) throw new Error(`${route.method} ${route.path}: ${JSON.stringify(answer.body)}`);
    return (answer.body as { data: ResponseOf<D> }).data;
  }

  return { store, call, data };
}
