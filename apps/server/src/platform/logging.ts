import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import PinoPretty from 'pino-pretty';
import type { Config } from '../config.js';

/**
 * Header values that carry credentials. Request logs list method, url (query values redacted) and addresses
 * only, and bodies are never logged; these paths are redacted in case a log call passes headers.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["jwt-update-token"]',
  'res.headers["jwt-update-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'authorization',
  'password',
  '*.password',
];

/** Query parameters whose values are logged; every other value (codes, captcha answers, tokens) is not. */
const LOGGED_QUERY_VALUES = new Set(['p', 'pageSize']);

/**
 * The url as logged: path and parameter names, with values replaced unless harmless. Some routes take a
 * verification code or captcha answer in the query string (GET /captcha/image/validate?userInput=…).
 */
export function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=', 2);
      if (value === undefined || value === '' || LOGGED_QUERY_VALUES.has(name)) return pair;
      return `${name}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export interface Logging {
  options: FastifyServerOptions['logger'];
  /** Fastify's `logController`: one line per request (RequestLog). */
  controller: LogController;
  /** Closes the log file, if any; later lines are dropped. */
  close(): void;
}

/** Where the log goes without LOG_FILE: the process's stdout (a file descriptor, and whether it is a terminal). */
export interface LogOutput {
  fd: number;
  isTTY: boolean;
}

/** The request line's fields, as the `req` serializer and Fastify's `res` serializer write them. */
interface RequestLine {
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * pino-pretty's settings: local time, no pid / hostname, and a request line written as one line
 * (`GET /api/role/s?p=1 200 3.1 ms 127.0.0.1`) instead of its fields spread over several.
 */
function prettyOptions(colorize: boolean): PinoPretty.PrettyOptions {
  return {
    colorize,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log: Record<string, unknown> & RequestLine, messageKey: string) => {
      const message = String(log[messageKey] ?? '');
      const { req, res, responseTime } = log;
      if (!req) return message;
      const request = `${req.method} ${req.url}`;
      if (!res) return `${message}: ${request} ${req.remoteAddress ?? ''}`.trimEnd();
      const time = typeof responseTime === 'number' ? ` ${responseTime.toFixed(1)} ms` : '';
      return `${request} ${res.statusCode}${time} ${req.remoteAddress ?? ''}`.trimEnd();
    },
  };
}

/**
 * Fastify writes two lines per request at info, "incoming request" when it arrives and "request completed" when
 * it was answered. This writes one, when the answer has gone: method, url (loggedUrl), host and client address
 * (`req`), status code (`res`) and response time. "incoming request" stays, at debug.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // A no-op below debug (pino replaces disabled levels with an empty function).
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      // The answer failed on its way out (e.g. the client went away mid-stream).
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/**
 * The server's logger: off when LOG_LEVEL=silent; to LOG_FILE when set (written synchronously, JSON lines), else to
 * stdout: pretty on a terminal, JSON otherwise. LOG_FORMAT=pretty|json forces either.
 */
export function createLogging(
  config: Pick<Config, 'logLevel' | 'logFile'> & Partial<Pick<Config, 'logFormat'>>,
  stdout: LogOutput = { fd: 1, isTTY: Boolean(process.stdout.isTTY) },
): Logging {
  const controller = new RequestLog();
  if (config.logLevel === 'silent') return { options: false, controller, close: () => {} };
  const pretty = config.logFormat ? config.logFormat === 'pretty' : !config.logFile && stdout.isTTY;
  const base = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's request line (method, url, host, address) with query values redacted; no headers, no body.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  if (!config.logFile) {
    if (!pretty) return { options: base, controller, close: () => {} };
    // Synchronous, like pino's own stdout: nothing is lost when the process exits.
    const stream = PinoPretty({ ...prettyOptions(stdout.isTTY), destination: stdout.fd, sync: true });
    return { options: { ...base, stream }, controller, close: () => {} };
  }
  mkdirSync(dirname(config.logFile), { recursive: true });
  let fd: number | undefined = openSync(config.logFile, 'a');
  const format = pretty ? PinoPretty.prettyFactory(prettyOptions(false)) : (line: string) => line;
  const stream = {
    // Synchronous appends: a line logged before a crash or `kill -9` is on disk.
    write(line: string) {
      if (fd !== undefined) writeSync(fd, format(line));
    },
  };
  return {
    options: { ...base, stream },
    controller,
    close() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
    },
  };
}
