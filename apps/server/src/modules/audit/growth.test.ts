import type { KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lanes, openTestDatabase, startTestApp, type TestApp, testConfig } from '../../../test/harness.js';
import { createScheduler } from '../../platform/scheduler.js';
import { createSignInRepository } from '../signin/index.js';
import { createAuditRepository } from './audit.repository.js';
import { createLogRetention } from './retention.js';

const DAY = 86_400_000;

describe.each(lanes)('audit growth on %s', (lane) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(lane, { audit: { ...testConfig().audit, anonymousRefusalsPerMinute: 3 } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const rowsOf = (ip: string) =>
    t.database.db.selectFrom('audit_log').selectAll().where('ip', '=', ip).orderBy('id').execute();

  it('records a refused anonymous write without its input: 60 fields of 500 characters leave a small row', async () => {
    const body: Record<string, string> = { newPassword: 'p'.repeat(500), token: 't'.repeat(500) };
    for (let i = 0; i < 58; i++) body[`field${i}`] = `${i}`.padEnd(500, 'v');
    const refused = await t.call('PUT', '/auth/password', { body, ip: '10.20.0.1' });
    expect(refused.status).toBe(400);
    // A GET write's query is its input too.
    const query = { email: `${'q'.repeat(200)}@example.com`, captcha: 'c'.repeat(500) };
    const queried = await t.call('GET', '/emailValidCode', { query, ip: '10.20.0.1' });
    expect(queried.status).toBe(400);

    const rows = await rowsOf('10.20.0.1');
    expect(rows.map((r) => [r.route_name, r.outcome, r.url, r.diff])).toEqual([
      ['changePassword', 'refused', '/api/auth/password', '[]'],
      ['sendEmailCode', 'refused', '/api/emailValidCode', '[]'],
    ]);
    expect(rows[0]!.message).toBe(refused.body.msg);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      expect(stored.length).toBeLessThan(1500);
      expect(stored).not.toMatch(/vvvvv|qqqqq|ccccc|ppppp|ttttt/);
    }
  });

  it('keeps the input of a signed-in caller’s refused write (the actor answers for it)', async () => {
    const admin = await t.login();
    const res = await t.call('PUT', '/org', { token: admin, body: { id: 1, name: 'n'.repeat(500) }, ip: '10.20.0.9' });
    expect(res.status).toBe(400);
    const [row] = await rowsOf('10.20.0.9');
    expect(row).toMatchObject({ route_name: 'updateOrg', outcome: 'refused', actor_account_number: 'admin' });
    expect(JSON.parse(row!.diff)).toContainEqual(expect.objectContaining({ field: 'name', after: 'n'.repeat(500) }));
  });

  it('records at most the cap of refused anonymous writes per client a minute; others and the next minute are not affected', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const refuse = (ip: string) => t.call('DELETE', '/role', { query: { id: 1 }, ip });
    for (let i = 0; i < 5; i++) expect((await refuse('10.30.0.1')).status).toBe(401);
    expect(await rowsOf('10.30.0.1')).toHaveLength(3);
    // Not an answer that changes: only the trail stops growing.
    expect((await refuse('10.30.0.1')).status).toBe(401);
    expect((await refuse('10.30.0.2')).status).toBe(401);
    expect(await rowsOf('10.30.0.2')).toHaveLength(1);
    // A signed-in caller's refusals are not capped.
    const admin = await t.login();
    for (let i = 0; i < 5; i++) {
      await t.call('PUT', '/org', { token: admin, body: { id: 1, name: 'n'.repeat(500) }, ip: '10.30.0.1' });
    }
    const all = await rowsOf('10.30.0.1');
    expect(all.filter((r) => r.actor_account_number === 'admin')).toHaveLength(5);
    expect(all.filter((r) => r.actor_account_number === null)).toHaveLength(3);

    vi.setSystemTime(Date.now() + 60_000);
    expect((await refuse('10.30.0.1')).status).toBe(401);
    expect((await rowsOf('10.30.0.1')).filter((r) => r.actor_account_number === null)).toHaveLength(4);
  });
});

