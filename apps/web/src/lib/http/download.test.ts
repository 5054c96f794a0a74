// @vitest-environment node
// The client's file download against a real node:http server: bytes, file name, session, refusals.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, fileNameOf } from './client';
import { HttpError } from './http-error';
import type { HttpEffect } from './types';

let server: Server;
let baseURL: string;
let refuse = false;
const seen: Array<{ url: string; authorization: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (refuse) {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 403, msg: '没有“导出操作日志”的权限' }));
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      // The sign-in log's export names itself only in the RFC 5987 form (lower-case charset, a language tag).
      'Content-Disposition': req.url?.startsWith('/api/signin-log/')
        ? `attachment; filename*=utf-8'zh-CN'${encodeURIComponent('登录日志 2026-03-01.csv')}`
        : `attachment; filename="audit-log.csv"; filename*=UTF-8''${encodeURIComponent('操作日志-20260301.csv')}`,
    });
    res.end('\uFEFF时间,操作人\r\n2026-03-01T00:00:00.000Z,admin\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('download', () => {
  it('answers the bytes and the proposed name, sending the session and the filters (empty ones left out)', async () => {
    const client = createHttpClient({ baseURL, session: { getToken: () => 'Bearer t1', replaceToken: () => {} } });
    const file = await client.download(routes.exportAudit, { query: { accountNumber: 'admin', title: '' } });
    expect(file.fileName).toBe('操作日志-20260301.csv');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('时间,操作人');
    expect(seen.at(-1)).toEqual({ url: '/api/audit/export?accountNumber=admin', authorization: 'Bearer t1' });
  });

  it('takes the name from filename* alone, whatever its charset case and language tag', async () => {
    const client = createHttpClient({ baseURL });
    const file = await client.download(routes.exportSigninLog, { query: { account: 'admin' } });
    expect(file.fileName).toBe('登录日志 2026-03-01.csv');
  });

  it('reports a refusal with the server’s message read out of the blob', async () => {
    const effects: HttpEffect[] = [];
    const client = createHttpClient({ baseURL, onEffect: (effect) => effects.push(effect) });
    refuse = true;
    try {
      const error = await client.download(routes.exportAudit).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).message).toBe('没有“导出操作日志”的权限');
      expect(effects).toEqual([{ type: 'notify', level: 'warning', message: '没有“导出操作日志”的权限' }]);
    } finally {
      refuse = false;
    }
  });
});

describe('fileNameOf', () => {
  const utf8 = (name: string) => `filename*=UTF-8''${encodeURIComponent(name)}`;

  it('prefers the RFC 5987 UTF-8 name to the plain one, wherever each stands', () => {
    expect(fileNameOf(`attachment; filename="report.csv"; ${utf8('报表 三月.csv')}`)).toBe('报表 三月.csv');
    expect(fileNameOf(`attachment; ${utf8('报表 三月.csv')}; filename="report.csv"`)).toBe('报表 三月.csv');
    expect(fileNameOf(`inline; ${utf8('头像.png')}`)).toBe('头像.png');
  });

  it('reads a language tag and a lower-case charset', () => {
    expect(fileNameOf(`attachment; filename*=utf-8'en'${encodeURIComponent('€ rates.csv')}`)).toBe('€ rates.csv');
  });

  it('falls back to the plain name when the UTF-8 one is not valid percent-encoding', () => {
    expect(fileNameOf(`attachment; filename="report.csv"; filename*=UTF-8''%E6%8A`)).toBe('report.csv');
  });

  it('reads a plain name, quoted or not, and answers empty without one', () => {
    expect(fileNameOf('attachment; filename="report.csv"')).toBe('report.csv');
    expect(fileNameOf('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameOf('attachment')).toBe('');
    expect(fileNameOf(null)).toBe('');
    expect(fileNameOf(undefined)).toBe('');
  });
});
