import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './http.js';
import { createLogging, type Logging, loggedUrl } from './logging.js';

describe('server logs', () => {
  it('keep query parameter names but not their values, except paging', () => {
    expect(loggedUrl('/api/role/s')).toBe('/api/role/s');
    expect(loggedUrl('/api/captcha/image/validate?id=abc&userInput=k7pq')).toBe(
      '/api/captcha/image/validate?id=[redacted]&userInput=[redacted]',
    );
    expect(loggedUrl('/api/account/s?p=2&pageSize=20&accountNumber=li')).toBe(
      '/api/account/s?p=2&pageSize=20&accountNumber=[redacted]',
    );
  });

  /** A server logging through `logging`, as app.ts sets it up: one line per request, errors as the app answers them. */
  function serverWith(logging: Logging) {
    const app = Fastify({ logger: logging.options, logController: logging.controller });
    installErrorHandling(app);
    app.post('/api/echo', async (request) => {
      request.log.info({ headers: { authorization: request.headers.authorization } }, 'explicitly logged headers');
      return { ok: true };
    });
    app.get('/api/broken', async () => {
      throw new Error('planted failure');
    });
    app.addHook('onClose', async () => logging.close());
    return app;
  }
  const echo = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/echo?code=482913',
      headers: { authorization: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl' },
      payload: { password: 'Planted#Secret1' },
      remoteAddress: '203.0.113.9',
    });

  it('write one JSON line per request to LOG_FILE, without headers, bodies or query values', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-log-'));
    const app = serverWith(createLogging({ logLevel: 'info', logFile: join(dir, 'server.log') }));
    expect((await echo(app)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/broken', remoteAddress: '203.0.113.9' })).statusCode).toBe(
      500,
    );
    await app.close();
    const log = readFileSync(join(dir, 'server.log'), 'utf8');
    rmSync(dir, { recursive: true, force: true });
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => line.req !== undefined);
    // One line per request, at info, once it was answered; Fastify's "incoming request" lines are gone.
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({
      level: 30,
      req: { method: 'POST', url: '/api/echo?code=[redacted]', remoteAddress: '203.0.113.9' },
      res: { statusCode: 200 },
    });
    expect(completed[0]?.responseTime).toEqual(expect.any(Number));
    expect(completed[1]).toMatchObject({ req: { method: 'GET', url: '/api/broken' }, res: { statusCode: 500 } });
    // Errors still log at error level, on a line of their own.
    expect(lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual(['unhandled error']);
    expect(requests).toEqual(completed);
    expect(log).toContain('"authorization":"[redacted]"');
    expect(log).not.toMatch(/482913|eyJ|Planted#Secret1/);
  });

  it('write "incoming request" as well at debug level, when a request arrives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-log-'));
    const app = serverWith(createLogging({ logLevel: 'debug', logFile: join(dir, 'server.log') }));
    await echo(app);
    await app.close();
    const lines = readFileSync(join(dir, 'server.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; level: number });
    rmSync(dir, { recursive: true, force: true });
    expect(lines.filter((line) => line.msg.endsWith('request')).map((line) => [line.level, line.msg])).toEqual([
      [20, 'incoming request'],
    ]);
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(1);
  });

  /** What a logger writing to "stdout" (here a file standing in for it) printed for one request and one error. */
  async function printed(logFormat: 'pretty' | 'json' | undefined, isTTY: boolean): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'gh-log-'));
    const fd = openSync(join(dir, 'stdout'), 'a');
    try {
      const app = serverWith(createLogging({ logLevel: 'info', logFile: undefined, logFormat }, { fd, isTTY }));
      await echo(app);
      await app.inject({ method: 'GET', url: '/api/broken' });
      await app.close();
      return readFileSync(join(dir, 'stdout'), 'utf8');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

  it('print pretty lines with LOG_FORMAT=pretty: one per request, with method, url, status and address', async () => {
    const out = await printed('pretty', false);
    const lines = out.split('\n').filter(Boolean);
    expect(() => JSON.parse(lines[0] ?? '')).toThrow();
    const requestLines = lines.filter((line) => line.includes('/api/echo'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/INFO.*POST \/api\/echo\?code=\[redacted\] 200 \d+\.\d ms 203\.0\.113\.9$/);
    expect(out).toMatch(/ERROR.*unhandled error/);
    expect(out).toContain('planted failure');
    expect(out).not.toMatch(/482913|eyJ|Planted#Secret1/);
  });

  it('print pretty lines on a terminal and JSON elsewhere unless LOG_FORMAT says otherwise', async () => {
    expect(plain(await printed(undefined, true))).toMatch(/POST \/api\/echo\?code=\[redacted\] 200 /);
    // Not a terminal (or LOG_FORMAT=json), no LOG_FILE: pino's own JSON writer on stdout, as before.
    expect(createLogging({ logLevel: 'info', logFile: undefined }, { fd: 1, isTTY: false }).options).not.toHaveProperty(
      'stream',
    );
    expect(
      createLogging({ logLevel: 'info', logFile: undefined, logFormat: 'json' }, { fd: 1, isTTY: true }).options,
    ).not.toHaveProperty('stream');
    // LOG_FILE gets JSON lines even when stdout is a terminal.
    const dir = mkdtempSync(join(tmpdir(), 'gh-log-'));
    const app = serverWith(
      createLogging({ logLevel: 'info', logFile: join(dir, 'server.log') }, { fd: 1, isTTY: true }),
    );
    await echo(app);
    await app.close();
    const fileLines = readFileSync(join(dir, 'server.log'), 'utf8').split('\n').filter(Boolean);
    rmSync(dir, { recursive: true, force: true });
    expect(fileLines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain('request completed');
  });
});
