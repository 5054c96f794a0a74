// @vitest-environment node
// Runs against a real node:http server so the transport, headers and timeouts behave as on the wire.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keySourceOf, openEnvelope, routes, sealEnvelope } from '@gatehouse/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, fillPath } from './client';
import { HttpError } from './http-error';
import type { HttpEffect } from './types';

interface Seen {
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  method: string;
  body: string;
}

let server: Server;
let baseURL: string;
let seen: Seen[] = [];
let counter = 0;
let failNext = false;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let body = '';
  for await (const chunk of req) body += chunk;
  seen.push({
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: req.headers.authorization,
    method: req.method ?? '',
    body,
  });
  const delay = Number(url.searchParams.get('delay') ?? 0);
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  const status = url.pathname.match(/^\/api\/status\/(\d+)$/);
  if (status) {
    const code = Number(status[1]);
    const msg = url.searchParams.get('msg');
    return json(res, code, msg ? { code, msg } : { code });
  }
  // The envelope endpoint as the server implements it: open with the caller's token, answer sealed data.
  if (url.pathname.startsWith('/api/sapi/')) {
    const token = req.headers.authorization ?? '';
    const inner = (await openEnvelope(keySourceOf(token), (JSON.parse(body) as { data: string }).data)) as {
      path: string;
      method: string;
      params: unknown;
    };
    return json(res, 200, {
      code: 200,
      msg: 'ok',
      data: await sealEnvelope(keySourceOf(token), { echoed: inner }),
    });
  }
  switch (url.pathname) {
    case '/api/session-ended':
      return json(
        res,
        401,
        { code: 401, msg: url.searchParams.get('msg') ?? '登录已失效' },
        { 'x-session-end': url.searchParams.get('reason') ?? '' },
      );
    case '/api/echo':
    case '/api/account/s':
    case '/api/login':
      return json(res, 200, { code: 200, msg: 'ok', data: { query: Object.fromEntries(url.searchParams) } });
    case '/api/null':
      return json(res, 200, { code: 200, msg: 'ok', data: null });
    case '/api/raw':
      return json(res, 200, { hello: 'world' });
    case '/api/failed-body':
      return json(res, 200, { code: 500, msg: '业务处理失败' });
    case '/api/counter':
      if (failNext) {
        failNext = false;
        return json(res, 200, { code: 500, msg: 'flaky' });
      }
      counter += 1;
      return json(res, 200, { code: 200, msg: 'ok', data: counter });
    case '/api/renew':
      return json(res, 200, { code: 200, msg: 'ok', data: 1 }, { 'jwt-update-token': 'renewed-token' });
    case '/api/stamped':
      return json(
        res,
        200,
        { code: 200, msg: 'ok', data: 1 },
        { 'x-permission-stamp': url.searchParams.get('stamp') ?? '' },
      );
    default:
      return json(res, 404, { code: 404, msg: 'no such path' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  counter = 0;
  failNext = false;
});

function setup(
  opts: {
    token?: string | null;
    timeout?: number;
    base?: string;
    modes?: { encryption?: boolean; permissionInterceptor?: boolean };
    permits?: (route: { path: string }) => boolean;
  } = {},
) {
  const effects: HttpEffect[] = [];
  const session = { token: opts.token ?? null };
  const client = createHttpClient({
    baseURL: opts.base ?? baseURL,
    timeout: opts.timeout ?? 30_000,
    session: {
      getToken: () => session.token,
      replaceToken: (token) => {
        session.token = token;
      },
      permits: opts.permits,
    },
    onEffect: (effect) => effects.push(effect),
    modes: opts.modes,
  });
  return { client, effects, session };
}

const failure = async (promise: Promise<unknown>): Promise<HttpError> => {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

describe('responses', () => {
  it('unwraps the envelope to its data', async () => {
    const { client } = setup();
    await expect(client.get('/echo', { a: '1' })).resolves.toEqual({ query: { a: '1' } });
    await expect(client.get('/null')).resolves.toBeNull();
  });

  it('passes a body without envelope through unchanged', async () => {
    const { client } = setup();
    await expect(client.get('/raw')).resolves.toEqual({ hello: 'world' });
  });

  it('treats a body whose code is 500 as an error and opens the failure page', async () => {
    const { client, effects } = setup();
    const error = await failure(client.get('/failed-body'));
    expect(error.kind).toBe('server');
    expect(effects).toEqual([{ type: 'fail-page', message: '业务处理失败' }]);
  });
});

describe('requests', () => {
  it('sends empty-string GET and DELETE parameters as null (left out), keeps the others', async () => {
    const { client } = setup();
    await client.get('/echo', { p: 1, accountNumber: '', accountName: 'ab' });
    await client.delete('/echo', { id: 3, extra: '' });
    expect(seen.map((s) => [s.method, s.query])).toEqual([
      ['GET', { p: '1', accountName: 'ab' }],
      ['DELETE', { id: '3' }],
    ]);
  });

  it('sends the session token as the raw Authorization header', async () => {
    const { client, session } = setup({ token: 'abc.def.ghi' });
    await client.get('/echo');
    session.token = null;
    await client.get('/echo');
    expect(seen.map((s) => s.authorization)).toEqual(['abc.def.ghi', undefined]);
  });

  it('replaces the stored token with the jwt-update-token response header', async () => {
    const { client, session } = setup({ token: 'old-token' });
    await client.get('/renew');
    expect(session.token).toBe('renewed-token');
    await client.get('/echo');
    expect(seen[1]?.authorization).toBe('renewed-token');
  });

  it('passes the x-permission-stamp header of each answer to the session', async () => {
    const stamps: string[] = [];
    const client = createHttpClient({
      baseURL,
      session: { getToken: () => 't', replaceToken: () => undefined, notePermissionStamp: (s) => stamps.push(s) },
    });
    await client.get('/stamped', { stamp: '3@2026-01-01' });
    await client.get('/stamped', { stamp: '3@2026-02-02' });
    await client.get('/echo');
    expect(stamps).toEqual(['3@2026-01-01', '3@2026-02-02']);
  });

  it('calls contract routes with typed query and body and unwraps the answer', async () => {
    const { client } = setup();
    const page = await client.call(routes.listAccounts, { query: { p: 2, pageSize: 20, accountNumber: '' } });
    // The test server echoes the query instead of a page; the cast only serves the assertion.
    expect(page as unknown).toEqual({ query: { p: '2', pageSize: '20' } });
    await client.call(routes.login, { body: { account: 'admin', password: 'secret-pw' } });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['GET', '/api/account/s', ''],
      ['POST', '/api/login', '{"account":"admin","password":"secret-pw"}'],
    ]);
  });
});

