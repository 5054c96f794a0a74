import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../apps/server/src/modules/files/testing/s3-server.js';
import { type Nginx, startNginx } from './nginx.js';
import {
  ADMIN_PASSWORD,
  createPgDatabase,
  removeDataDir,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
} from './support.js';

/**
 * Two server processes with nothing in common but one PostgreSQL database and one S3 bucket (each its own DATA_DIR,
 * nothing on a shared disk), behind Debian's nginx with TRUST_PROXY: what one does, the other knows; and one killed
 * mid-traffic fails only the requests it was serving. The README's "Running several instances" section gives the same
 * nginx configuration (nginx.ts `proxyConfig`).
 */

interface Answer {
  status: number;
  body: { code: number; msg: string; data?: unknown };
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One HTTP call from a chosen loopback source address (127.0.0.2, …: Linux routes all of 127/8 to the loopback),
 * so the proxy sees distinct clients on one machine.
 */
function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; from?: string; headers?: Record<string, string>; raw?: Buffer } = {},
): Promise<Answer> {
  const url = new URL(path.startsWith('/api/') ? path : `/api${path}`, base);
  const payload =
    options.raw ?? (options.body !== undefined ? Buffer.from(JSON.stringify(options.body), 'utf8') : undefined);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(options.token ? { authorization: options.token } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(payload ? { 'content-length': String(payload.length) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let body: Answer['body'];
          try {
            body = JSON.parse(raw.toString('utf8')) as Answer['body'];
          } catch {
            body = { code: res.statusCode ?? 0, msg: raw.toString('utf8').slice(0, 200) };
          }
          resolve({ status: res.statusCode ?? 0, body, raw, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The newest outbox line to `to` in either instance's DATA_DIR (whichever background sender took the message). */
function codeFor(servers: readonly ServerProcess[], to: string): string | undefined {
  const lines = servers.flatMap((server) => {
    const file = join(server.dataDir, 'outbox.jsonl');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; code: string; at: string });
  });
  return lines
    .filter((line) => line.to === to)
    .sort((x, y) => x.at.localeCompare(y.at))
    .at(-1)?.code;
}

/** A hang guard, not a speed limit: a background sender writes a code a moment after the answer. */
async function waitForCode(servers: readonly ServerProcess[], to: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const code = codeFor(servers, to);
    if (code) return code;
    await sleep(50);
  }
  throw new Error(`no code for ${to} in either outbox`);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('two instances sharing only PostgreSQL and an S3 bucket, behind nginx', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: Nginx;
  let admin: string;

  beforeAll(async () => {
    database = await createPgDatabase();
    s3 = await startS3Server();
    const env = {
      DATABASE_URL: database.url,
      ...s3.env,
      // nginx connects from 127.0.0.1: its X-Forwarded-For is believed, a client's own is not.
      TRUST_PROXY: '127.0.0.1',
      CAPTCHA_TEST_MODE: '1',
      VERIFY_CAPTCHAS_PER_CLIENT_MINUTE: '4',
      VERIFY_RESEND_SECONDS: '0',
      LOGIN_REFUSAL_DELAY_MS: '0',
    };
    // Started at the same moment, each with its own fresh DATA_DIR (support.ts makes one per process).
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    expect(a.dataDir).not.toBe(b.dataDir);
    proxy = await startNginx([a.port, b.port]);
    const signedIn = await call(a.baseUrl, 'POST', '/login', { body: { account: 'admin', password: ADMIN_PASSWORD } });
    expect(signedIn.status, signedIn.body.msg).toBe(200);
    admin = signedIn.body.data as string;
  });

  afterAll(async () => {
    await proxy?.stop();
    for (const server of [a, b]) {
      if (server) {
        await stopServer(server);
        removeDataDir(server.dataDir);
      }
    }
    await s3?.stop();
    await database?.drop();
  });

  it('a session made on A is used on B, and signing out on B ends it on A', async () => {
    const token = (await call(a.baseUrl, 'POST', '/login', { body: { account: 'admin', password: ADMIN_PASSWORD } }))
      .body.data as string;
    const info = await call(b.baseUrl, 'GET', '/getAccountInfo', { token });
    expect(info.status, info.body.msg).toBe(200);
    expect((info.body.data as { accountNumber: string }).accountNumber).toBe('admin');
    expect((await call(b.baseUrl, 'POST', '/logout', { token })).status).toBe(200);
    const after = await call(a.baseUrl, 'GET', '/getAccountInfo', { token });
    expect(after.status).toBe(401);
  });

  it('a role narrowed through A takes effect on B at the next request, and widened again', async () => {
    const resources = (await call(a.baseUrl, 'GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
      route: string | null;
    }>;
    const ids = (...keys: string[]) =>
      keys.map((key) => {
        const found = resources.find((r) => r.route === key || `${r.method},${r.url}` === key);
        if (!found) throw new Error(`no resource ${key}`);
        return found.id;
      });
    const wide = ids('/user', '/user/Account', 'get,/account/s');
    const narrow = ids('/user', '/user/Account');
    const role = await call(a.baseUrl, 'POST', '/role', {
      token: admin,
      body: { name: '两实例读者', resources: wide },
    });
    expect(role.status, role.body.msg).toBe(200);
    const roleId = (role.body.data as { id: number }).id;
    const orgs = (await call(a.baseUrl, 'GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
    const created = await call(a.baseUrl, 'POST', '/account', {
      token: admin,
      body: {
        accountNumber: 'edge.reader',
        accountName: '两实例读者',
        password: 'Edge#Reader2026',
        state: 1,
        orgId: orgs[0]!.id,
        roleId,
      },
    });
    expect(created.status, created.body.msg).toBe(200);
    const reader = (
      await call(b.baseUrl, 'POST', '/login', { body: { account: 'edge.reader', password: 'Edge#Reader2026' } })
    ).body.data as string;
    expect((await call(b.baseUrl, 'GET', '/account/s?p=1&pageSize=10', { token: reader })).status).toBe(200);

    const narrowed = await call(a.baseUrl, 'PUT', '/role', {
      token: admin,
      body: { id: roleId, name: '两实例读者', resources: narrow },
    });
    expect(narrowed.status, narrowed.body.msg).toBe(200);
    expect((await call(b.baseUrl, 'GET', '/account/s?p=1&pageSize=10', { token: reader })).status).toBe(403);

    const widened = await call(b.baseUrl, 'PUT', '/role', {
      token: admin,
      body: { id: roleId, name: '两实例读者', resources: wide },
    });
    expect(widened.status, widened.body.msg).toBe(200);
    expect((await call(a.baseUrl, 'GET', '/account/s?p=1&pageSize=10', { token: reader })).status).toBe(200);
  });

  it('a captcha made on A is answered on B, and an SMS code sent through A is checked on B', async () => {
    const from = '127.0.0.9';
    const captcha = (await call(a.baseUrl, 'GET', '/captcha/image', { from })).body.data as { id: string };
    const answer = await waitForCode([a, b], captcha.id);
    const solved = await call(b.baseUrl, 'GET', `/captcha/image/validate?id=${captcha.id}&userInput=${answer}`, {
      from,
    });
    expect(solved.status, solved.body.msg).toBe(200);
    const sent = await call(a.baseUrl, 'POST', '/captcha/sms/register', {
      from,
      body: { mobile: '13900000088', captcha: solved.body.data },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as { id: string };
    const code = await waitForCode([a, b], '13900000088');
    const checked = await call(b.baseUrl, 'GET', `/captcha/sms/validate?id=${id}&userInput=${code}`, { from });
    expect(checked.status, checked.body.msg).toBe(200);
    // Used up on B: A refuses it too.
    const again = await call(a.baseUrl, 'GET', `/captcha/sms/validate?id=${id}&userInput=${code}`, { from });
    expect(again.status).toBe(400);
  });

  it('counts a client’s rate limit over both instances, and tells clients apart through nginx (TRUST_PROXY)', async () => {
    // Directly, in turn B then A, from one address: four a minute in all (VERIFY_CAPTCHAS_PER_CLIENT_MINUTE=4).
    const direct: number[] = [];
    for (let i = 0; i < 6; i++) {
      direct.push((await call(i % 2 ? a.baseUrl : b.baseUrl, 'GET', '/captcha/image', { from: '127.0.0.5' })).status);
    }
    expect(direct).toEqual([200, 200, 200, 200, 429, 429]);

    // Through nginx: 127.0.0.2 spends its four (nginx spreads them over A and B), 127.0.0.3 is a client of its own.
    const viaProxy: number[] = [];
    for (let i = 0; i < 6; i++) {
      viaProxy.push((await call(proxy.baseUrl, 'GET', '/captcha/image', { from: '127.0.0.2' })).status);
    }
    expect(viaProxy).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await call(proxy.baseUrl, 'GET', '/captcha/image', { from: '127.0.0.3' })).status).toBe(200);
    // A client cannot pick its address with a header of its own: it comes before nginx's entry and is not believed.
    const forged = await call(proxy.baseUrl, 'GET', '/captcha/image', {
      from: '127.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(forged.status).toBe(429);

    // The sign-in log names the client nginx saw, whichever instance served the sign-in.
    const signIn = await call(proxy.baseUrl, 'POST', '/login', {
      from: '127.0.0.4',
      body: { account: 'admin', password: ADMIN_PASSWORD },
    });
    expect(signIn.status, signIn.body.msg).toBe(200);
    const log = await call(a.baseUrl, 'GET', '/signin-log/s?p=1&pageSize=5&ip=127.0.0.4', { token: admin });
    expect(log.status, log.body.msg).toBe(200);
    const rows = (log.body.data as { list: Array<{ ip: string; account: string }> }).list;
    expect(rows.map((row) => row.ip)).toContain('127.0.0.4');
  });

  it('a file uploaded through A is read through B from the bucket, whole and by range; neither keeps it on disk', async () => {
    const boundary = 'gatehouse-two-instances';
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await call(a.baseUrl, 'POST', '/file/upload', {
      token: admin,
      raw: form,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.status, uploaded.body.msg).toBe(200);
    const { url } = uploaded.body.data as { url: string };

    const whole = await call(b.baseUrl, 'GET', url);
    expect(whole.status).toBe(200);
    expect(whole.raw.equals(PNG)).toBe(true);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');

    const part = await call(proxy.baseUrl, 'GET', url, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${PNG.length}`);
    expect(part.raw.equals(PNG.subarray(8, 16))).toBe(true);

    for (const server of [a, b]) {
      const files = join(server.dataDir, 'files');
      expect(existsSync(files) ? readdirSync(files) : []).toEqual([]);
    }
  });

  it('one instance killed mid-traffic: only the requests it was serving fail, nginx sends the rest to the other', async () => {
    const LANES = 8;
    const TOTAL = 480;
    const KILL_AFTER = 160;
    let started = 0;
    let finished = 0;
    let inFlight = 0;
    let killedAt: number | undefined;
    let inFlightAtKill = 0;
    const outcomes: Array<{ startedAt: number; status: number | string }> = [];

    const lane = async (laneNo: number) => {
      for (;;) {
        const startedAt = started++;
        if (startedAt >= TOTAL) return;
        inFlight++;
        let status: number | string;
        try {
          const res =
            startedAt % 3 === 0
              ? await call(proxy.baseUrl, 'PUT', `/preferences/traffic.lane${laneNo}`, {
                  token: admin,
                  body: { step: startedAt },
                })
              : await call(proxy.baseUrl, 'GET', '/account/s?p=1&pageSize=10', { token: admin });
          status = res.status;
        } catch (error) {
          status = (error as Error).message;
        }
        inFlight--;
        outcomes.push({ startedAt, status });
        finished++;
        if (finished === KILL_AFTER && killedAt === undefined) {
          killedAt = started;
          inFlightAtKill = inFlight;
          b.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i)));
    await b.exited;

    expect(killedAt).toBeDefined();
    const failed = outcomes.filter((outcome) => outcome.status !== 200);
    process.stderr.write(
      `instances: ${TOTAL} requests over ${LANES} lanes, B killed after ${KILL_AFTER} with ${inFlightAtKill} in flight: ${failed.length} failed (${failed.map((f) => f.status).join(', ') || 'none'})\n`,
    );
    // Everything asked after the kill was served (by A); what failed was in flight when B died, at most the lanes.
    expect(failed.filter((outcome) => outcome.startedAt >= killedAt!)).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(inFlightAtKill);
    expect(outcomes).toHaveLength(TOTAL);
    expect(proxy.errorLog()).toMatch(/connect\(\) failed|upstream prematurely closed|reset by peer/);
  });
});
