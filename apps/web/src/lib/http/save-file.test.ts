// The one download path as a screen uses it: the app's kind of client against a real node:http server, the
// file saved through a link named after the server's RFC 5987 `filename*`.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@gatehouse/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './client';
import { saveDownloadWith } from './save-file';

let server: Server;
let baseURL: string;
let disposition: string | null = null;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    });
    res.end('\uFEFF时间,账号\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  disposition = null;
});

/** The links the page clicks to save a file: their name and address. */
function watchSaves() {
  const saved: Array<{ name: string; href: string }> = [];
  const onClick = (event: MouseEvent) => {
    const link = event.target as HTMLAnchorElement;
    saved.push({ name: link.download, href: link.href });
    event.preventDefault();
  };
  document.addEventListener('click', onClick);
  return { saved, stop: () => document.removeEventListener('click', onClick) };
}

describe('saveDownload', () => {
  it('saves under the UTF-8 name of filename* rather than the plain one', async () => {
    disposition = `attachment; filename="signin-log.csv"; filename*=UTF-8''${encodeURIComponent('登录日志 2026.csv')}`;
    const watch = watchSaves();
    try {
      const name = await saveDownloadWith(createHttpClient({ baseURL }), routes.exportSigninLog, {
        query: { account: 'admin' },
        fallbackName: 'fallback.csv',
      });
      expect(name).toBe('登录日志 2026.csv');
      expect(watch.saved).toEqual([{ name: '登录日志 2026.csv', href: expect.stringMatching(/^blob:/) }]);
    } finally {
      watch.stop();
    }
  });

  it('saves under the fallback name when the server proposes none', async () => {
    const watch = watchSaves();
    try {
      const name = await saveDownloadWith(createHttpClient({ baseURL }), routes.exportAudit, {
        fallbackName: 'audit-log.csv',
      });
      expect(name).toBe('audit-log.csv');
      expect(watch.saved.map((save) => save.name)).toEqual(['audit-log.csv']);
    } finally {
      watch.stop();
    }
  });

  it('lets the object URL go once the browser has read it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const watch = watchSaves();
    try {
      await saveDownloadWith(createHttpClient({ baseURL }), routes.exportAudit, { fallbackName: 'a.csv' });
      const href = watch.saved[0]?.href;
      expect(revoke).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(revoke).toHaveBeenCalledWith(href);
      expect(document.querySelector('a[download]')).toBeNull();
    } finally {
      watch.stop();
      revoke.mockRestore();
      vi.useRealTimers();
    }
  });
});
