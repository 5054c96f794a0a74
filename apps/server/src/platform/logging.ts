import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
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
  /** Closes the log file, if any; later lines are dropped. */
  close(): void;
}

/** The server's logger: off when LOG_LEVEL=silent, to LOG_FILE when set (written synchronously), else stdout. */
export function createLogging(config: Pick<Config, 'logLevel' | 'logFile'>): Logging {
  if (config.logLevel === 'silent') return { options: false, close: () => {} };
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
  if (!config.logFile) return { options: base, close: () => {} };
  mkdirSync(dirname(config.logFile), { recursive: true });
  let fd: number | undefined = openSync(config.logFile, 'a');
  const stream = {
    // Synchronous appends: a line logged before a crash or `kill -9` is on disk.
    write(line: string) {
      if (fd !== undefined) writeSync(fd, line);
    },
  };
  return {
    options: { ...base, stream },
    close() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
    },
  };
}