describe('path parameters', () => {
  it('fills each :name segment, URL-encoded, and refuses a missing one', () => {
    expect(fillPath('/file/text/:path/:id', { path: 'notice', id: 'a b/c' })).toBe('/file/text/notice/a%20b%2Fc');
    expect(() => fillPath('/file/text/:id', {})).toThrow('missing path parameter id');
  });
});

describe('modes announced by the server', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl';

  it('encryption: a signed-in call travels sealed to /sapi/<digest>, and its answer is opened', async () => {
    const { client } = setup({ token: jwt, modes: { encryption: true } });
    const data = await client.call(routes.listAccounts, { query: { p: 2, pageSize: 10, accountName: '' } });
    expect(data).toEqual({
      echoed: {
        path: '/account/s?p=2&pageSize=10',
        method: 'GET',
        params: null,
        ts: expect.any(Number),
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      },
    });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.path).toMatch(/^\/api\/sapi\/[0-9a-f]{32}$/);
    expect(seen[0]!.body).not.toContain('account');

    const body = { name: '研发部', pid: 1 };
    const created = await client.call(routes.createOrg, { body });
    expect(created).toMatchObject({ echoed: { path: '/org', method: 'POST', params: body } });

    // The same call again is a new envelope: the server runs each nonce once.
    type Echo = { echoed: { nonce: string } };
    const again = (await client.call(routes.listAccounts, { query: { p: 2, pageSize: 10 } })) as unknown as Echo;
    expect(again.echoed.nonce).not.toBe((data as unknown as Echo).echoed.nonce);
  });

  it('encryption: open routes and plain requests are sent as they are', async () => {
    const { client } = setup({ token: jwt, modes: { encryption: true } });
    await client.call(routes.login, { body: { account: 'a', password: 'b' } });
    await client.get('/echo', { x: 1 });
    expect(seen.map((s) => s.path)).toEqual(['/api/login', '/api/echo']);
  });

  it('permission interceptor: refuses an unheld call locally with 403 and "{method,url} 请求未授权"', async () => {
    const { client, effects } = setup({
      token: jwt,
      modes: { permissionInterceptor: true },
      permits: (route) => route.path === '/account/s',
    });
    const refused = await failure(client.call(routes.listRoles));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('get,/role/s 请求未授权');
    expect(effects).toEqual([{ type: 'notify', level: 'warning', message: 'get,/role/s 请求未授权' }]);
    expect(seen).toEqual([]);
    // Held and signed-in routes go out.
    await client.call(routes.listAccounts, { query: { p: 1, pageSize: 10 } });
    await client.call(routes.login, { body: { account: 'a', password: 'b' } });
    expect(seen.map((s) => s.path)).toEqual(['/api/account/s', '/api/login']);
  });
});

