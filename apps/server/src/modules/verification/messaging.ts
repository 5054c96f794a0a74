import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../platform/logger.js';

export type Channel = 'sms' | 'email' | 'captcha';

/** One message to a person (or, in captcha test mode, a captcha answer written for tests to read). */
export interface OutgoingMessage {
  channel: Channel;
  /** Mobile number, e-mail address, or the captcha id. */
  to: string;
  code: string;
  text: string;
  subject?: string;
}

/** Delivers messages of one channel. An SMS gateway would be one more implementation of this. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The outbox (DESIGN.md §3): with no provider configured, each message becomes one JSON line of
 * `$DATA_DIR/outbox.jsonl` and a log line. Appends of one short line are atomic, so several server processes
 * may share the file.
 */
export function createOutbox(dataDir: string, log: Logger): MessageSender & { path: string } {
  const path = join(dataDir, 'outbox.jsonl');
  let ready: Promise<unknown> | undefined;
  return {
    path,
    async send(message) {
      ready ??= mkdir(dataDir, { recursive: true });
      await ready;
      const line = { channel: message.channel, to: message.to, code: message.code, text: message.text };
      await appendFile(path, `${JSON.stringify({ ...line, at: new Date().toISOString() })}\n`, 'utf8');
      log.info({ outbox: path, channel: message.channel, to: message.to }, 'message written to the outbox');
    },
  };
}

/** E-mail through nodemailer to the SMTP server of `smtpUrl` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpSender(smtpUrl: string, from: string): MessageSender & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject ?? message.text, text: message.text });
    },
    close: () => transport.close(),
  };
}
