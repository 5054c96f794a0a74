import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { API_BASE } from '@gatehouse/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lanes, openTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/harness.js';
import { createMessageQueue } from './message-queue.js';
import { mailText, type SmtpSink, startSmtpSink } from './testing/smtp-sink.js';

const KNOWN_EMAIL = 'known.owner@example.com';
const KNOWN_MOBILE = '13700000001';

describe.each(lanes)('outbound messages on %s', (lane) => {
  let sink: SmtpSink;
  let database: TestDatabase;
  let t: TestApp;
  /** The statements of the request running in `requestStatements.run(list, …)`, appended to that list. */
  const requestStatements = new AsyncLocalStorage<string[]>();

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await openTestDatabase(lane);
    // Records the SQL of every statement run on behalf of a traced request; nothing is changed.
    const recording: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        requestStatements.getStore()?.push(database.db.getExecutor().compileQuery(node, queryId).sql);
        return node;
      },
      async transformResult({ result }) {
        return result;
      },
    };
    t = await startTestApp(lane, { smtpUrl: sink.url }, { ...database, db: database.db.withPlugin(recording) });
    const admin = await t.login();
    const orgs = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
    const created = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: 'queue.owner',
        accountName: '收件人',
        password: 'Queue#2026-owner',
        orgId: orgs[0]!.id,
        state: 1,
      },
    });
    expect(created.status, created.body.msg).toBe(200);
    // Set in the store: how an account comes by its contacts is not what these tests are about.
    await database.db
      .updateTable('account')
      .set({ email: KNOWN_EMAIL, contact_number: KNOWN_MOBILE, email_verified: 1, contact_verified: 1 })
      .where('account_number', '=', 'queue.owner')
      .execute();
  });
  afterAll(async () => {
    sink.release();
    await t.close();
    await database.dispose();
    await sink.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    sink.release();
    sink.refuseNext = 0;
  });

  const captchaToken = async () => {
    const { id } = (await t.call('GET', '/captcha/image')).body.data as { id: string };
    const solved = await t.call('GET', '/captcha/image/validate', { query: { id, userInput: t.codeFor(id) } });
    return solved.body.data as string;
  };
  /** A send as a browser makes it, straight through Fastify: the harness's delivery after each call is left out. */
  const inject = (method: 'GET' | 'POST', path: string, fields: Record<string, string>) =>
    t.app.fastify.inject({
      method,
      url: API_BASE + path,
      ...(method === 'GET' ? { query: fields } : { payload: fields }),
    });
  /** One send, its statements recorded (the captcha is solved before, outside the recording). */
  const traced = async (method: 'GET' | 'POST', path: string, fields: Record<string, string>) => {
    const captcha = await captchaToken();
    const statements: string[] = [];
    // Awaited inside run(): inject answers a thenable whose work starts when it is awaited.
    const res = await requestStatements.run(statements, async () => await inject(method, path, { ...fields, captcha }));
    return { status: res.statusCode, msg: res.json().msg as string, statements };
  };
  const queued = () => database.db.selectFrom('message_queue').selectAll().orderBy('id').execute();

  it('runs the same statements for a known and an unknown e-mail address, and mails only the known one', async () => {
    const known = await traced('GET', '/emailValidCode', { email: KNOWN_EMAIL });
    const unknown = await traced('GET', '/emailValidCode', { email: 'nobody.here@example.com' });
    expect(known.status, known.msg).toBe(200);
    expect(unknown).toMatchObject({ status: 200, msg: known.msg });
    expect(unknown.statements).toEqual(known.statements);
    expect(known.statements.filter((s) => /^insert into "message_queue"/.test(s))).toHaveLength(1);
    // Nothing reaches SMTP from the request itself.
    expect(known.statements.some((s) => /"message_queue"/.test(s) && !/^insert/.test(s))).toBe(false);

    await t.app.flushMessages();
    expect(sink.mails.map((m) => m.to)).toEqual([[KNOWN_EMAIL]]);
    expect(await queued()).toEqual([]);
  });

  it('runs the same statements for a known and an unknown mobile number, recovery and sign-in alike', async () => {
    for (const path of ['/captcha/sms/reset-password', '/captcha/sms/login']) {
      const before = t.outbox().length;
      const known = await traced('POST', path, { mobile: KNOWN_MOBILE });
      const unknown = await traced('POST', path, { mobile: '13700000002' });
      expect(known.status, known.msg).toBe(200);
      expect(unknown).toMatchObject({ status: 200, msg: known.msg });
      expect(unknown.statements).toEqual(known.statements);
      expect(known.statements).toContainEqual(expect.stringMatching(/^insert into "message_queue"/));
      await t.app.flushMessages();
      expect(
        t
          .outbox()
          .slice(before)
          .filter((line) => line.channel === 'sms')
          .map((line) => line.to),
      ).toEqual([KNOWN_MOBILE]);
      // The next send to these numbers would wait out the resend interval.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
    }
  });

  it('answers a send while the mail server still holds the message: only the background sender talks SMTP', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const mails = sink.mails.length;
    sink.hold();
    const sent = await inject('GET', '/emailValidCode', { email: KNOWN_EMAIL, captcha: await captchaToken() });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sink.mails).toHaveLength(mails);
    sink.release();
    await t.app.flushMessages();
    expect(sink.mails).toHaveLength(mails + 1);
    const code = mailText(sink.mails[mails]!.raw).match(/验证码是 (\d{6})/)?.[1];
    const { id } = sent.json().data as { id: string };
    const valid = await t.call('GET', '/emailValidCode/valid', { query: { id, userInput: code ?? '' } });
    expect(valid.status, valid.body.msg).toBe(200);
  });

  it('retries a refused mail after 10 s, then 20 s, …, and gives up after six attempts without logging the code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 122_000);
    sink.refuseNext = 100;
    const offered = sink.offered;
    const sent = await inject('GET', '/emailValidCode', { email: KNOWN_EMAIL, captcha: await captchaToken() });
    expect(sent.statusCode, sent.body).toBe(200);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      await t.app.flushMessages();
      expect(sink.offered - offered).toBe(attempt);
      const [row] = await queued();
      if (attempt === 6) {
        expect(row).toBeUndefined();
        break;
      }
      expect(row).toMatchObject({ attempts: attempt, claim: null, claimed_until: null });
      expect(row!.last_error).toMatch(/mailbox busy/);
      const wait = Date.parse(row!.next_attempt_at) - Date.now();
      waits.push(wait);
      // Not due yet: a flush before the wait is over sends nothing.
      vi.setSystemTime(Date.now() + wait - 1_000);
      await t.app.flushMessages();
      expect(sink.offered - offered).toBe(attempt);
      vi.setSystemTime(Date.now() + 1_000);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
    // The log says what failed, never with the code, the text or the recipient.
    const log = readFileSync(t.config.logFile!, 'utf8')
      .split('\n')
      .filter((line) => line.includes('message delivery failed') || line.includes('message not delivered'));
    expect(log.length).toBeGreaterThanOrEqual(6);
    for (const line of log) {
      expect(line).not.toMatch(/验证码|"code"|payload|@example\.com/);
    }
  });

  it('delivers on the next attempt once the mail server takes it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 500_000);
    sink.refuseNext = 1;
    const mails = sink.mails.length;
    const sent = await inject('GET', '/emailValidCode', { email: KNOWN_EMAIL, captcha: await captchaToken() });
    expect(sent.statusCode).toBe(200);
    await t.app.flushMessages();
    expect(sink.mails).toHaveLength(mails);
    vi.setSystemTime(Date.now() + 10_000);
    await t.app.flushMessages();
    expect(sink.mails).toHaveLength(mails + 1);
    expect(await queued()).toEqual([]);
  });

  it('hands each queued message to exactly one of two servers draining one database at once', async () => {
    const other = await startTestApp(lane, {}, database);
    try {
      const queue = createMessageQueue({
        db: database.db,
        secret: t.app.setup.jwtSecret,
        senders: { sms: { send: async () => {} }, email: { send: async () => {} } },
        log: t.app.fastify.log,
      });
      const expires = new Date(Date.now() + 600_000).toISOString();
      const rows = Array.from({ length: 45 }, (_, i) => {
        const to = `1360000${String(i).padStart(4, '0')}`;
        return queue.row({ channel: 'sms', to, code: String(100_000 + i), text: `code for ${to}` }, true, expires);
      });
      await database.db.insertInto('message_queue').values(rows).execute();
      const before = t.outbox().length;
      await Promise.all([t.app.flushMessages(), other.app.flushMessages()]);
      const delivered = [...t.outbox().slice(before), ...other.outbox()].map((line) => line.to).sort();
      expect(delivered).toEqual(rows.map((_, i) => `1360000${String(i).padStart(4, '0')}`));
      expect(await queued()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
