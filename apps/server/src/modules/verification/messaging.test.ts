import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process: nodemailer talks to it over TCP exactly as to a mail relay. */
async function startSmtpSink(): Promise<{ port: number; mails: Received[]; close(): Promise<void> }> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Decodes a quoted-printable or base64 text body well enough to find the code in it. */
function bodyText(raw: string): string {
  const [, body = ''] = raw.split(/\r?\n\r?\n/, 2).length === 2 ? raw.split(/\r?\n\r?\n/) : ['', raw];
  if (/Content-Transfer-Encoding: base64/i.test(raw))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const qp = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(qp);
  } catch {
    return body;
  }
}

describe('e-mail delivery through SMTP_URL', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
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
    const info = (await t.call('GET', '/getAccountInfo', { token: admin })).body.data as Record<string, unknown>;
    const profile = await t.call('PUT', '/account/profile', {
      token: admin,
      body: { accountName: info.accountName, email: 'admin@example.com' },
    });
    expect(profile.status, profile.body.msg).toBe(200);

    const sent = await t.call('GET', '/emailValidCode', { token: admin, query: { email: 'admin@example.com' } });
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sink.mails).toHaveLength(1);
    const mail = sink.mails[0]!;
    expect(mail.from).toBe('no-reply@gatehouse.test');
    expect(mail.to).toEqual(['admin@example.com']);
    expect(mail.raw).toMatch(/^Subject: /m);
    const code = bodyText(mail.raw).match(/验证码是 (\d{6})/)?.[1];
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
