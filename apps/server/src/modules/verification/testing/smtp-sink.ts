import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  /** Mails accepted, oldest first. */
  mails: ReceivedMail[];
  /** Mails offered (DATA received), accepted or refused. */
  offered: number;
  /** While set, each of the next this-many mails is refused with a temporary error (451). */
  refuseNext: number;
  /** Holds every new mail at MAIL FROM until `release()`: a sender waiting on it waits as long as it is held. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** A real SMTP server in this process: nodemailer talks to it over TCP exactly as to a mail relay. */
export async function startSmtpSink(): Promise<SmtpSink> {
  let held: Array<() => void> | undefined;
  const sink: SmtpSink = {
    port: 0,
    url: '',
    mails: [],
    offered: 0,
    refuseNext: 0,
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const go of waiting) go();
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (held) held.push(() => callback());
      else callback();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        sink.offered++;
        if (sink.refuseNext > 0) {
          sink.refuseNext--;
          done(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        sink.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}

/** Decodes a quoted-printable or base64 text body well enough to find the code in it. */
export function mailText(raw: string): string {
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
