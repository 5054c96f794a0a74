import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../../test/harness.js';
import { type S3TestServer, startS3Server } from './testing/s3-server.js';

/**
 * With FILE_STORAGE=s3 a 100 MB upload streams into a multipart upload of 5 MiB parts: the server holds a few parts,
 * never the body. Measured as apps/server/test/upload-memory.test.ts measures the disk driver: the real server in a
 * process of its own (its resident set read from /proc), the S3 server in another (testing/s3-server.ts), the body
 * sent in 1 MiB chunks with back-pressure. A body held whole grows the process by at least its 100 MiB.
 */
const ROOT = resolve(import.meta.dirname, '../../../../..');
const BOUNDARY = '----gatehouse-s3-memory-boundary';
const GROWTH_BOUND_MIB = 64;
const MIB = 1024 * 1024;

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** A zip signature, then a byte pattern that changes per MiB: `size` bytes and their SHA-256, never held whole. */
function pattern(size: number) {
  const hash = createHash('sha256');
  async function* bytes() {
    for (let sent = 0; sent < size; sent += MIB) {
      const chunk = Buffer.alloc(Math.min(MIB, size - sent), (sent / MIB) % 251);
      if (sent === 0) chunk.set([0x50, 0x4b, 0x03, 0x04]);
      hash.update(chunk);
      yield chunk;
    }
  }
  return { bytes, digest: () => hash.digest('hex') };
}

async function streamUpload(base: string, token: string, body: () => AsyncGenerator<Buffer>, size: number) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  async function* all() {
    yield head;
    yield* body();
    yield tail;
  }
  const url = new URL(`${base}/api/file/upload`);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    method: 'POST',
    path: url.pathname,
    headers: {
      authorization: token,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((done, fail) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => {
        text += part;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', fail);
  });
  await pipeline(Readable.from(all()), req);
  return answered;
}

describe('a 100 MB upload to S3, measured in a server process of its own', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-s3-memory-'));
  let s3: S3TestServer;
  let child: ChildProcess;
  let base: string;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        LOGIN_CAPTCHA: 'off',
        WEB_DIST: '/nonexistent',
        ...s3.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    base = await new Promise<string>((found, fail) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''))?.[1];
        if (address) found(address);
      });
      child.once('exit', () => fail(new Error(`server exited:\n${output.join('')}`)));
    });
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
    });
    const json = (await res.json()) as { msg: string; data: string };
    expect(res.status, json.msg).toBe(200);
    token = json.data;
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`grows the server's resident memory by less than ${GROWTH_BOUND_MIB} MiB and stores every byte in the bucket`, async () => {
    const pid = child.pid!;
    // Warm-up: the first upload loads the SDK and compiles the code paths, whose memory is not the upload's.
    const warm = pattern(6 * MIB);
    expect((await streamUpload(base, token, warm.bytes, 6 * MIB)).status).toBe(200);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = procStatus(pid, 'VmRSS');
    const big = pattern(UPLOAD_MAX_BYTES);
    const result = await streamUpload(base, token, big.bytes, UPLOAD_MAX_BYTES);
    const peak = procStatus(pid, 'VmHWM');
    expect(result.status, result.body).toBe(200);
    const { url, size } = (JSON.parse(result.body) as { data: { url: string; size: number } }).data;
    expect(size).toBe(UPLOAD_MAX_BYTES);
    // The object in the bucket, as s3rver keeps it, holds every byte; the download streams the same back.
    const key = url.split('/')[4];
    expect(statSync(join(s3.directory, s3.bucket, `${key}._S3rver_object`)).size).toBe(UPLOAD_MAX_BYTES);
    const download = await fetch(`${base}${url}`);
    expect(download.status).toBe(200);
    const hash = createHash('sha256');
    for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    expect(hash.digest('hex')).toBe(big.digest());
    const growthMiB = (peak - before) / MIB;
    console.info(`100 MB upload to S3: server RSS ${(before / MIB).toFixed(0)} MiB, grew ${growthMiB.toFixed(1)} MiB`);
    expect(growthMiB).toBeLessThan(GROWTH_BOUND_MIB);
  }, 300_000);
});
