import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, lanes, startTestApp, type TestApp } from '../../../test/harness.js';

const FLOOD = '10.31.5.1';
const OTHER = '10.31.5.2';
/** A long User-Agent: each row the flood added would be about 1.1 KiB (M-5). */
const AGENT = `Mozilla/5.0 (flood) ${'x'.repeat(480)}`;

interface Entry {
  account: string;
  outcome: string;
  reason: string;
  ip: string;
  repeats?: number;
  lastAt?: number | null;
}

describe.each(lanes)('sign-in log growth on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  const login = (body: Record<string, string>, ip: string) =>
    t.call('POST', '/login', { body, ip, headers: { 'user-agent': AGENT } });
  const captchaToken = async () => {
    const { id } = (await t.call('GET', '/captcha/image', { ip: OTHER })).body.data as { id: string };
    return (await t.call('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) }, ip: OTHER })).body
      .data as string;
  };
  const rowsOf = (ip: string) =>
    t.database.db.selectFrom('signin_log').selectAll().where('ip', '=', ip).orderBy('id').execute();

  beforeAll(async () => {
    // Every password sign-in needs a captcha: a sign-in without one is refused unchecked (captcha_required), the
    // cheapest refusal there is, which one client can repeat at will.
    t = await startTestApp(lane, { loginCaptcha: true });
    const res = await t.call('POST', '/login', {
      body: { account: 'admin', password: ADMIN_PASSWORD, captcha: await captchaToken() },
    });
    expect(res.status, res.body.msg).toBe(200);
    admin = res.body.data as string;
  });
  afterAll(() => t.close());

  it('adds 5,000 refusals from one client to a bounded number of rows, each attempt still counted', async () => {
    // Half at one account number, half at 2,500 distinct ones; 25 at a time, so some race.
    const attempts = Array.from({ length: 5000 }, (_, i) =>
      i % 2 ? { account: 'flood.target', password: 'whatever-1' } : { account: `spray-${i}`, password: 'whatever-1' },
    );
    for (let i = 0; i < attempts.length; i += 25) {
      const answers = await Promise.all(attempts.slice(i, i + 25).map((body) => login(body, FLOOD)));
      expect(answers.every((a) => a.status === 400 && a.body.msg === '请先完成图形验证码')).toBe(true);
    }

    const rows = await rowsOf(FLOOD);
    // 20 rows of their own at most (the client's cap in ten minutes), a few more where attempts raced, and the summary.
    expect(rows.length).toBeLessThanOrEqual(40);
    expect(rows.reduce((sum, row) => sum + row.repeats, 0)).toBe(5000);
    const bytes = rows.reduce((sum, row) => sum + JSON.stringify(row).length, 0);
    expect(bytes).toBeLessThan(48 * 1024);
    expect(rows.every((row) => row.reason === 'captcha_required' && row.outcome === 'failure')).toBe(true);
    // The one account number: its three rows stand for its 2,500 attempts, plus at most one per attempt of the first
    // batch (13 of 25) that raced them in.
    const target = rows.filter((row) => row.account === 'flood.target');
    expect(target.length).toBeGreaterThan(0);
    expect(target.length).toBeLessThanOrEqual(3 + 13);
    // The distinct numbers past the client's cap: one summary row without an account number.
    const summary = rows.filter((row) => row.account === '');
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.reduce((sum, row) => sum + row.repeats, 0)).toBeGreaterThan(2000);

    // The screen shows how many attempts an entry stands for, and when the newest was.
    const page = await t.call('GET', '/signin-log/s', { token: admin, query: { p: 1, pageSize: 100, ip: FLOOD } });
    expect(page.status, page.body.msg).toBe(200);
    const listed = (page.body.data as { list: Entry[] }).list;
    expect(listed.reduce((sum, e) => sum + (e.repeats ?? 1), 0)).toBe(5000);
    const folded = listed.find((e) => e.account === 'flood.target' && (e.repeats ?? 1) > 1);
    expect(folded?.lastAt).toEqual(expect.any(Number));
  });

  it('still records successes, failed password checks and other clients’ refusals of distinct accounts, each as a row', async () => {
    const before = (await rowsOf(FLOOD)).length;
    // From the flooding client: a right password and a wrong one (a failed check) are rows of their own.
    const ok = await login({ account: 'admin', password: ADMIN_PASSWORD, captcha: await captchaToken() }, FLOOD);
    expect(ok.status, ok.body.msg).toBe(200);
    const wrong = await login({ account: 'admin', password: 'wrong-pass-1', captcha: await captchaToken() }, FLOOD);
    expect(wrong.status).toBe(400);
    const after = await rowsOf(FLOOD);
    expect(after.length).toBe(before + 2);
    expect(after.slice(-2).map((row) => [row.account, row.reason, row.repeats])).toEqual([
      ['admin', 'ok', 1],
      ['admin', 'bad_credentials', 1],
    ]);

    // Another client: its refusals of three account numbers are three rows, each with its account number.
    for (const account of ['one.a', 'one.b', 'one.c']) {
      expect((await login({ account, password: 'whatever-1' }, OTHER)).status).toBe(400);
    }
    const other = (await rowsOf(OTHER)).filter((row) => row.outcome === 'failure');
    expect(other.map((row) => [row.account, row.reason, row.repeats])).toEqual([
      ['one.a', 'captcha_required', 1],
      ['one.b', 'captcha_required', 1],
      ['one.c', 'captcha_required', 1],
    ]);
  });
});
