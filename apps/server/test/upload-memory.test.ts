import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../src/modules/files/testing/s3-server.js';
import { procStatus, type ServerProcess, startServerProcess } from './server-process.js';

/**
 * Uploads stream: a 100 MB upload never sits in the server's memory. The disk driver streams it to a file; with
 * FILE_STORAGE=s3 it streams into a multipart upload of 5 MiB parts, so the server holds a few parts, never the body.
 * Memory is a figure of a whole process, so each lane runs the real server (`tsx apps/server/src/main.ts`, as
 * several-processes.test.ts does) in a process of its own, with nothing else in it, and reads that process's resident
 * set from /proc: the shared test worker's RSS moves with whatever the other test files in it allocate
 * (docs/testing.md). The S3 lane's store is a real S3-protocol server in another process
 * (src/modules/files/testing/s3-server.ts). The test process only sends the body, in 1 MiB chunks with back-pressure.
 *
 * The bound is generous on purpose: a body held in memory (a buffered multipart parser, a `Buffer.concat` of the
 * chunks) grows the process by at least its 100 MiB; streaming measured 12-39 MiB here, most of it garbage of the
 * 1 MiB chunks the collector has not taken back yet.
 */
const BOUNDARY = '----gatehouse-memory-boundary';
const GROWTH_BOUND_MIB = 64;
const MIB = 1024 * 1024;

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
  return { size, bytes, digest: () => hash.digest('hex') };
}

/** Streams a multipart upload of the pattern's bytes and answers the server's reply. */
async function streamUpload(
  base: string,
  token: string,
  body: ReturnType<typeof pattern>,
): Promise<{ status: number; body: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  async function* all() {
    yield head;
    yield* body.bytes();
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
      'content-length': head.length + body.size + tail.length,
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
  await pipeline(Readable.from(all()), req);
  return answered;
}

/** The storage drivers (FILE_STORAGE): each lane measures the same upload with its own server process. */
const DRIVERS = ['disk', 's3'] as const;

describe.each(DRIVERS)('a 100 MB upload (%s storage), measured in a server process of its own', (driver) => {
  let server: ServerProcess;
  let dataDir: string;
  let s3: S3TestServer | undefined;
  let child: ChildProcess;
  let base: string;
  let token: string;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    // The young generation's size (npm run serve's flags) decides how much garbage of the passing chunks and parts
    // is resident before a scavenge takes it back.
    server = await startServerProcess({ ...s3?.env });
    ({ child, base, token, dataDir } = server);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it(`grows the server's resident memory by less than ${GROWTH_BOUND_MIB} MiB and stores every byte`, async () => {
    const pid = child.pid!;
    // Warm-up: the first upload loads the code paths (and the S3 SDK) and compiles them, whose memory is not the
    // upload's. 6 MiB is more than one 5 MiB part, so the S3 lane warms its multipart path too.
    expect((await streamUpload(base, token, pattern(6 * MIB))).status).toBe(200);
    // Resets the process's high-water mark (VmHWM) to what is resident now: from here it is the peak of this upload.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = procStatus(pid, 'VmRSS');
    const big = pattern(UPLOAD_MAX_BYTES);
    const result = await streamUpload(base, token, big);
    const peak = procStatus(pid, 'VmHWM');
    expect(result.status, result.body).toBe(200);
    const { url, size } = (JSON.parse(result.body) as { data: { url: string; size: number } }).data;
    expect(size).toBe(UPLOAD_MAX_BYTES);
    if (s3) {
      // The object in the bucket, as s3rver keeps it, holds every byte.
      const key = url.split('/')[4];
      expect(statSync(join(s3.directory, s3.bucket, `${key}._S3rver_object`)).size).toBe(UPLOAD_MAX_BYTES);
    } else {
      // A file under the data directory holds every byte.
      const sizes = readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => statSync(join(entry.parentPath, entry.name)).size);
      expect(sizes).toContain(UPLOAD_MAX_BYTES);
    }
    // The download streams the same bytes back.
    const download = await fetch(`${base}${url}`);
    expect(download.status).toBe(200);
    const hash = createHash('sha256');
    for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    expect(hash.digest('hex')).toBe(big.digest());
    const growthMiB = (peak - before) / MIB;
    console.info(
      `100 MB upload (${driver}): server RSS ${(before / MIB).toFixed(0)} MiB, grew ${growthMiB.toFixed(1)} MiB`,
    );
    expect(growthMiB).toBeLessThan(GROWTH_BOUND_MIB);
  }, 300_000);
});
