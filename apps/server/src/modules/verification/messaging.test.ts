import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { mailText, type SmtpSink, startSmtpSink } from './testing/smtp-sink.js';

describe('e-mail delivery through SMTP_URL', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp('sqlite', {
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      mailFrom: 'Gatehouse <no-reply@gatehouse.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends the code by mail (not to the outbox), and the mailed code validates', async () => {
    const admin = await t.login();
    // Set in the store: changing one's own address has its own verification (not what this test is about).
    await t.database.db
      .updateTable('account')
      .set({ email: 'admin@example.com', email_verified: 1 })
      .where('account_number', '=', 'admin')
      .execute();

    const sent = await t.call('GET', '/emailValidCode', { token: admin, query: { email: 'admin@example.com' } });
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sink.mails).toHaveLength(1);
    const mail = sink.mails[0]!;
    expect(mail.from).toBe('no-reply@gatehouse.test');
    expect(mail.to).toEqual(['admin@example.com']);
    expect(mail.raw).toMatch(/^Subject: /m);
    const code = mailText(mail.raw).match(/验证码是 (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(t.outbox().filter((l) => l.channel === 'email')).toEqual([]);

    const { id } = sent.body.data as { id: string };
    const valid = await t.call('GET', '/emailValidCode/valid', { query: { id, userInput: code! } });
    expect(valid.status, valid.body.msg).toBe(200);
  });
});

describe('outbox without CAPTCHA_TEST_MODE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { captchaTestMode: false });
  });
  afterAll(() => t.close());

  it('never writes captcha answers there', async () => {
    const { id } = (await t.call('GET', '/captcha/image')).body.data as { id: string };
    expect(t.outbox()).toEqual([]);
    expect(() => t.codeFor(id)).toThrow();
  });
});