describe('GET cache and de-duplication', () => {
  it('shares one request between identical GETs in flight', async () => {
    const { client } = setup();
    const [a, b] = await Promise.all([client.get('/counter', { delay: 50 }), client.get('/counter', { delay: 50 })]);
    expect([a, b]).toEqual([1, 1]);
    expect(seen).toHaveLength(1);
  });

  it('without cache option fetches every time', async () => {
    const { client } = setup();
    expect(await client.get('/counter')).toBe(1);
    expect(await client.get('/counter')).toBe(2);
  });

  it('cache: true answers from the cache once a result is kept', async () => {
    const { client } = setup();
    expect(await client.get('/counter', {}, { cache: true })).toBe(1);
    expect(await client.get('/counter', {}, { cache: true })).toBe(1);
    expect(seen).toHaveLength(1);
    // Different parameters are a different key.
    expect(await client.get('/counter', { x: 1 }, { cache: true })).toBe(2);
  });

  it("cache: 'update' fetches fresh and refreshes the kept result", async () => {
    const { client } = setup();
    expect(await client.get('/counter', {}, { cache: true })).toBe(1);
    expect(await client.get('/counter', {}, { cache: 'update' })).toBe(2);
    expect(await client.get('/counter', {}, { cache: true })).toBe(2);
    expect(seen).toHaveLength(2);
  });

  it('cache: false forces a fetch and drops the entry, as does the default', async () => {
    const { client } = setup();
    expect(await client.get('/counter', {}, { cache: true })).toBe(1);
    expect(await client.get('/counter', {}, { cache: false })).toBe(2);
    expect(await client.get('/counter', {}, { cache: true })).toBe(3);
    expect(await client.get('/counter')).toBe(4);
    expect(await client.get('/counter', {}, { cache: true })).toBe(5);
  });

  it('cache: false does not join an identical request in flight', async () => {
    const { client } = setup();
    const [a, b] = await Promise.all([
      client.get('/counter', { delay: 50 }),
      client.get('/counter', { delay: 50 }, { cache: false }),
    ]);
    expect(new Set([a, b])).toEqual(new Set([1, 2]));
  });

  it('drops the entry when a request fails', async () => {
    const { client } = setup();
    expect(await client.get('/counter', {}, { cache: true })).toBe(1);
    failNext = true;
    await failure(client.get('/counter', {}, { cache: 'update' }));
    // The kept result is gone: cache: true has to fetch again.
    expect(await client.get('/counter', {}, { cache: true })).toBe(2);
    expect(seen).toHaveLength(3);
  });
});

