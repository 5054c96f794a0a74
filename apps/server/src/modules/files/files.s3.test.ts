import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { type ClientRequest, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import { UPLOAD_MAX_BYTES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, testConfig } from '../../../test/harness.js';
import { type Config, loadConfig } from '../../config.js';
import { createS3Client, createS3Storage, PART_SIZE, type S3StorageConfig } from './s3-storage.js';
import { StorageUnavailableError } from './storage.js';
import { type S3TestServer, startS3Server } from './testing/s3-server.js';

/**
 * FILE_STORAGE=s3 against a real S3-protocol server: s3rver in a process of its own on 127.0.0.1 (the launcher in
 * testing/s3-server.ts), reached over HTTP by the AWS SDK exactly as AWS or MinIO would be. What the bucket holds
 * is read from the server's own directory; open multipart uploads are asked of the server over S3.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const BOUNDARY = '----gatehouse-s3-boundary';
const MIB = 1024 * 1024;
const PREFIX = 'gatehouse/';
const PASSWORD = 'S3-Files#2026';

function multipart(filename: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** A zip of `size` random bytes behind its signature: the content check passes, every byte is telling. */
function zipOf(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  return bytes;
}

interface Uploaded {
  id: string;
  name: string;
  url: string;
  size: number;
  contentType: string;
}

/** The storage config a Gatehouse process reads from the launcher's env, with a key prefix. */
function storageOf(s3: S3TestServer): S3StorageConfig {
  const { fileStorage } = loadConfig({ ...s3.env, S3_PREFIX: PREFIX });
  if (fileStorage.driver !== 's3') throw new Error('the launcher env does not select the s3 driver');
  return fileStorage;
}

/** The keys of the objects in the bucket, as s3rver stores them (`<key>._S3rver_object`). */
function bucketObjects(s3: S3TestServer): string[] {
  const root = join(s3.directory, s3.bucket);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).replace(/\._S3rver_object$/, ''))
    .sort();
}

async function openUploads(client: S3Client, s3: S3TestServer): Promise<string[]> {
  const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
  return (listed.Uploads ?? []).map((upload) => upload.Key ?? '');
}

/**
 * A multipart upload of `content` over a real socket, written in 1 MiB chunks with back-pressure. With `cutAfter`,
 * the client goes away once that many bytes of the file are sent and `beforeCut` has resolved.
 */
async function socketUpload(
  port: number,
  token: string,
  filename: string,
  content: { size: number; chunk: (offset: number, length: number) => Buffer },
  cut?: { after: number; before: () => Promise<void> },
): Promise<{ status: number; body: string } | 'cut'> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
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
      'content-length': head.length + content.size + tail.length,
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
    stop = true; // answered (e.g. 413): stop sending
  });
  req.write(head);
  let sent = 0;
  while (sent < content.size && !stop) {
    if (cut && sent >= cut.after) {
      await cut.before();
      req.destroy();
      return 'cut';
    }
    const n = Math.min(MIB, content.size - sent);
    const piece = content.chunk(sent, n);
    sent += n;
    if (!req.write(piece)) await drained(req);
  }
  if (!stop) req.end(tail);
  return answered;
}

/** Until the request may be written again, or is answered or closed (the listeners go with it). */
function drained(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'response', 'close'] as const) req.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'response', 'close'] as const) req.once(event, done);
  });
}

/** A zip signature, then zeros: any size without holding it. */
const zeroZip = (size: number) => ({
  size,
  chunk: (offset: number, length: number) => {
    const piece = Buffer.alloc(length);
    if (offset === 0) piece.set([0x50, 0x4b, 0x03, 0x04]);
    return piece;
  },
});

