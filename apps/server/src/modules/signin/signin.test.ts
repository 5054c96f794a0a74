import { type DataScopeKind, resourceKey, routes } from '@gatehouse/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_PASSWORD,
  lanes,
  openTestDatabase,
  proven,
  startTestApp,
  type TestApp,
  testConfig,
} from '../../../test/harness.js';
import type { SignInLimits } from '../../config.js';
import { passwordWork } from '../../platform/passwords.js';
import { lockSeconds } from './signin.policy.js';
import { createSignInRepository } from './signin.repository.js';

const PASSWORD = 'Tq7!mzP2vw';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Entry {
  account: string;
  accountId: number | null;
  outcome: string;
  reason: string;
  method: string;
  ip: string;
  userAgent: string | null;
  at: number;
  repeats?: number;
  lastAt?: number | null;
}
interface LogPage {
  list: Entry[];
  totalCount: number;
  totalPage: number;
}

const limits = (over: Partial<SignInLimits>): SignInLimits => ({ ...testConfig().signIn, ...over });

describe('sign-in policy numbers', () => {
  it('locks after 10 failures for 1 minute, doubling per further failure, at most 15 minutes', () => {
    const l = limits({});
    expect([9, 10, 11, 12, 13, 14, 15, 40].map((n) => lockSeconds(n, l))).toEqual([
      0, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('offers no route that writes, edits or deletes the sign-in log', () => {
    const logRoutes = Object.values(routes).filter((r) => r.path.startsWith('/signin-log'));
    expect(logRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /signin-log/export',
      'GET /signin-log/s',
    ]);
  });
});

describe.each(lanes)('sign-in defences on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;

  const login = (account: string, password: string, options: { ip?: string; captcha?: string } = {}) =>
    t.call('POST', '/login', {
      body: { account, password, ...(options.captcha ? { captcha: options.captcha } : {}) },
      ip: options.ip,
    });
  const captchaToken = async () => {
    const { id } = (await t.call('GET', '/captcha/image')).body.data as { id: string };
    return (await t.call('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) } })).body
      .data as string;
  };
  async function account(state = 1) {
    const accountNumber = `s${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: '登录测试', password: PASSWORD, orgId: rootOrg, state },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { accountNumber, id: (res.body.data as { id: number }).id };
  }
  const log = async (query: Record<string, string | number>) => {
    const res = await t.call('GET', '/signin-log/s', { token: admin, query: { p: 1, pageSize: 100, ...query } });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as LogPage;
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a captcha after 3 failures of one account (LOGIN_CAPTCHA=off), and forgets them on success', async () => {
    const { accountNumber } = await account();
    const state = async (name: string) =>
      ((await t.call('GET', '/login/captcha', { query: { account: name } })).body.data as { required: boolean })
        .required;
    expect(await state(accountNumber)).toBe(false);
    for (let i = 0; i < 3; i++) expect((await login(accountNumber, 'wrong-pass-1')).status).toBe(400);
    expect(await state(accountNumber)).toBe(true);
    // Another account number, known or not, is not affected.
    expect(await state('admin')).toBe(false);

    const without = await login(accountNumber, PASSWORD);
    expect(without.status).toBe(400);
    expect(without.body.msg).toBe('登录失败次数较多，请输入图形验证码');
    const forged = await login(accountNumber, PASSWORD, { captcha: 'not-a-token' });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('验证凭证无效或已过期，请重新验证身份');
    const ok = await login(accountNumber, PASSWORD, { captcha: await captchaToken() });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(await state(accountNumber)).toBe(false);

    const reasons = (await log({ account: accountNumber })).list.map((e) => e.reason);
    expect(reasons).toEqual([
      'ok',
      'captcha_wrong',
      'captcha_required',
      'bad_credentials',
      'bad_credentials',
      'bad_credentials',
    ]);
  });

  it('reads the failure streak once per password sign-in and counts the attempt before the check in one write', async () => {
    const database = await openTestDatabase(lane);
    const statements: string[] = [];
    // Records the SQL of every statement the server runs; nothing is changed.
    const recording: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        statements.push(database.db.getExecutor().compileQuery(node, queryId).sql);
        return node;
      },
      async transformResult({ result }) {
        return result;
      },
    };
    const traced = await startTestApp(lane, {}, { ...database, db: database.db.withPlugin(recording) });
    try {
      const signIn = async (password: string) => {
        statements.length = 0;
        const res = await traced.call('POST', '/login', { body: { account: 'admin', password } });
        const count = (pattern: RegExp) => statements.filter((text) => pattern.test(text)).length;
        return {
          status: res.status,
          guardReads: count(/^select .* from "signin_guard"/),
          guardWrites: count(/^insert into "signin_guard"/),
          guardDeletes: count(/^delete from "signin_guard"/),
        };
      };
      // The attempt is counted (and locked, when its count calls for it) before the check, in one upsert; a success
      // deletes the streak, its own count included; a failure adds to the account number's own (the captcha's).
      expect(await signIn(ADMIN_PASSWORD)).toEqual({ status: 200, guardReads: 1, guardWrites: 1, guardDeletes: 1 });
      expect(await signIn('wrong-pass-1')).toEqual({ status: 400, guardReads: 1, guardWrites: 2, guardDeletes: 0 });
      expect(await signIn(ADMIN_PASSWORD)).toEqual({ status: 200, guardReads: 1, guardWrites: 1, guardDeletes: 1 });
    } finally {
      await traced.close();
      await database.dispose();
    }
  });

  it('answers unknown and wrong alike after exactly one argon2 verification each, a disabled account too', async () => {
    const { accountNumber: disabled } = await account(0);
    const before = passwordWork.verifies;
    const answers = [];
    for (const [name, password] of [
      ['admin', 'nope-nope-1'],
      ['nobody-here', ADMIN_PASSWORD],
      [disabled, PASSWORD],
    ] as const) {
      const start = passwordWork.verifies;
      const res = await login(name, password);
      answers.push({ status: res.status, msg: res.body.msg, verifies: passwordWork.verifies - start });
    }
    expect(answers).toEqual([
      { status: 400, msg: '账号或密码错误', verifies: 1 },
      { status: 400, msg: '账号或密码错误', verifies: 1 },
      // The right password of a disabled account is told why (see below: a wrong one is not).
      { status: 400, msg: '账号已禁用', verifies: 1 },
    ]);
    expect(passwordWork.verifies - before).toBe(3);
    // The log tells the administrator what really happened.
    const reasons = new Map((await log({ outcome: 'failure' })).list.map((e) => [e.account, e.reason]));
    expect(reasons.get('nobody-here')).toBe('unknown_account');
    expect(reasons.get(disabled)).toBe('disabled');
  });

  it('tells a disabled or pending account why only when the password was right (no state oracle)', async () => {
    const { accountNumber: disabled } = await account(0);
    const { accountNumber: pending, id: pendingId } = await account(0);
    await t.database.db.updateTable('account').set({ pending_approval: 1 }).where('id', '=', pendingId).execute();
    const answers = [];
    for (const [name, password] of [
      [disabled, 'nope-nope-1'],
      [disabled, PASSWORD],
      [pending, 'nope-nope-1'],
      [pending, PASSWORD],
    ] as const) {
      const res = await login(name, password);
      answers.push({ status: res.status, msg: res.body.msg });
    }
    expect(answers).toEqual([
      { status: 400, msg: '账号或密码错误' },
      { status: 400, msg: '账号已禁用' },
      { status: 400, msg: '账号或密码错误' },
      { status: 400, msg: '账号待审核，请等待管理员启用' },
    ]);
    const reasons = (await log({ account: disabled })).list.map((e) => e.reason);
    expect(reasons).toEqual(['disabled', 'bad_credentials']);
  });

  it('counts failures per client address per day, whatever the account', async () => {
    const other = await startTestApp(lane, { signIn: limits({ failuresPerClientDay: 5 }) });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      for (let i = 0; i < 5; i++) {
        const res = await other.call('POST', '/login', {
          body: { account: `guess${i}`, password: 'x-wrong-1' },
          ip: '198.51.100.7',
        });
        expect(res.status).toBe(400);
      }
      const capped = await other.call('POST', '/login', {
        body: { account: 'admin', password: ADMIN_PASSWORD },
        ip: '198.51.100.7',
      });
      expect(capped.status).toBe(429);
      expect(capped.body.msg).toBe('当前网络今日登录失败次数过多，请明天再试');
      const elsewhere = await other.call('POST', '/login', {
        body: { account: 'admin', password: ADMIN_PASSWORD },
        ip: '198.51.100.8',
      });
      expect(elsewhere.status).toBe(200);
      vi.setSystemTime(Date.now() + 86_400_000 + 1000);
      const tomorrow = await other.call('POST', '/login', {
        body: { account: 'admin', password: ADMIN_PASSWORD },
        ip: '198.51.100.7',
      });
      expect(tomorrow.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('locks an account after 10 failures with a growing back-off, the same for unknown accounts, then lets it in', async () => {
    const other = await startTestApp(lane, { signIn: limits({ captchaAfter: 1000 }) });
    try {
      const token = await other.login();
      const created = await other.call('POST', '/account', {
        token,
        body: { accountNumber: 'lock.me', accountName: '锁定测试', password: PASSWORD, orgId: rootOrg, state: 1 },
      });
      expect(created.status, created.body.msg).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      const attempt = (name: string, password: string, ip = '203.0.113.5') =>
        other.call('POST', '/login', { body: { account: name, password }, ip });
      for (let i = 0; i < 10; i++) {
        expect((await attempt('lock.me', 'wrong-pass-1')).status).toBe(400);
        expect((await attempt('ghost.account', 'wrong-pass-1')).status).toBe(400);
      }
      const before = passwordWork.verifies;
      const locked = await attempt('lock.me', PASSWORD);
      const ghost = await attempt('ghost.account', PASSWORD);
      expect(passwordWork.verifies - before).toBe(0);
      expect(locked.status).toBe(429);
      expect(locked.body.msg).toBe('登录失败次数过多，账号已临时锁定，请 1 分钟后再试');
      expect({ status: ghost.status, msg: ghost.body.msg }).toEqual({ status: 429, msg: locked.body.msg });

      // After the minute: one more failure locks it for 2 minutes.
      vi.setSystemTime(Date.now() + 61_000);
      expect((await attempt('lock.me', 'wrong-pass-1')).status).toBe(400);
      const longer = await attempt('lock.me', PASSWORD);
      expect(longer.body.msg).toBe('登录失败次数过多，账号已临时锁定，请 2 分钟后再试');
      vi.setSystemTime(Date.now() + 60_000);
      expect((await attempt('lock.me', PASSWORD)).body.msg).toBe('登录失败次数过多，账号已临时锁定，请 1 分钟后再试');

      // Once the lock has run out the right password gets in, and the streak starts again.
      vi.setSystemTime(Date.now() + 61_000);
      expect((await attempt('lock.me', PASSWORD)).status).toBe(200);
      expect((await attempt('lock.me', 'wrong-pass-1')).status).toBe(400);
      expect((await attempt('lock.me', PASSWORD)).status).toBe(200);

      const entries = (
        await other.call('GET', '/signin-log/s', {
          token,
          query: { p: 1, pageSize: 100, account: 'lock.me', outcome: 'failure' },
        })
      ).body.data as LogPage;
      expect(entries.list.filter((e) => e.reason === 'locked')).toHaveLength(3);
    } finally {
      await other.close();
    }
  });

  it('answers refusals that need no password check only after the refusal delay (a tarpit for floods)', async () => {
    const other = await startTestApp(lane, {
      signIn: limits({ captchaAfter: 2, lockAfter: 4, refusalDelayMs: 400 }),
    });
    try {
      // The delay is a setTimeout: with timers faked, the clock moves only when the test moves it.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const attempt = (password: string) =>
        other.call('POST', '/login', { body: { account: 'tarpit.ghost', password }, ip: '198.51.100.7' });
      // Two wrong passwords: each is an argon2 check, answered while the faked clock stands still (no delay).
      expect((await attempt('wrong-pass-1')).status).toBe(400);
      expect((await attempt('wrong-pass-1')).status).toBe(400);
      // Now a captcha is required: refused without a check, and answered only once the delay has passed.
      let answered = false;
      const refused = attempt('wrong-pass-1').then((res) => {
        answered = true;
        return res;
      });
      // The refusal is logged before the delay starts: wait (on real I/O) for its row.
      const logged = () =>
        other.database.db
          .selectFrom('signin_log')
          .select('id')
          .where('account', '=', 'tarpit.ghost')
          .where('reason', '=', 'captcha_required')
          .execute();
      while ((await logged()).length === 0) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(399);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const res = await refused;
      expect(res.body.msg).toBe('登录失败次数较多，请输入图形验证码');
    } finally {
      vi.useRealTimers();
      await other.close();
    }
  });

  it('shares the failure count between two server processes on one database, even when attempts race', async () => {
    const first = await startTestApp(lane, { signIn: limits({ captchaAfter: 1000 }) });
    const second = await startTestApp(lane, { signIn: limits({ captchaAfter: 1000 }) }, first.database);
    try {
      // Ten failures at once from one address, alternating between the processes: none may be lost.
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? second : first).call('POST', '/login', {
            body: { account: 'admin', password: `race-${i}-x` },
            ip: '10.20.0.1',
          }),
        ),
      );
      expect(failures.map((f) => f.status)).toEqual(Array(10).fill(400));
      for (const app of [first, second]) {
        const res = await app.call('POST', '/login', {
          body: { account: 'admin', password: ADMIN_PASSWORD },
          ip: '10.20.0.1',
        });
        expect(res.status).toBe(429);
        expect(res.body.msg).toBe('登录失败次数过多，账号已临时锁定，请 1 分钟后再试');
      }
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('checks at most LOGIN_LOCK_AFTER of 200 wrong passwords sent at once from one address: the rest are locked or busy', async () => {
    // The lock is counted and set in one statement before the check (M-2): read first, then counted after
    // the check, every attempt of a burst read "not locked" and was checked.
    const racing = await startTestApp(lane, { signIn: limits({ captchaAfter: 1000 }) });
    try {
      const token = await racing.login();
      const org = ((await racing.call('GET', '/orgs', { token })).body.data as Array<{ id: number }>)[0]!.id;
      const accountNumber = 'race.lock';
      const created = await racing.call('POST', '/account', {
        token,
        body: { accountNumber, accountName: '并发测试', password: PASSWORD, orgId: org, state: 1 },
      });
      expect(created.status, created.body.msg).toBe(200);
      const before = passwordWork.verifies;
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          racing.call('POST', '/login', {
            body: { account: accountNumber, password: `wrong-${i}-x` },
            ip: '10.31.2.1',
          }),
        ),
      );
      const wrong = answers.filter((a) => a.status === 400);
      expect(wrong.every((a) => a.body.msg === '账号或密码错误')).toBe(true);
      expect(wrong.length).toBeLessThanOrEqual(10);
      expect(answers.filter((a) => a.status !== 400).every((a) => a.status === 429)).toBe(true);
      expect(passwordWork.verifies - before).toBeLessThanOrEqual(10);
      // The right password from that address is locked out too; from another address it signs in.
      const locked = await racing.call('POST', '/login', {
        body: { account: accountNumber, password: PASSWORD },
        ip: '10.31.2.1',
      });
      expect(locked.status).toBe(429);
      expect(
        (await racing.call('POST', '/login', { body: { account: accountNumber, password: PASSWORD }, ip: '10.31.2.2' }))
          .status,
      ).toBe(200);
    } finally {
      await racing.close();
    }
  });

  // The cap is LOGIN_CHECKS_PER_ACCOUNT_HOUR (100 by default, config.test.ts); 5 here, so the botnet's guesses cost
  // 10 argon2 checks rather than 200 (the count, not the machine's speed, is what is tested).
  it('allows at most LOGIN_CHECKS_PER_ACCOUNT_HOUR failed password checks of one account an hour from rotating addresses; its own addresses still get in', async () => {
    const CAP = 5;
    const other = await startTestApp(lane, { signIn: limits({ captchaAfter: 1000, checksPerAccountHour: CAP }) });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const signIn = (password: string, ip: string, account = 'admin') =>
        other.call('POST', '/login', { body: { account, password }, ip });
      // The owner signed in from the office yesterday.
      expect((await signIn(ADMIN_PASSWORD, '192.0.2.10')).status).toBe(200);
      vi.setSystemTime(Date.now() + 86_400_000);
      // A botnet: one guess per address, so no address's streak ever locks.
      for (let i = 0; i < CAP; i++) {
        expect((await signIn(`wrong-${i}`, `10.${i % 7}.${i}.${(i * 13) % 250}`)).status).toBe(400);
        expect((await signIn(`wrong-${i}`, `10.${i % 7}.${i}.${(i * 13) % 250}`, 'ghost.admin')).status).toBe(400);
      }
      // The next guess, from a fresh address, is refused without a password check, for a known or unknown number.
      const verifies = passwordWork.verifies;
      const refused = await signIn(ADMIN_PASSWORD, '192.0.2.200');
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toBe('该账号登录尝试过于频繁，请 1 小时后再试');
      const ghost = await signIn('wrong-x', '192.0.2.200', 'ghost.admin');
      expect({ status: ghost.status, msg: ghost.body.msg }).toEqual({ status: 429, msg: refused.body.msg });
      expect(passwordWork.verifies - verifies).toBe(0);
      // The owner, at the address the account was signed in from, is not kept out by the cap the botnet holds.
      expect((await signIn(ADMIN_PASSWORD, '192.0.2.10')).status).toBe(200);
      // That success does not reopen the cap for everybody else.
      expect((await signIn(ADMIN_PASSWORD, '192.0.2.201')).status).toBe(429);

      vi.setSystemTime(Date.now() + 3_601_000);
      expect((await signIn(ADMIN_PASSWORD, '192.0.2.200')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('locks the address that failed, not the account: its owner gets in from another address meanwhile', async () => {
    const other = await startTestApp(lane, { signIn: limits({ captchaAfter: 1000 }) });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const attempt = (password: string, ip: string) =>
        other.call('POST', '/login', { body: { account: 'admin', password }, ip });
      for (let i = 0; i < 10; i++) expect((await attempt('wrong-pass-1', '198.51.100.66')).status).toBe(400);
      const locked = await attempt(ADMIN_PASSWORD, '198.51.100.66');
      expect(locked.status).toBe(429);
      expect(locked.body.msg).toBe('登录失败次数过多，账号已临时锁定，请 1 分钟后再试');
      // The owner, elsewhere, with the right password: in, and the lock of the attacker's address stays.
      expect((await attempt(ADMIN_PASSWORD, '198.51.100.77')).status).toBe(200);
      expect((await attempt(ADMIN_PASSWORD, '198.51.100.66')).status).toBe(429);
      // Failing on from the locked address keeps only that address out, longer each time.
      vi.setSystemTime(Date.now() + 61_000);
      expect((await attempt('wrong-pass-1', '198.51.100.66')).status).toBe(400);
      expect((await attempt(ADMIN_PASSWORD, '198.51.100.66')).body.msg).toBe(
        '登录失败次数过多，账号已临时锁定，请 2 分钟后再试',
      );
      expect((await attempt(ADMIN_PASSWORD, '198.51.100.77')).status).toBe(200);
      vi.setSystemTime(Date.now() + 121_000);
      expect((await attempt(ADMIN_PASSWORD, '198.51.100.66')).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  describe('password checks of a signed-in account (POST /auth/password/validate)', () => {
    async function appWithAccount(over: Partial<SignInLimits>, accountNumber: string, ip: string) {
      const app = await startTestApp(lane, { signIn: limits(over) });
      const adminToken = await app.login();
      const created = await app.call('POST', '/account', {
        token: adminToken,
        body: { accountNumber, accountName: '校验测试', password: PASSWORD, orgId: rootOrg, state: 1 },
      });
      expect(created.status, created.body.msg).toBe(200);
      const signedIn = await app.call('POST', '/login', { body: { account: accountNumber, password: PASSWORD }, ip });
      expect(signedIn.status, signedIn.body.msg).toBe(200);
      const token = signedIn.body.data as string;
      const check = (password: string, from = ip) =>
        app.call('POST', '/auth/password/validate', { token, body: { password }, ip: from });
      const signIn = (password: string, from: string, captcha?: string) =>
        app.call('POST', '/login', {
          body: { account: accountNumber, password, ...(captcha ? { captcha } : {}) },
          ip: from,
        });
      return { app, adminToken, check, signIn };
    }

    it('counts wrong checks toward the captcha and the lock of that address, and logs them as password checks', async () => {
      const { app, adminToken, check, signIn } = await appWithAccount({}, 'check.me', '203.0.113.20');
      try {
        for (let i = 0; i < 3; i++) {
          const wrong = await check(`wrong-pass-${i}`);
          expect({ status: wrong.status, msg: wrong.body.msg }).toEqual({ status: 400, msg: '密码错误' });
        }
        const state = await app.call('GET', '/login/captcha', { query: { account: 'check.me' } });
        expect(state.body.data).toEqual({ required: true });
        for (let i = 3; i < 10; i++) expect((await check(`wrong-pass-${i}`)).status).toBe(400);
        const verifies = passwordWork.verifies;
        const locked = await check(PASSWORD);
        expect({ status: locked.status, msg: locked.body.msg }).toEqual({
          status: 429,
          msg: '登录失败次数过多，账号已临时锁定，请 1 分钟后再试',
        });
        const lockedSignIn = await signIn(PASSWORD, '203.0.113.20');
        expect(lockedSignIn.body.msg).toBe(locked.body.msg);
        expect(passwordWork.verifies - verifies).toBe(0);
        // From another address the owner signs in (with the captcha the failures now ask for).
        const { id } = (await app.call('GET', '/captcha/image')).body.data as { id: string };
        const captcha = (
          await app.call('GET', '/captcha/image/validate', { query: { id, userInput: app.codeFor(id) } })
        ).body.data as string;
        expect((await signIn(PASSWORD, '203.0.113.21', captcha)).status).toBe(200);

        const entries = (
          await app.call('GET', '/signin-log/s', {
            token: adminToken,
            query: { p: 1, pageSize: 100, account: 'check.me', ip: '203.0.113.20', outcome: 'failure' },
          })
        ).body.data as LogPage;
        expect(entries.list.map((e) => [e.method, e.reason])).toEqual([
          ['password', 'locked'],
          ['password_check', 'locked'],
          ...Array(10).fill(['password_check', 'bad_credentials']),
        ]);
        expect(entries.list[1]).toMatchObject({ account: 'check.me', accountId: expect.any(Number) });
        const csv = await app.call('GET', '/signin-log/export', {
          token: adminToken,
          query: { account: 'check.me', ip: '203.0.113.20', outcome: 'failure' },
        });
        expect(String(csv.body.data).trim().split('\r\n')[2]).toMatch(
          /,check\.me,失败,账号临时锁定,203\.0\.113\.20,[^,]*,密码校验,身份验证$/,
        );
      } finally {
        await app.close();
      }
    });

    it('counts wrong checks toward the hourly cap: a session used from an address the account never signed in from is held to it', async () => {
      const { check, signIn, app } = await appWithAccount(
        { checksPerAccountHour: 3, captchaAfter: 1000 },
        'cap.me',
        '203.0.113.30',
      );
      try {
        for (let i = 0; i < 3; i++) expect((await check(`wrong-pass-${i}`, '198.51.100.99')).status).toBe(400);
        const capped = await check(PASSWORD, '198.51.100.99');
        expect({ status: capped.status, msg: capped.body.msg }).toEqual({
          status: 429,
          msg: '该账号登录尝试过于频繁，请 1 小时后再试',
        });
        expect((await signIn(PASSWORD, '198.51.100.100')).status).toBe(429);
        // The owner's own address still gets through, for a check and for a sign-in.
        const ok = await check(PASSWORD);
        expect(ok.status, ok.body.msg).toBe(200);
        expect((await signIn(PASSWORD, '203.0.113.30')).status).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('lets one account have one check in flight: its flood is refused at once, other accounts still sign in', async () => {
      const { app, adminToken, check } = await appWithAccount(
        { hashConcurrency: 1, hashQueue: 1 },
        'flood.me',
        '203.0.113.40',
      );
      try {
        const verifies = passwordWork.verifies;
        const refusedByQueue = passwordWork.refused;
        const flood = Array.from({ length: 8 }, () => check('wrong-pass-1'));
        const adminSignIn = app.call('POST', '/login', { body: { account: 'admin', password: ADMIN_PASSWORD } });
        const answers = await Promise.all(flood);
        const admin = await adminSignIn;
        expect(admin.status, admin.body.msg).toBe(200);
        const checked = answers.filter((a) => a.status === 400);
        const busy = answers.filter((a) => a.status === 429);
        expect(checked.length + busy.length).toBe(8);
        expect(busy.length).toBeGreaterThan(0);
        expect(new Set(busy.map((a) => a.body.msg))).toEqual(new Set(['系统繁忙，请稍后再试']));
        // The flood never held more than its one slot: the hashing queue refused nobody, and only the admitted
        // checks (and the administrator's sign-in) were verified.
        expect(passwordWork.refused - refusedByQueue).toBe(0);
        expect(passwordWork.verifies - verifies).toBe(checked.length + 1);
        const logged = (
          await app.call('GET', '/signin-log/s', {
            token: adminToken,
            query: { p: 1, pageSize: 50, account: 'flood.me', outcome: 'failure' },
          })
        ).body.data as LogPage;
        // Every refusal is counted: the fourth and later of one address and account are added to the third's row.
        const busyEntries = logged.list.filter((e) => e.reason === 'busy' && e.method === 'password_check');
        expect(busyEntries.reduce((n, e) => n + (e.repeats ?? 1), 0)).toBe(busy.length);
      } finally {
        await app.close();
      }
    });
  });

  it('refuses password work past the hashing queue with 429 while other routes answer', async () => {
    const other = await startTestApp(lane, { signIn: limits({ hashConcurrency: 1, hashQueue: 1 }) });
    try {
      const refusedBefore = passwordWork.refused;
      const attempts = Array.from({ length: 12 }, (_, i) =>
        other.call('POST', '/login', { body: { account: `flood${i}`, password: 'wrong-pass-1' }, ip: `10.9.9.${i}` }),
      );
      const health = await other.call('GET', '/health');
      expect(health.status).toBe(200);
      const answers = await Promise.all(attempts);
      const busy = answers.filter((a) => a.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      expect(new Set(busy.map((a) => a.body.msg))).toEqual(new Set(['系统繁忙，请稍后再试']));
      expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
      expect(passwordWork.refused - refusedBefore).toBe(busy.length);
      const token = await other.login();
      const logged = (
        await other.call('GET', '/signin-log/s', {
          token,
          query: { p: 1, pageSize: 50, account: 'flood' },
        })
      ).body.data as LogPage;
      expect(logged.list.filter((e) => e.reason === 'busy')).toHaveLength(busy.length);
    } finally {
      await other.close();
    }
  });

  it('logs each sign-in with address and browser; filters, pages and exports the log as CSV', async () => {
    const inject = (account: string, password: string, ip: string) =>
      t.app.fastify.inject({
        method: 'POST',
        url: '/api/login',
        payload: { account, password },
        remoteAddress: ip,
        headers: { 'user-agent': CHROME },
      });
    expect((await inject('admin', ADMIN_PASSWORD, '172.16.5.1')).statusCode).toBe(200);
    expect((await inject('=cmd|calc', 'wrong-pass-1', '172.16.5.2')).statusCode).toBe(400);

    const mine = await log({ ip: '172.16.5.' });
    expect(mine.totalCount).toBe(2);
    expect(mine.list[0]).toMatchObject({
      account: '=cmd|calc',
      accountId: null,
      outcome: 'failure',
      reason: 'unknown_account',
      method: 'password',
      ip: '172.16.5.2',
      userAgent: CHROME,
    });
    expect(mine.list[1]).toMatchObject({ account: 'admin', outcome: 'success', reason: 'ok', ip: '172.16.5.1' });
    expect((await log({ ip: '172.16.5.', outcome: 'success' })).list.map((e) => e.ip)).toEqual(['172.16.5.1']);
    const paged = await log({ ip: '172.16.5.', pageSize: 1, p: 2 });
    expect(paged).toMatchObject({ totalCount: 2, totalPage: 2, list: [{ ip: '172.16.5.1' }] });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await log({ ip: '172.16.5.', startTime: future })).totalCount).toBe(0);
    expect((await log({ ip: '172.16.5.', endTime: future })).totalCount).toBe(2);
    // Times answer as epoch milliseconds and filter as milliseconds or ISO 8601 (ADR 0029).
    expect(mine.list.every((e) => Number.isInteger(e.at) && e.at > Date.parse('2020-01-01T00:00:00Z'))).toBe(true);
    const futureMs = Date.now() + 3_600_000;
    expect((await log({ ip: '172.16.5.', startTime: futureMs })).totalCount).toBe(0);
    expect((await log({ ip: '172.16.5.', startTime: mine.list[1]!.at, endTime: futureMs })).totalCount).toBe(2);
    expect((await log({ ip: '172.16.5.', startTime: mine.list[0]!.at + 1 })).totalCount).toBe(0);
    const badTime = await t.call('GET', '/signin-log/s', {
      token: admin,
      query: { p: 1, pageSize: 10, endTime: 'tomorrow' },
    });
    expect(badTime.status).toBe(400);
    expect(badTime.body.msg).toBe('结束时间不是有效的日期时间');
    // % and _ typed into a filter are plain characters.
    expect((await log({ account: '%' })).totalCount).toBe(0);

    const csv = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/signin-log/export',
      query: { ip: '172.16.5.' },
      headers: { authorization: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="(signin-log-\d{8}T\d{6}\.csv)"; filename\*=UTF-8''\1$/,
    );
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
    expect(csv.headers['x-total-rows']).toBe('2');
    expect(csv.body.startsWith('\uFEFF时间,账号,结果,原因,IP,浏览器,方式,类型\r\n')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^[\d\-T:.Z]+,'=cmd\|calc,失败,账号不存在,172\.16\.5\.2,Chrome 140 · Windows,密码,登录$/);
    expect(lines[2]).toMatch(/,admin,成功,登录成功,172\.16\.5\.1,Chrome 140 · Windows,密码,登录$/);

    // Reading the log needs its permission; nobody can write it through the API.
    expect((await t.call('GET', '/signin-log/s', { query: { p: 1, pageSize: 10 } })).status).toBe(401);
    const del = await t.call('DELETE', '/signin-log/s', { token: admin });
    expect(del.status).toBe(404);
  });

  it('lists and exports only the entries of accounts within the caller’s data scope', async () => {
    const ip = '172.16.20.1';
    const org = async (name: string, pid: number) => {
      const res = await t.call('POST', '/org', { token: admin, body: { name, pid } });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const a = await org('登录-分公司A', rootOrg);
    const a1 = await org('登录-A1', a);
    const b = await org('登录-分公司B', rootOrg);
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
    }>;
    const held = [routes.listSigninLog, routes.exportSigninLog].map(
      (route) =>
        resources.find((r) => r.method && r.url && resourceKey(r.method, r.url) === resourceKey('GET', route.path))!.id,
    );
    const role = async (dataScope: DataScopeKind) => {
      const res = await t.call('POST', '/role', {
        token: admin,
        body: { name: `登录-${dataScope}`, resources: held, dataScope },
      });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const member = async (accountNumber: string, orgId: number, roleId: number | null = null) => {
      const body = { accountNumber, accountName: accountNumber, password: PASSWORD, orgId, roleId, state: 1 };
      const created = await t.call('POST', '/account', { token: admin, body });
      expect(created.status, created.body.msg).toBe(200);
      const res = await login(accountNumber, PASSWORD, { ip });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data as string;
    };
    await member('si.ds.a', a);
    await member('si.ds.a1', a1);
    await member('si.ds.b', b);
    const tree = await member('si.ds.tree', a, await role('orgTree'));
    const self = await member('si.ds.self', a, await role('self'));
    const all = await member('si.ds.all', b, await role('all'));
    expect((await login('si.ds.b', 'wrong-pass-1', { ip })).status).toBe(400);
    expect((await login('si.ds.nobody', 'wrong-pass-1', { ip })).status).toBe(400);

    const seen = async (token: string) => {
      const res = await t.call('GET', '/signin-log/s', { token, query: { p: 1, pageSize: 100, ip } });
      expect(res.status, res.body.msg).toBe(200);
      const { list, totalCount } = res.body.data as LogPage;
      expect(totalCount).toBe(list.length);
      return list.map((e) => `${e.account} ${e.reason}`).sort();
    };
    // 本组织及以下 in A: the sign-ins of A's and A1's accounts, not those of the sibling B nor of unknown numbers.
    expect(await seen(tree)).toEqual(['si.ds.a ok', 'si.ds.a1 ok', 'si.ds.self ok', 'si.ds.tree ok']);
    // 仅本人: its own.
    expect(await seen(self)).toEqual(['si.ds.self ok']);
    // 全部: every entry, the failures and the unknown account number too.
    const everything = [
      'si.ds.a ok',
      'si.ds.a1 ok',
      'si.ds.all ok',
      'si.ds.b bad_credentials',
      'si.ds.b ok',
      'si.ds.nobody unknown_account',
      'si.ds.self ok',
      'si.ds.tree ok',
    ];
    expect(await seen(all)).toEqual(everything);
    expect(await seen(admin)).toEqual(everything);

    const csv = async (token: string) => {
      const res = await t.app.fastify.inject({
        method: 'GET',
        url: '/api/signin-log/export',
        query: { ip },
        headers: { authorization: token },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const treeCsv = await csv(tree);
    expect(treeCsv).toContain('si.ds.a1');
    expect(treeCsv).not.toContain('si.ds.b');
    expect(treeCsv).not.toContain('si.ds.nobody');
    const selfCsv = await csv(self);
    expect(selfCsv).toContain('si.ds.self');
    expect(selfCsv).not.toContain('si.ds.tree');
    expect(await csv(all)).toContain('si.ds.nobody');
  });

  it('compiles the statements every sign-in runs once, and reads and writes through them', async () => {
    const repo = createSignInRepository(t.database.db);
    const compile = vi.spyOn(t.database.db.getExecutor(), 'compileQuery');
    const at = new Date().toISOString();
    const since = new Date(Date.now() - 60_000).toISOString();
    const round = async (account: string) => {
      await repo.insertLog({
        at,
        account,
        account_id: null,
        outcome: 'failure',
        reason: 'bad_credentials',
        method: 'password',
        kind: 'signin',
        ip: '10.9.8.7',
        user_agent: null,
      });
      return {
        byAccount: await repo.countByAccount(account, ['bad_credentials'], since, 100),
        byClient: await repo.countByClient('10.9.8.7', ['bad_credentials', 'disabled'], since, 100),
        guard: await repo.guardOf(account),
      };
    };
    try {
      expect(await round('prepared.one')).toEqual({ byAccount: 1, byClient: 1, guard: undefined });
      compile.mockClear();
      // Other values, the same statements: nothing is compiled again, and the answers follow the data.
      expect(await round('prepared.two')).toEqual({ byAccount: 1, byClient: 2, guard: undefined });
      expect(compile).not.toHaveBeenCalled();
      const ladder = { from: 10, until: [at, at] };
      expect(await repo.takeAttempt('prepared.one', '10.9.8.7', at, since, ladder)).toEqual({
        failures: 1,
        lockedUntil: null,
      });
      expect(await repo.addAccountFailure('prepared.one', at, since)).toBe(1);
      compile.mockClear();
      expect(await repo.takeAttempt('prepared.two', '10.9.8.7', at, since, ladder)).toEqual({
        failures: 1,
        lockedUntil: null,
      });
      expect(await repo.addAccountFailure('prepared.two', at, since)).toBe(1);
      expect((await repo.guardOf('prepared.two'))?.failures).toBe(1);
      expect((await repo.guardOf('prepared.two', '10.9.8.7'))?.failures).toBe(1);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it('signs in through statements compiled once: a second sign-in compiles none of its hot ones again', async () => {
    const compile = vi.spyOn(t.database.db.getExecutor(), 'compileQuery');
    const signIn = () => t.call('POST', '/login', { body: { account: 'admin', password: ADMIN_PASSWORD } });
    try {
      expect((await signIn()).status).toBe(200);
      compile.mockClear();
      expect((await signIn()).status).toBe(200);
      const compiled = compile.mock.results.map((result) => (result.value as { sql: string }).sql);
      for (const hot of [/insert into "session"/, /from "account" where "account_number"/, /"signin_(log|guard)"/]) {
        expect(compiled.filter((text) => hot.test(text))).toEqual([]);
      }
    } finally {
      compile.mockRestore();
    }
  });

  it('drops failure streaks a day old unless they still lock', async () => {
    const repo = createSignInRepository(t.database.db);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const ip = '10.0.0.1';
    const fail = async (account: string, at: number, lockedUntil?: number) => {
      const ladder = { from: lockedUntil ? 1 : 10, until: [iso(lockedUntil ?? at)] };
      await repo.takeAttempt(account, ip, iso(at), iso(at - 86_400_000), ladder);
      await repo.addAccountFailure(account, iso(at), iso(at - 86_400_000));
    };
    await fail('purge.old', now - 2 * 86_400_000);
    await fail('purge.locked', now - 2 * 86_400_000, now + 60_000);
    await fail('purge.recent', now - 60_000);
    await repo.purgeGuards(iso(now - 86_400_000), iso(now));
    expect(await repo.guardsOf('purge.old', ip)).toEqual({ account: undefined, scoped: undefined });
    // The lock is the address's: that row stays while it locks; the account number's own streak is over.
    expect(await repo.guardsOf('purge.locked', ip)).toMatchObject({ account: undefined, scoped: { failures: 1 } });
    expect(await repo.guardsOf('purge.recent', ip)).toMatchObject({
      account: { failures: 1 },
      scoped: { failures: 1 },
    });
  });

  it('logs SMS sign-ins, successful and refused', async () => {
    const res = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: 'sms.signin',
        accountName: '短信登录',
        password: PASSWORD,
        orgId: rootOrg,
        state: 1,
        contactNumber: '13912345678',
      },
    });
    expect(res.status, res.body.msg).toBe(200);
    const accountId = (res.body.data as { id: number }).id;
    // Its owner proved the number (codes go to proven numbers only).
    await proven(t, accountId);
    const sent = await t.call('POST', '/captcha/sms/login', {
      body: { mobile: '13912345678', captcha: await captchaToken() },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    const { id } = sent.body.data as { id: string };
    const smsToken = (
      await t.call('GET', '/captcha/sms/validate', { query: { id, userInput: t.codeFor('13912345678') } })
    ).body.data as string;
    expect((await t.call('POST', '/login/sms', { body: { token: smsToken }, ip: '172.16.9.1' })).status).toBe(200);
    expect((await t.call('POST', '/login/sms', { body: { token: smsToken }, ip: '172.16.9.1' })).status).toBe(400);
    const entries = (await log({ ip: '172.16.9.1' })).list;
    expect(entries.map((e) => [e.method, e.reason, e.account, e.accountId])).toEqual([
      ['sms', 'code_invalid', '', null],
      ['sms', 'ok', '13912345678', accountId],
    ]);
  });
});
