// Runs the session store against a real node:http server standing in for the API (the page's origin).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '@/config/app-config';
import { configureHttp, type HttpEffect } from '@/lib/http';
import { useSession } from './session';

let server: Server;
/** The API paths in the order they arrived, each with the number of requests still unanswered at that moment. */
let arrivals: { path: string; open: number }[] = [];
let open = 0;
let accountInfoStatus = 200;
/** While set, the server holds its answers here until the test sends them (no answer waits on the clock). */
let held: (() => void)[] | null = null;

const permission = { id: 1, pid: 0, type: 0, name: '账号管理', path: '/user/Account' };
const account = { id: 1, accountNumber: 'admin', accountName: '超级管理员' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    arrivals.push({ path, open });
    open += 1;
    const answer = () => {
      open -= 1;
      const ok = path !== '/api/getAccountInfo' || accountInfoStatus === 200;
      const data = path === '/api/getPermissions' ? [permission] : account;
      res.writeHead(ok ? 200 : accountInfoStatus, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(ok ? { code: 200, msg: 'ok', data } : { code: accountInfoStatus }));
    };
    if (held) held.push(answer);
    else answer();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  // The client calls the relative /api: the page is served from the test server's origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/`);
  configureHttp({ session: { getToken: () => useSession.getState().token, replaceToken() {} } });
});

afterAll(() => server.close());

beforeEach(() => {
  arrivals = [];
  accountInfoStatus = 200;
  useSession.getState().clear();
  localStorage.setItem(appConfig.tokenStorageKey, 'token-1');
  useSession.setState({ token: 'token-1' });
});

describe('session bootstrap', () => {
  it('asks for the permissions and the account side by side, then is ready', async () => {
    // No answer until both calls are in: a bootstrap that waited for one answer before the next call never gets one.
    held = [];
    const bootstrapped = useSession.getState().bootstrap();
    try {
      await vi.waitFor(() => expect(arrivals).toHaveLength(2), { timeout: 20_000 });
    } finally {
      for (const answer of held) answer();
      held = null;
    }
    await bootstrapped;
    expect(arrivals.map((a) => a.path).sort()).toEqual(['/api/getAccountInfo', '/api/getPermissions']);
    // The second call arrived while the first was still unanswered.
    expect(arrivals[1]?.open).toBe(1);
    const state = useSession.getState();
    expect(state.status).toBe('ready');
    expect(state.permissions).toEqual([permission]);
    expect(state.user).toMatchObject(account);
  });

  it('ensureBootstrap starts one bootstrap per session: asked again, it answers the same one', async () => {
    const first = useSession.getState().ensureBootstrap();
    const second = useSession.getState().ensureBootstrap();
    expect(second).toBe(first);
    await first;
    await useSession.getState().ensureBootstrap();
    expect(arrivals).toHaveLength(2);
    // A new session (signed out, then in again) gets a bootstrap of its own.
    useSession.getState().clear();
    useSession.setState({ token: 'token-2' });
    await useSession.getState().ensureBootstrap();
    expect(arrivals).toHaveLength(4);
    expect(useSession.getState().status).toBe('ready');
  });

  it('a failed account call fails the bootstrap, and its effect waits for the handler installed later', async () => {
    const effects: HttpEffect[] = [];
    accountInfoStatus = 401;
    await useSession.getState().ensureBootstrap();
    expect(useSession.getState().status).toBe('failed');
    configureHttp({ onEffect: (effect) => effects.push(effect) });
    expect(effects).toEqual([
      { type: 'notify', level: 'warning', message: '未授权或授权已过期' },
      { type: 'logout', reason: 'ended' },
    ]);
  });
});

describe('why a session ended', () => {
  it('keeps the first 401’s reason when calls made together are all refused (a reload after being forced out)', () => {
    const session = useSession.getState();
    session.setToken('token-of-a-forced-session');
    // The permissions and the account are asked for together: both answer 401 with the same reason.
    session.clear('forced');
    useSession.getState().clear('forced');
    expect(useSession.getState().takeEndReason()).toBe('forced');
    // Told once; a stray 401 with no session open adds nothing.
    useSession.getState().clear('expired');
    expect(useSession.getState().takeEndReason()).toBeNull();
  });

  it('a sign-out by the user gives no reason', () => {
    useSession.getState().setToken('token');
    useSession.getState().clear();
    expect(useSession.getState().takeEndReason()).toBeNull();
  });
});
