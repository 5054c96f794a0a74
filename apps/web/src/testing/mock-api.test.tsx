// The mock API's request log belongs to one test. A test's app is unmounted before the log, the store and the
// session are reset for the next test: an app still mounted would react to its session ending (the route guard,
// the bootstrap, a refreshing screen) and what it sent would be counted in the next test. A dashboard test once
// saw two overview requests where its app sent one, the second from the big screen of the test before.
import { routes } from '@gatehouse/contract';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { call } from '@/lib/http';
import { useSession } from '@/stores/session';
import { setupMockApi } from './mock-api';

const api = setupMockApi();

/** Asks for the overview whenever the session changes, as a screen that refreshes on a new session would. */
function AsksOnEverySession() {
  const token = useSession((state) => state.token);
  useEffect(() => {
    void token;
    const controller = new AbortController();
    void call(routes.overview, { signal: controller.signal }).catch(() => undefined);
    return () => controller.abort();
  }, [token]);
  return null;
}

describe('the request log of the mock API', () => {
  it('an app still on screen as its test ends', async () => {
    api.signInAs('admin');
    render(<AsksOnEverySession />);
    await expect.poll(async () => (await api.sent(routes.overview)).length).toBe(1);
  });

  it('sends nothing into the next test’s log', async () => {
    expect(await api.sent(routes.overview)).toEqual([]);
  });
});