describe('error catalogue', () => {
  it('400: error toast with the server msg, or the default text', async () => {
    const { client, effects } = setup();
    expect((await failure(client.get('/status/400', { msg: '账号已存在' }))).kind).toBe('bad-request');
    await failure(client.get('/status/400'));
    expect(effects).toEqual([
      { type: 'notify', level: 'error', message: '账号已存在' },
      { type: 'notify', level: 'error', message: '请求参数异常' },
    ]);
  });

  it('401: warning toast, then logout', async () => {
    const { client, effects } = setup({ token: 't' });
    expect((await failure(client.get('/status/401'))).kind).toBe('unauthorized');
    await failure(client.get('/status/401', { msg: '会话已过期' }));
    expect(effects).toEqual([
      { type: 'notify', level: 'warning', message: '未授权或授权已过期' },
      { type: 'logout', reason: 'ended' },
      { type: 'notify', level: 'warning', message: '会话已过期' },
      { type: 'logout', reason: 'ended' },
    ]);
  });

  it('401 of an ended session: the logout carries the server’s reason; an unknown one counts as ended', async () => {
    const { client, effects } = setup({ token: 't' });
    await failure(client.get('/session-ended', { reason: 'forced', msg: '您已被管理员强制下线，请重新登录' }));
    await failure(client.get('/session-ended', { reason: '<script>alert(1)</script>' }, { quiet: 'all' }));
    expect(effects).toEqual([
      { type: 'notify', level: 'warning', message: '您已被管理员强制下线，请重新登录' },
      { type: 'logout', reason: 'forced' },
      { type: 'notify', level: 'warning', message: '登录已失效' },
      { type: 'logout', reason: 'ended' },
    ]);
  });

  it('401 for a token that is no longer the session’s (signed in again meanwhile): the new session goes on', async () => {
    const { client, effects, session } = setup({ token: 'old' });
    const pending = failure(client.get('/session-ended', { reason: 'logout' }));
    // Signed in again while the old session's request is on its way.
    session.token = 'new';
    expect((await pending).kind).toBe('unauthorized');
    expect(effects).toEqual([]);
    // The same answer to a request of the current session ends it.
    await failure(client.get('/session-ended', { reason: 'logout' }));
    expect(effects.map((effect) => effect.type)).toEqual(['notify', 'logout']);
  });

  it('effects raised before a handler is installed reach the handler once it is, in order', async () => {
    const client = createHttpClient({ baseURL, timeout: 30_000, session: { getToken: () => 't', replaceToken() {} } });
    await failure(client.get('/status/401'));
    const effects: HttpEffect[] = [];
    client.configure({ onEffect: (effect) => effects.push(effect) });
    expect(effects).toEqual([
      { type: 'notify', level: 'warning', message: '未授权或授权已过期' },
      { type: 'logout', reason: 'ended' },
    ]);
    // Delivered once: a later handler does not get them again.
    const later: HttpEffect[] = [];
    client.configure({ onEffect: (effect) => later.push(effect) });
    expect(later).toEqual([]);
  });

  it('403: warning toast with the msg or the default text', async () => {
    const { client, effects } = setup();
    expect((await failure(client.get('/status/403'))).kind).toBe('forbidden');
    await failure(client.get('/status/403', { msg: '无权操作' }));
    expect(effects).toEqual([
      { type: 'notify', level: 'warning', message: '无访问权限, 请联系企业管理员' },
      { type: 'notify', level: 'warning', message: '无权操作' },
    ]);
  });

  it('other statuses: the failure page with the msg or 服务异常', async () => {
    const { client, effects } = setup();
    expect((await failure(client.get('/status/500'))).status).toBe(500);
    await failure(client.get('/status/502', { msg: '网关错误' }));
    await failure(client.get('/nowhere'));
    expect(effects).toEqual([
      { type: 'fail-page', message: '服务异常' },
      { type: 'fail-page', message: '网关错误' },
      { type: 'fail-page', message: 'no such path' },
    ]);
  });

  it('413 and 429: warning toast (the user can act on them)', async () => {
    const { client, effects } = setup();
    await failure(client.get('/status/429', { msg: '请求过于频繁' }));
    await failure(client.get('/status/413'));
    expect(effects).toEqual([
      { type: 'notify', level: 'warning', message: '请求过于频繁' },
      { type: 'notify', level: 'warning', message: '上传内容过大' },
    ]);
  });

  it('quiet: a refusal rejects with the server msg but toasts nothing (the caller shows it inline)', async () => {
    const { client, effects } = setup();
    const refused = await failure(client.get('/status/400', { msg: '验证码错误' }, { quiet: true }));
    expect(refused.message).toBe('验证码错误');
    expect((await failure(client.post('/status/429', {}, { quiet: true }))).kind).toBe('rate-limited');
    expect(effects).toEqual([]);
    // A server fault is not the caller's to show: the failure page still opens.
    await failure(client.get('/status/500', undefined, { quiet: true }));
    expect(effects).toEqual([{ type: 'fail-page', message: '服务异常' }]);
  });

  it("quiet 'all': a server fault or a failed body stays with the caller (no /500, no toast)", async () => {
    const { client, effects } = setup();
    const fault = await failure(client.get('/status/503', { msg: '维护中' }, { quiet: 'all' }));
    expect([fault.kind, fault.message]).toEqual(['server', '维护中']);
    expect((await failure(client.post('/failed-body', {}, { quiet: 'all' }))).kind).toBe('server');
    await failure(client.get('/status/400', { msg: '手机号格式不正确' }, { quiet: 'all' }));
    expect(effects).toEqual([]);
  });

  it('timeout: toast 请求超时, 请重试', async () => {
    const { client, effects } = setup({ timeout: 100 });
    expect((await failure(client.get('/echo', { delay: 400 }))).kind).toBe('timeout');
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: '请求超时, 请重试' }]);
  });

  it('network failure: toast 网络异常', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client, effects } = setup({ base: `http://127.0.0.1:${port}/api` });
    expect((await failure(client.get('/echo'))).kind).toBe('network');
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: '网络异常' }]);
  });

  it('other client errors: the failure page with the error message', async () => {
    const { client, effects } = setup({ base: 'ftp://127.0.0.1/api' });
    expect((await failure(client.get('/echo'))).kind).toBe('client');
    expect(effects).toEqual([{ type: 'fail-page', message: 'Unsupported protocol ftp:' }]);

    const local = setup();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect((await failure(local.client.get('/echo', { circular }))).kind).toBe('client');
    expect(local.effects[0]).toMatchObject({ type: 'fail-page' });
    expect(seen).toHaveLength(0);
  });

  it('a cancelled request fails silently', async () => {
    const { client, effects } = setup();
    const controller = new AbortController();
    const pending = client.get('/echo', { delay: 300 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await failure(pending)).kind).toBe('cancelled');
    expect(effects).toEqual([]);
  });
});