describe('files on an S3-compatible store (FILE_STORAGE=s3, a real S3 server in its own process)', () => {
  const QUOTA = 12 * MIB;
  let s3: S3TestServer;
  let client: S3Client;
  let t: TestApp;
  let disk: TestApp;
  let admin: string;
  let port: number;

  const upload = async (app: TestApp, filename: string, content: Buffer, token: string) => {
    const response = await app.app.fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(filename, content),
    });
    return { status: response.statusCode, body: response.json() as { msg: string; data: Uploaded } };
  };
  const keyOf = (file: Uploaded) => `${PREFIX}${file.url.split('/')[4]}`;

  /** A fresh account (no role: uploading needs only a session), so each test's quota is its own. */
  let accounts = 0;
  async function account(): Promise<string> {
    const accountNumber = `s3user${++accounts}`;
    const rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]?.id;
    const created = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: accountNumber, password: PASSWORD, orgId: rootOrg, roleId: null, state: 1 },
    });
    if (created.status !== 200) throw new Error(`account: ${created.body.msg}`);
    return t.login(accountNumber, PASSWORD);
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    const fileStorage = storageOf(s3);
    client = createS3Client(fileStorage);
    const uploads = { ...testConfig().uploads, quotaBytes: QUOTA, perAccountHour: 1000 };
    t = await startTestApp('sqlite', { fileStorage, uploads } satisfies Partial<Config>);
    disk = await startTestApp('sqlite');
    admin = await t.login();
    await t.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.fastify.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
    await disk?.close();
    client?.destroy();
    await s3?.stop();
  });

  it('reads the launcher env as the s3 driver with path-style addressing and its own credentials', () => {
    expect(storageOf(s3)).toEqual({
      driver: 's3',
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
      prefix: PREFIX,
    });
  });

  it('stores an upload as one object under S3_PREFIX and serves back the same bytes, also past one part', async () => {
    const token = await account();
    const small = await upload(t, '头像.png', PNG, token);
    expect(small.status, small.body.msg).toBe(200);
    // Three parts of a multipart upload, the last a short one.
    const large = zipOf(Math.floor(2.2 * PART_SIZE));
    const big = await upload(t, '数据.zip', large, token);
    expect(big.status, big.body.msg).toBe(200);
    expect(big.body.data.size).toBe(large.length);

    expect(bucketObjects(s3)).toEqual(expect.arrayContaining([keyOf(small.body.data), keyOf(big.body.data)]));
    expect(keyOf(big.body.data)).toMatch(/^gatehouse\/[\w-]{32}$/);
    expect(await openUploads(client, s3)).toEqual([]);

    const got = await t.app.fastify.inject({ method: 'GET', url: big.body.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-length']).toBe(String(large.length));
    expect(createHash('sha256').update(got.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(large).digest('hex'),
    );
    expect(got.headers.etag).toBe(`"${createHash('sha256').update(large).digest('hex')}"`);
    const png = await t.app.fastify.inject({ method: 'GET', url: small.body.data.url });
    expect(png.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers byte ranges from the object: 206 with Content-Range and exactly those bytes, 416 beyond', async () => {
    const token = await account();
    const bytes = zipOf(PART_SIZE + 4096);
    const { url } = (await upload(t, 'range.zip', bytes, token)).body.data;
    // Across the boundary of the first and the second part.
    const start = PART_SIZE - 10;
    const across = await t.app.fastify.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${start}-${start + 19}` },
    });
    expect(across.statusCode).toBe(206);
    expect(across.headers['content-range']).toBe(`bytes ${start}-${start + 19}/${bytes.length}`);
    expect(across.headers['content-length']).toBe('20');
    expect(across.rawPayload.equals(bytes.subarray(start, start + 20))).toBe(true);
    const suffix = await t.app.fastify.inject({ method: 'GET', url, headers: { range: 'bytes=-7' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 7))).toBe(true);
    const open = await t.app.fastify.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length - 3}-` } });
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 3))).toBe(true);
    const beyond = await t.app.fastify.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers downloads with the very headers the disk driver sends (whole, ranged, 304)', async () => {
    const token = await account();
    const diskAdmin = await disk.login();
    for (const [name, bytes] of [
      ['图.png', PNG],
      ['合同 (final).pdf', PDF],
    ] as const) {
      const fromS3 = (await upload(t, name, bytes, token)).body.data;
      const fromDisk = (await upload(disk, name, bytes, diskAdmin)).body.data;
      for (const headers of [{}, { range: 'bytes=1-5' }]) {
        const a = await t.app.fastify.inject({ method: 'GET', url: fromS3.url, headers });
        const b = await disk.app.fastify.inject({ method: 'GET', url: fromDisk.url, headers });
        expect(a.statusCode).toBe(b.statusCode);
        const { date: _a, ...s3Headers } = a.headers;
        const { date: _b, ...diskHeaders } = b.headers;
        expect(s3Headers).toEqual(diskHeaders);
        expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
        const etag = String(a.headers.etag);
        const cached = await t.app.fastify.inject({
          method: 'GET',
          url: fromS3.url,
          headers: { 'if-none-match': etag },
        });
        expect(cached.statusCode).toBe(304);
      }
    }
  });

  it('refuses an upload past the quota mid-stream: 413, no object and no multipart upload left', async () => {
    const token = await account();
    const before = bucketObjects(s3);
    // Three parts' worth against a 12 MiB quota: two parts are on the server when the stream stops.
    const refused = await upload(t, 'too-much.zip', zipOf(13 * MIB), token);
    expect(refused.status).toBe(413);
    expect(refused.body.msg).toMatch(/^上传空间已满/);
    expect(bucketObjects(s3)).toEqual(before);
    expect(await openUploads(client, s3)).toEqual([]);
    // The account can still store what fits.
    expect((await upload(t, 'fits.zip', zipOf(MIB), token)).status).toBe(200);
  });

  it('refuses one byte past the upload limit over a socket: 413, no object and no multipart upload left', async () => {
    const limitApp = await startTestApp('sqlite', { fileStorage: storageOf(s3) });
    try {
      await limitApp.app.fastify.listen({ port: 0, host: '127.0.0.1' });
      const limitPort = (limitApp.app.fastify.server.address() as AddressInfo).port;
      const before = bucketObjects(s3);
      const result = await socketUpload(limitPort, await limitApp.login(), 'big.zip', zeroZip(UPLOAD_MAX_BYTES + 1));
      expect(result).not.toBe('cut');
      if (result === 'cut') return;
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body).msg).toBe('文件大小超出限制（最大 100 MB）');
      // The abort may follow the answer: wait for it (an upload or an object that stays fails the wait).
      await vi.waitFor(
        async () => {
          expect(await openUploads(client, s3)).toEqual([]);
          expect(bucketObjects(s3)).toEqual(before);
        },
        { timeout: 60_000, interval: 200 },
      );
    } finally {
      await limitApp.close();
    }
  }, 180_000);

  it('keeps nothing of a file whose content does not match its extension', async () => {
    const token = await account();
    const before = bucketObjects(s3);
    const refused = await upload(t, 'photo.png', PDF, token);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('文件内容与扩展名 .png 不符');
    // Past one part too: a multipart upload that completed is deleted again.
    const disguised = Buffer.concat([PDF, zipOf(PART_SIZE + 1024)]);
    expect((await upload(t, 'large.png', disguised, token)).status).toBe(400);
    expect(bucketObjects(s3)).toEqual(before);
    expect(await openUploads(client, s3)).toEqual([]);
  });

  it('leaves no object and no open multipart upload when the client goes away mid-upload', async () => {
    const token = await account();
    const before = bucketObjects(s3);
    const result = await socketUpload(port, token, 'gone.zip', zeroZip(10 * MIB), {
      after: 7 * MIB,
      // Only once the first part is on the server (a multipart upload is open) does the client go.
      before: () =>
        vi.waitFor(async () => expect((await openUploads(client, s3)).length).toBe(1), {
          timeout: 60_000,
          interval: 50,
        }),
    });
    expect(result).toBe('cut');
    await vi.waitFor(
      async () => {
        expect(await openUploads(client, s3)).toEqual([]);
        expect(bucketObjects(s3)).toEqual(before);
      },
      { timeout: 60_000, interval: 100 },
    );
  });

  it('deletes the object with the file; its url then answers 404', async () => {
    const token = await account();
    const file = (await upload(t, '删除我.pdf', PDF, token)).body.data;
    expect(bucketObjects(s3)).toContain(keyOf(file));
    const deleted = await t.call('DELETE', '/file', { token, query: { id: file.id } });
    expect(deleted.status, deleted.body.msg).toBe(200);
    expect(bucketObjects(s3)).not.toContain(keyOf(file));
    const gone = await t.app.fastify.inject({ method: 'GET', url: file.url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('文件不存在或已被删除');
  });
});

