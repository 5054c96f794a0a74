// @vitest-environment node
// Sudo mode in the http client, against a real node:http server that refuses sensitive calls with
// 400 + x-verification-required until the session verified (as apps/server's modules/authz does).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes, VERIFICATION_REQUIRED_HEADER } from '@gatehouse/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from './client';
import { HttpError } from './http-error';
import type { HttpEffect, IdentityVerifier } from './types';

const SUDO_MSG = '该操作需要在 5 分钟内验证过身份，请先验证身份';

let server: Server;
let baseURL: string;
/** Whether the (only) session verified recently; `refuseAlways` keeps refusing even then. */
let verified = false;
let refuseAlways = false;
let seen: string[] = [];

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const refuse = (res: ServerResponse) =>
  json(res, 400, { code: 400, msg: SUDO_MSG }, { [VERIFICATION_REQUIRED_HEADER]: 'identity' });

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let body = '';
  for await (const chunk of req) body += chunk;
  seen.push(`${req.method} ${url.pathname}`);
  switch (`${req.method} ${url.pathname}`) {
    case 'POST /api/auth/password/validate':
      if ((JSON.parse(body) as { password: string }).password !== 'Right#2026') {
        return json(res, 400, { code: 400, msg: '密码错误' });
      }
      verified = true;
      return json(res, 200, { code: 200, msg: 'ok', data: 'password-token' });
    case 'DELETE /api/role':
      if (!verified || refuseAlways) return refuse(res);
      return json(res, 200, { code: 200, msg: 'ok', data: null });
    case 'PUT /api/account/reset':
      if (!verified || refuseAlways) return refuse(res);
      return json(res, 200, { code: 200, msg: 'ok', data: { password: 'New#Pass2026' } });
    case 'DELETE /api/org':
      // A plain refusal: no verification would help.
      return json(res, 400, { code: 400, msg: '该组织下还有账号，不能删除' });
    case 'GET /api/audit/export':
      if (!verified || refuseAlways) return refuse(res);
      res.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="audit.csv"',
      });
      return res.end('时间,操作人\r\n');
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
  verified = false;
  refuseAlways = false;
  seen = [];
});

/**
 * A client with a stand-in for the identity dialog: `answer` plays the user (the password typed, or null for
 * closing the dialog); verifying calls the real validate route, which marks the session verified on the server.
 */