describe.each(lanes)('log retention on %s', (lane) => {
  /** Rows of both logs aged `days` days at `now`, named by their age. */
  async function seed(t: TestApp, now: number, ages: number[]) {
    for (const days of ages) {
      const at = new Date(now - days * DAY).toISOString();
      await t.database.db
        .insertInto('audit_log')
        .values({
          at,
          actor_account_id: null,
          actor_account_number: null,
          origin_account_id: null,
          origin_account_number: null,
          route_name: 'createRole',
          method: 'POST',
          url: '/api/role',
          title: `age ${days}`,
          target_type: null,
          target_id: null,
          target_label: null,
          outcome: 'refused',
          status: 401,
          message: null,
          ip: '10.40.0.1',
          user_agent: null,
          diff: '[]',
        })
        .execute();
      await t.database.db
        .insertInto('signin_log')
        .values({
          at,
          account: `age ${days}`,
          account_id: null,
          outcome: 'failure',
          reason: 'unknown_account',
          method: 'password',
          kind: 'signin',
          ip: '10.40.0.1',
        })
        .execute();
    }
  }
  const left = async (t: TestApp) => ({
    audit: (await t.database.db.selectFrom('audit_log').select('title').where('ip', '=', '10.40.0.1').execute())
      .map((r) => r.title)
      .sort(),
    signIns: (await t.database.db.selectFrom('signin_log').select('account').where('ip', '=', '10.40.0.1').execute())
      .map((r) => r.account)
      .sort(),
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes rows of both logs older than AUDIT_RETENTION_DAYS (180) at start and when run, keeping younger ones', async () => {
    const database = await openTestDatabase(lane);
    const first = await startTestApp(lane, {}, database);
    const now = Date.parse('2031-06-01T00:00:00.000Z');
    await seed(first, now, [400, 181, 179, 1]);
    await first.close();

    // The next start, on 1 June 2031, prunes in the background. Closing aborts a run after the batch under way (the
    // rest waits for the next run), so the test waits for the rows themselves before it closes.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const second = await startTestApp(lane, {}, database);
    await vi.waitFor(
      async () => expect(await left(second)).toEqual({ audit: ['age 1', 'age 179'], signIns: ['age 1', 'age 179'] }),
      { timeout: 60_000, interval: 50 },
    );
    await second.close();

    // Two days later the 179-day-old rows are past the limit too: the daily job the server declares, run by a
    // scheduler on that clock (this server's own one ran it a day before).
    const third = await startTestApp(lane, { audit: { ...testConfig().audit, retentionDays: 180 } }, database);
    try {
      const jobs = third.app.jobs.filter((job) => job.name === 'log-retention');
      expect(jobs.map((job) => job.everyMs)).toEqual([DAY]);
      const scheduler = createScheduler({
        db: database.db,
        jobs,
        log: third.app.fastify.log,
        clock: () => now + DAY - 1,
      });
      expect(await scheduler.runDue()).toEqual([]);
      const later = createScheduler({ db: database.db, jobs, log: third.app.fastify.log, clock: () => now + 2 * DAY });
      expect(await later.runDue()).toEqual(['log-retention']);
      await Promise.all([scheduler.stop(), later.stop()]);
      expect(await left(third)).toEqual({ audit: ['age 1'], signIns: ['age 1'] });
      vi.setSystemTime(now + 2 * DAY);
      expect(await third.app.pruneLogs()).toEqual({ audit: 0, signIns: 0 });
    } finally {
      await third.close();
      await database.dispose();
    }
  });

  it('keeps every row with AUDIT_RETENTION_DAYS=0', async () => {
    const t = await startTestApp(lane, { audit: { ...testConfig().audit, retentionDays: 0 } });
    try {
      await seed(t, Date.now(), [5000]);
      expect(await t.app.pruneLogs()).toEqual({ audit: 0, signIns: 0 });
      expect(await left(t)).toEqual({ audit: ['age 5000'], signIns: ['age 5000'] });
    } finally {
      await t.close();
    }
  });

  it('deletes in batches: one short statement per batch, never one long one', async () => {
    // The app's own retention is off here: its prune at start runs unawaited, and on a busy machine it ran after the
    // rows below were seeded and deleted some of them first (this test's own retention then found fewer).
    const t = await startTestApp(lane, { audit: { ...testConfig().audit, retentionDays: 0 } });
    try {
      const now = Date.now();
      await seed(t, now, [200, 201, 202, 203, 204, 10]);
      const deletes: string[] = [];
      const recording: KyselyPlugin = {
        transformQuery({ node, queryId }) {
          const text = t.database.db.getExecutor().compileQuery(node, queryId).sql;
          if (/^delete/.test(text)) deletes.push(text);
          return node;
        },
        async transformResult({ result }) {
          return result;
        },
      };
      const db = t.database.db.withPlugin(recording);
      const retention = createLogRetention({
        days: 180,
        purgeAudit: createAuditRepository(db).purgeBefore,
        batch: 2,
        purgeSignIns: createSignInRepository(db).purgeLogBefore,
      });
      expect(await retention.prune()).toEqual({ audit: 5, signIns: 5 });
      // 5 rows two at a time: 2 + 2 + 1 per log.
      expect(deletes.filter((s) => s.includes('"audit_log"'))).toHaveLength(3);
      expect(deletes.filter((s) => s.includes('"signin_log"'))).toHaveLength(3);
      expect(deletes.every((s) => /limit/i.test(s))).toBe(true);
      expect(await left(t)).toEqual({ audit: ['age 10'], signIns: ['age 10'] });
    } finally {
      await t.close();
    }
  });
});