describe('files when the S3 store is down', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp('sqlite', { fileStorage: storageOf(s3) });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('answers 503 with a plain message for uploads, downloads and deletes, and keeps the file listed', async () => {
    const stored = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart('before.pdf', PDF),
    });
    expect(stored.statusCode).toBe(200);
    const file = stored.json().data as Uploaded;
    await s3.stop();

    const refused = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart('during.pdf', PDF),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ code: 503, msg: '文件存储暂时不可用，请稍后再试' });

    const download = await t.app.fastify.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({ code: 503, msg: '文件存储暂时不可用，请稍后再试' });
    const english = await t.app.fastify.inject({
      method: 'GET',
      url: file.url,
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.json().msg).toBe('File storage is temporarily unavailable; please retry later');

    const deleted = await t.call('DELETE', '/file', { token: admin, query: { id: file.id } });
    expect(deleted.status).toBe(503);
    expect(deleted.body.msg).toBe('文件存储暂时不可用，请稍后再试');
    // The row came back: the file is not listed without its bytes, nor its bytes kept without a row.
    const row = await t.database.db.selectFrom('file').select('id').where('id', '=', file.id).executeTakeFirst();
    expect(row).toEqual({ id: file.id });
  });

  it('fails a read stream with StorageUnavailableError rather than hanging', async () => {
    await s3.stop();
    const storage = createS3Storage(storageOf(s3));
    const failure = await new Promise<unknown>((resolve) => {
      const body = storage.read(storage.newKey());
      body.on('error', resolve);
      body.on('end', () => resolve(new Error('ended without an error')));
      body.resume();
    });
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    await expect(storage.size(storage.newKey())).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