function setup(answer: string | null = 'Right#2026') {
  const effects: HttpEffect[] = [];
  const opened: number[] = [];
  const client = createHttpClient({
    baseURL,
    timeout: 30_000,
    session: { getToken: () => 'Bearer session', replaceToken: () => {} },
    onEffect: (effect) => effects.push(effect),
  });
  const verifyIdentity: IdentityVerifier = async () => {
    opened.push(seen.length);
    if (answer === null) return false;
    try {
      await client.call(routes.validatePassword, { body: { password: answer }, quiet: true });
      return true;
    } catch {
      return false;
    }
  };
  client.configure({ verifyIdentity });
  return { client, effects, opened };
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

describe('sudo mode', () => {
  it('opens the verification on a refusal with the header, then repeats the call once and answers its result', async () => {
    const { client, effects, opened } = setup();
    await expect(client.call(routes.resetAccountPassword, { body: { id: 7 } })).resolves.toEqual({
      password: 'New#Pass2026',
    });
    expect(opened).toEqual([1]);
    expect(seen).toEqual(['PUT /api/account/reset', 'POST /api/auth/password/validate', 'PUT /api/account/reset']);
    // The refusal that the verification lifted is not told.
    expect(effects).toEqual([]);
  });

  it('closing the dialog rejects with the original refusal and toasts its message; nothing is repeated', async () => {
    const { client, effects, opened } = setup(null);
    const error = await failure(client.call(routes.deleteRole, { query: { id: 3 } }));
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, message: SUDO_MSG, verificationRequired: true });
    expect(opened).toHaveLength(1);
    expect(seen).toEqual(['DELETE /api/role']);
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: SUDO_MSG }]);
  });

  it('a failed verification counts as giving up', async () => {
    const { client, effects } = setup('Wrong#2026');
    const error = await failure(client.call(routes.deleteRole, { query: { id: 3 } }));
    expect(error.message).toBe(SUDO_MSG);
    expect(seen).toEqual(['DELETE /api/role', 'POST /api/auth/password/validate']);
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: SUDO_MSG }]);
  });

  it('repeats only once: a second refusal is reported without another dialog', async () => {
    refuseAlways = true;
    const { client, effects, opened } = setup();
    const error = await failure(client.call(routes.deleteRole, { query: { id: 3 } }));
    expect(error.message).toBe(SUDO_MSG);
    expect(opened).toHaveLength(1);
    expect(seen).toEqual(['DELETE /api/role', 'POST /api/auth/password/validate', 'DELETE /api/role']);
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: SUDO_MSG }]);
  });

  it('calls refused together share one verification, and each is repeated', async () => {
    const { client, effects, opened } = setup();
    const [reset, removed] = await Promise.all([
      client.call(routes.resetAccountPassword, { body: { id: 7 } }),
      client.call(routes.deleteRole, { query: { id: 3 } }),
    ]);
    expect(reset).toEqual({ password: 'New#Pass2026' });
    expect(removed).toBeNull();
    expect(opened).toHaveLength(1);
    expect(seen.filter((call) => call === 'POST /api/auth/password/validate')).toHaveLength(1);
    expect(seen.filter((call) => call !== 'POST /api/auth/password/validate').sort()).toEqual([
      'DELETE /api/role',
      'DELETE /api/role',
      'PUT /api/account/reset',
      'PUT /api/account/reset',
    ]);
    expect(effects).toEqual([]);
  });

  it('a 400 without the header is an ordinary refusal: no verification', async () => {
    const { client, effects, opened } = setup();
    const error = await failure(client.call(routes.deleteOrg, { query: { id: 2 } }));
    expect(error.message).toBe('该组织下还有账号，不能删除');
    expect(error.verificationRequired).toBe(false);
    expect(opened).toEqual([]);
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: '该组织下还有账号，不能删除' }]);
  });

  it('without a verifier (or after uninstalling it) the refusal is reported like any 400', async () => {
    const { client, effects, opened } = setup();
    client.configure({ verifyIdentity: null });
    const error = await failure(client.call(routes.deleteRole, { query: { id: 3 } }));
    expect(error.message).toBe(SUDO_MSG);
    expect(opened).toEqual([]);
    expect(seen).toEqual(['DELETE /api/role']);
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: SUDO_MSG }]);
  });

  it('a quiet call still verifies, and on giving up rejects without a toast', async () => {
    const { client, effects, opened } = setup(null);
    const error = await failure(client.call(routes.deleteRole, { query: { id: 3 }, quiet: true }));
    expect(error.message).toBe(SUDO_MSG);
    expect(opened).toHaveLength(1);
    expect(effects).toEqual([]);
  });

  it('a file download (an export) verifies and is fetched again', async () => {
    const { client, effects, opened } = setup();
    const file = await client.download(routes.exportAudit, { query: {} });
    expect(file.fileName).toBe('audit.csv');
    expect(await file.blob.text()).toBe('时间,操作人\r\n');
    expect(opened).toHaveLength(1);
    expect(seen).toEqual(['GET /api/audit/export', 'POST /api/auth/password/validate', 'GET /api/audit/export']);
    expect(effects).toEqual([]);
  });

  it('a file download the user gives up on rejects with the server message read from the bytes', async () => {
    const { client, effects } = setup(null);
    const error = await failure(client.download(routes.exportAudit, { query: {} }));
    expect(error).toMatchObject({ kind: 'bad-request', message: SUDO_MSG });
    expect(effects).toEqual([{ type: 'notify', level: 'error', message: SUDO_MSG }]);
  });
});
