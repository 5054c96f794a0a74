import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, removeDataDir, type ServerProcess, startServer, stopServer } from './support.js';

const FS_SIZE = 2 * 1024 * 1024;
const BOUNDARY = 'gatehouse-disk-full';

/** Runs a command as root: directly when the tests are root, else through passwordless sudo (CI). */
function asRoot(command: string, args: string[]): void {
  if (process.getuid?.() === 0) execFileSync(command, args);
  else execFileSync('sudo', ['-n', command, ...args]);
}

/** Streams a multipart upload of `size` bytes (a zip: its signature, then zeros) and answers the response. */
async function upload(port: number, token: string, name: string, size: number) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/file/upload',
    headers: {
      authorization: token,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        body += text;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  answered.catch(() => {});
  let stop = false;
  req.once('response', () => {
    stop = true;
  });
  req.write(head);
  const chunk = Buffer.alloc(256 * 1024);
  let sent = 0;
  while (sent < size && !stop) {
    const n = Math.min(chunk.length, size - sent);
    const piece = sent === 0 ? Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), chunk.subarray(4, n)]) : chunk;
    sent += n;
    if (!req.write(piece.subarray(0, n))) {
      await Promise.race([once(req, 'drain'), once(req, 'response'), once(req, 'close')]);
    }
  }
  if (!stop) req.end(tail);
  return answered;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

/**
 * `$DATA_DIR/files` on a real 2 MiB tmpfs: an upload larger than the space fails with a clear message (507),
 * leaves no partial file and no row, and the next upload that fits is stored.
 */
describe('a full disk during upload', () => {
  let dataDir: string;
  let filesDir: string;
  let mounted = false;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gh-res-disk-'));
    filesDir = join(dataDir, 'files');
    mkdirSync(filesDir);
    asRoot('mount', ['-t', 'tmpfs', '-o', `size=${FS_SIZE}`, 'tmpfs', filesDir]);
    mounted = true;
    server = await startServer({ dataDir });
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    if (mounted) asRoot('umount', [filesDir]);
    removeDataDir(dataDir);
  });

  it('answers 507 with 存储空间不足 and keeps neither a partial file nor a row', async () => {
    const token = await login(server.baseUrl);
    const result = await upload(server.port, token, 'too-big.zip', 4 * FS_SIZE);
    console.info(
      `upload of ${(4 * FS_SIZE) / 1048576} MiB onto a ${FS_SIZE / 1048576} MiB file system: ${result.status} ${result.body}`,
    );
    expect(result.status).toBe(507);
    expect(JSON.parse(result.body)).toEqual({ code: 507, msg: '存储空间不足，上传失败' });
    expect(filesUnder(filesDir)).toEqual([]);
    const sqlite = new SQLite(join(dataDir, 'gatehouse.db'), { readonly: true });
    try {
      expect(sqlite.prepare('select count(*) as n from file').get()).toEqual({ n: 0 });
    } finally {
      sqlite.close();
    }

    // The space was given back: an upload that fits is stored.
    const small = await upload(server.port, token, 'fits.zip', 256 * 1024);
    expect(small.status, small.body).toBe(200);
    expect(filesUnder(filesDir)).toHaveLength(1);
  });
});
