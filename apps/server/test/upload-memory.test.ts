import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './harness.js';

/**
 * Uploads stream to disk: a 100 MB upload never sits in the server's memory. Memory is a figure of a whole process,
 * so this runs the real server (`tsx apps/server/src/main.ts`, as several-processes.test.ts does) in a process of its
 * own, with nothing else in it, and reads that process's resident set from /proc: the shared test worker's RSS moves
 * with whatever the other test files in it allocate (docs/testing.md). The test process only sends the body, in
 * 1 MiB chunks with back-pressure.
 *
 * The bound is generous on purpose: a body held in memory (a buffered multipart parser, a `Buffer.concat` of the
 * chunks) grows the process by at least its 100 MiB; streaming measured 10-30 MiB here, most of it garbage of the
 * 1 MiB chunks the collector has not taken back yet.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const BOUNDARY = '----gatehouse-memory-boundary';
const GROWTH_BOUND_MIB = 64;

/** A field of /proc/<pid>/status in bytes (VmRSS: resident now; VmHWM: the most resident since the last reset). */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
  if (kb === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Streams a multipart upload of `size` bytes (a zip signature, then zeros) and answers the server's reply. */
async function streamUpload(base: string, token: string, size: number): Promise<{ status: number; body: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const first = Buffer.alloc(1024 * 1024);
  first.set([0x50, 0x4b, 0x03, 0x04]);
  const zeros = Buffer.alloc(1024 * 1024);
  async function* body() {
    yield head;
    for (let sent = 0; sent < size; sent += zeros.length) {
      yield (sent === 0 ? first : zeros).subarray(0, Math.min(zeros.length, size - sent));
    }
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
  // The chunks go out as the socket takes them (back-pressure): the sender holds about one at a time.
  await pipeline(Readable.from(body()), req);
  return answered;
}

describe('a 100 MB upload, measured in a server process of its own', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gh-upload-memory-'));
  let child: ChildProcess;
  let base: string;
  let token: string;

  beforeAll(async () => {
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
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`grows the server's resident memory by less than ${GROWTH_BOUND_MIB} MiB and stores every byte`, async () => {
    const pid = child.pid!;
    // Warm-up: the first upload loads and compiles the code paths, whose memory is not the upload's.
    expect((await streamUpload(base, token, 1024 * 1024)).status).toBe(200);
    // Resets the process's high-water mark (VmHWM) to what is resident now: from here it is the peak of this upload.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = procStatus(pid, 'VmRSS');
    const result = await streamUpload(base, token, UPLOAD_MAX_BYTES);
    const peak = procStatus(pid, 'VmHWM');
    expect(result.status, result.body).toBe(200);
    expect((JSON.parse(result.body) as { data: { size: number } }).data.size).toBe(UPLOAD_MAX_BYTES);
    const sizes = readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(join(entry.parentPath, entry.name)).size);
    expect(sizes).toContain(UPLOAD_MAX_BYTES);
    const growthMiB = (peak - before) / 1048576;
    console.info(`100 MB upload: server RSS ${(before / 1048576).toFixed(0)} MiB, grew ${growthMiB.toFixed(1)} MiB`);
    expect(growthMiB).toBeLessThan(GROWTH_BOUND_MIB);
  }, 300_000);
});
