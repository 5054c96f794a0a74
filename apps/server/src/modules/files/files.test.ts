import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { resourceKey, routes, UPLOAD_MAX_BYTES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lanes, startTestApp, type TestApp, testConfig } from '../../../test/harness.js';
import { IMAGE_MAX_SIDE, imageVerdict, parseRange } from './files.service.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * A real PNG of width × height black pixels (1-bit greyscale): each row is a filter byte and zeros, so a
 * 20,000 × 20,000 image (50 MB once inflated, 400 million pixels for a viewer) deflates to about 50 KB.
 */
function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  const raw = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const BOUNDARY = '----gatehouse-test-boundary';

function multipart(filename: string, content: Buffer, field = 'file'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Uploaded {
  id: string;
  name: string;
  url: string;
  size: number;
  contentType: string;
}

/** Every file under the storage root (the only place uploads may land). */
function storedFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe('image bounds', () => {
  it('reads dimensions from the header and refuses past a side or the pixel budget', () => {
    expect(imageVerdict(PNG)).toBe('ok');
    expect(imageVerdict(pngOf(IMAGE_MAX_SIDE + 1, 1))).toBe('tooLarge');
    expect(imageVerdict(pngOf(10_000, 10_000))).toBe('tooLarge');
    expect(imageVerdict(pngOf(8_000, 8_000))).toBe('ok');
    expect(imageVerdict(Buffer.from('not an image'))).toBe('unreadable');
  });
});

describe.each(lanes)('files on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  const dataDir = () => t.config.dataDir;

  const upload = async (filename: string, content: Buffer, query?: Record<string, string>, token = admin) => {
    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      query,
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(filename, content),
    });
    return { status: response.statusCode, body: response.json() as { msg: string; data: Uploaded } };
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('stores an image and serves it at a capability url without a session, safely', async () => {
    const res = await upload('头像.png', PNG);
    expect(res.status, res.body.msg).toBe(200);
    const file = res.body.data;
    expect(file).toMatchObject({ name: '头像.png', size: PNG.length, contentType: 'image/png' });
    expect(file.url).toMatch(/^\/api\/file\/raw\/[\w-]{32}\/%E5%A4%B4%E5%83%8F\.png$/);

    const got = await t.app.fastify.inject({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
      'accept-ranges': 'bytes',
      'content-length': String(PNG.length),
    });
    expect(got.headers['content-disposition']).toBe("inline; filename*=UTF-8''%E5%A4%B4%E5%83%8F.png");
    expect(got.headers['content-security-policy']).toContain('sandbox');

    const again = await t.app.fastify.inject({
      method: 'GET',
      url: file.url,
      headers: { 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers byte ranges: 206 with Content-Range, 416 beyond the end', async () => {
    const { url } = (await upload('range.pdf', PDF)).body.data;
    const part = await t.app.fastify.inject({ method: 'GET', url, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.payload).toBe('%PDF-');
    expect(part.headers['content-range']).toBe(`bytes 0-4/${PDF.length}`);
    const tail = await t.app.fastify.inject({ method: 'GET', url, headers: { range: 'bytes=-6' } });
    expect(tail.payload).toBe('%%EOF\n');
    const beyond = await t.app.fastify.inject({ method: 'GET', url, headers: { range: `bytes=${PDF.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PDF.length}`);
  });

  it('sends documents as attachments, never inline', async () => {
    const { url } = (await upload('合同.pdf', PDF)).body.data;
    const got = await t.app.fastify.inject({ method: 'GET', url });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('answers 404 for an unknown key, and 400 for a malformed one', async () => {
    const unknown = await t.app.fastify.inject({ method: 'GET', url: `/api/file/raw/${'a'.repeat(32)}/x.png` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('文件不存在或已被删除');
    const malformed = await t.app.fastify.inject({ method: 'GET', url: '/api/file/raw/..%2F..%2Fetc/passwd' });
    expect(malformed.statusCode).toBe(400);
  });

  it('needs a session to upload', async () => {
    expect((await upload('a.png', PNG, undefined, '')).status).toBe(401);
  });

  it('accepts only the accepted groups: no html, svg, scripts or extensionless files', async () => {
    const before = storedFiles(dataDir());
    for (const name of ['page.html', 'icon.svg', 'run.exe', 'script.js', 'README']) {
      const res = await upload(name, Buffer.from('<script>alert(1)</script>'));
      expect(res.status, name).toBe(400);
      expect(res.body.msg, name).toMatch(/^文件格式不正确：不支持 /);
    }
    expect(storedFiles(dataDir())).toEqual(before);
  });

  it('refuses decompression-bomb images and images without readable dimensions, keeping nothing', async () => {
    const before = storedFiles(dataDir());
    const bomb = pngOf(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const refused = await upload('炸弹.png', bomb);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('图片尺寸过大：单边不得超过 16384 像素，总像素不得超过 64 百万');
    // A GIF header declaring 65,535 × 65,535 in a handful of bytes.
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0])]);
    expect((await upload('bomb.gif', gif)).status).toBe(400);
    // A JPEG signature with no frame header: nothing says how large it is.
    const headless = await upload('broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]));
    expect(headless.status).toBe(400);
    expect(headless.body.msg).toBe('无法识别图片尺寸，文件可能已损坏（.jpg）');
    expect(storedFiles(dataDir())).toEqual(before);
    // A long thin image within the bounds is fine.
    expect((await upload('banner.png', pngOf(IMAGE_MAX_SIDE, 4))).status).toBe(200);
  });

  it('refuses content disguised with an image extension, keeping nothing', async () => {
    const before = storedFiles(dataDir());
    const count = await t.database.db
      .selectFrom('file')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await upload('photo.png', Buffer.from('<html><body><script>alert(document.cookie)</script>'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('文件内容与扩展名 .png 不符');
    const jpegAsPng = await upload('photo.png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
    expect(jpegAsPng.status).toBe(400);
    expect(storedFiles(dataDir())).toEqual(before);
    const after = await t.database.db
      .selectFrom('file')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(count.n));
  });

  it('keeps a traversal name as a plain name; the bytes land under a random key in the storage folder', async () => {
    const res = await upload('../../../etc/passwd.png', PNG);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.name).toBe('passwd.png');
    const windows = await upload('..\\..\\boot.ini.png', PNG);
    expect(windows.body.data.name).toBe('boot.ini.png');
    for (const path of storedFiles(dataDir())) {
      expect(path.startsWith(join(dataDir(), 'files'))).toBe(true);
      expect(path).toMatch(/[\\/][\w-]{2}[\\/][\w-]{32}$/);
    }
  });

  it('refuses names over 500 characters and requests that are not multipart', async () => {
    const long = await upload(`${'长'.repeat(497)}.png`, PNG);
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('文件名不得超过 500 字符');
    const plain = await t.call('POST', '/file/upload', { token: admin, body: { file: 'x' } });
    expect(plain.status).toBe(400);
    expect(plain.body.msg).toBe('请以 multipart/form-data 方式上传文件');
  });

  it('lists the images uploaded for one owner, oldest first, without other files', async () => {
    await upload('一.png', PNG, { ownerId: 'notice-7' });
    await upload('说明.pdf', PDF, { ownerId: 'notice-7' });
    await upload('二.png', PNG, { ownerId: 'notice-7' });
    await upload('别人的.png', PNG, { ownerId: 'notice-8' });
    const res = await t.call('GET', '/file/images', { token: admin, query: { id: 'notice-7' } });
    expect((res.body.data as Array<{ name: string }>).map((i) => i.name)).toEqual(['一.png', '二.png']);
    expect((await t.call('GET', '/file/images', { query: { id: 'notice-7' } })).status).toBe(401);
  });

  it('stores JSON documents per (path, id), replacing them in place, within a size limit', async () => {
    const first = await t.call('POST', '/file/text/notice/42', {
      token: admin,
      body: { title: '通知', blocks: [1, 2] },
    });
    expect(first.status, first.body.msg).toBe(200);
    const id = first.body.data as string;
    expect((await t.call('GET', `/file/text/${id}`, { token: admin })).body.data).toEqual({
      title: '通知',
      blocks: [1, 2],
    });
    const second = await t.call('POST', '/file/text/notice/42', { token: admin, body: ['新内容'] });
    expect(second.body.data).toBe(id);
    expect((await t.call('GET', `/file/text/${id}`, { token: admin })).body.data).toEqual(['新内容']);

    const big = await t.call('POST', '/file/text/notice/43', { token: admin, body: { text: 'x'.repeat(600 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('文档内容超出限制（最大 512 KB）');
    const missing = await t.call('GET', '/file/text/no-such-document', { token: admin });
    expect(missing.status).toBe(404);
    const badPath = await t.call('POST', '/file/text/..%2Fetc/42', { token: admin, body: {} });
    expect(badPath.status).toBe(400);
  });
});

const OWNER_PASSWORD = 'Files#Owner2026-ok';
/** A zip of `size` bytes: its signature, then zeros. */
const zipOf = (size: number) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(size - 4)]);

/** Ownership, quota, hourly cap and deletion: each test signs in accounts of its own. */
describe.each(lanes)('file ownership on %s', (lane) => {
  const QUOTA = 1_048_576;
  const PER_HOUR = 5;
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  /** Holds 编辑账号 (and the account list); dominates accounts without a role. */
  let managerRole: number;
  /** The manager's resources and one more: the manager does not dominate it. */
  let widerRole: number;
  let serial = 0;

  async function account(roleId: number | null = null): Promise<{ id: number; token: string }> {
    const number = `fo${lane}${++serial}`;
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: number, accountName: number, password: OWNER_PASSWORD, orgId: rootOrg, roleId, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { id: (res.body.data as { id: number }).id, token: await t.login(number, OWNER_PASSWORD) };
  }

  const upload = async (token: string, filename: string, content: Buffer, query?: Record<string, string>) => {
    const response = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/file/upload',
      query,
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(filename, content),
    });
    return { status: response.statusCode, body: response.json() as { msg: string; data: Uploaded } };
  };

  const fileRows = async (accountId: number) =>
    t.database.db.selectFrom('file').select(['id', 'storage_key']).where('uploaded_by', '=', accountId).execute();

  beforeAll(async () => {
    t = await startTestApp(lane, { uploads: { ...testConfig().uploads, quotaBytes: QUOTA, perAccountHour: PER_HOUR } });
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
      route: string | null;
    }>;
    const api = (route: { method: string; path: string }) =>
      resources.find(
        (r) => r.method && r.url && resourceKey(r.method, r.url) === resourceKey(route.method, route.path),
      )!.id;
    const menu = resources.find((r) => r.route === '/user/Account')!.id;
    const managed = [menu, api(routes.updateAccount), api(routes.listAccounts)];
    const role = async (name: string, ids: number[]) => {
      const res = await t.call('POST', '/role', { token: admin, body: { name, resources: ids } });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    managerRole = await role(`files-manager-${lane}`, managed);
    widerRole = await role(`files-wider-${lane}`, [...managed, api(routes.listDicts)]);
  });
  afterAll(() => t.close());

  it('keeps a text document to its owner: another account can neither read nor overwrite it', async () => {
    const alice = await account();
    const bob = await account();
    const saved = await t.call('POST', '/file/text/note/fo-a1', { token: alice.token, body: { text: '甲的笔记' } });
    expect(saved.status, saved.body.msg).toBe(200);
    const id = saved.body.data as string;

    // Reading: the same answer as a document that does not exist.
    const read = await t.call('GET', `/file/text/${id}`, { token: bob.token });
    const missing = await t.call('GET', '/file/text/no-such-document', { token: bob.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual(missing.body);
    // Writing to the owner's (path, id): refused, and the content is untouched.
    const overwrite = await t.call('POST', '/file/text/note/fo-a1', { token: bob.token, body: { text: '乙改的' } });
    expect(overwrite.status).toBe(403);
    expect(overwrite.body.msg).toBe('无权修改他人的文档');

    const own = await t.call('GET', `/file/text/${id}`, { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ text: '甲的笔记' });
    expect(own.headers['cache-control']).toBe('private, no-store');
    const again = await t.call('POST', '/file/text/note/fo-a1', { token: alice.token, body: { text: '改过' } });
    expect(again.body.data).toBe(id);
    expect((await t.call('GET', `/file/text/${id}`, { token: alice.token })).body.data).toEqual({ text: '改过' });
  });

  it('lets an account holding 编辑账号 that dominates the owner read and write, and nobody wider', async () => {
    const alice = await account();
    const manager = await account(managerRole);
    const wider = await account(widerRole);
    const id = (await t.call('POST', '/file/text/note/fo-m1', { token: alice.token, body: [1] })).body.data as string;
    const widersId = (await t.call('POST', '/file/text/note/fo-w1', { token: wider.token, body: [2] })).body
      .data as string;

    expect((await t.call('GET', `/file/text/${id}`, { token: manager.token })).body.data).toEqual([1]);
    const edit = await t.call('POST', '/file/text/note/fo-m1', { token: manager.token, body: [1, 1] });
    expect(edit.status, edit.body.msg).toBe(200);
    expect(edit.body.data).toBe(id);
    // Still Alice's: she reads the manager's edit, and the super-admin reaches it too.
    expect((await t.call('GET', `/file/text/${id}`, { token: alice.token })).body.data).toEqual([1, 1]);
    expect((await t.call('GET', `/file/text/${id}`, { token: admin })).status).toBe(200);
    const row = await t.database.db
      .selectFrom('text_document')
      .select(['account_id', 'updated_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_id: alice.id, updated_by: manager.id });

    // An account the manager does not dominate: like a missing document, and no write.
    expect((await t.call('GET', `/file/text/${widersId}`, { token: manager.token })).status).toBe(404);
    expect((await t.call('POST', '/file/text/note/fo-w1', { token: manager.token, body: [] })).status).toBe(403);
    // The manager's own document is out of reach of the account without a role.
    const managersId = (await t.call('POST', '/file/text/note/fo-m2', { token: manager.token, body: {} })).body
      .data as string;
    expect((await t.call('GET', `/file/text/${managersId}`, { token: alice.token })).status).toBe(404);
  });

  it("refuses another account's image list and uploads into its group, and serves files as private", async () => {
    const alice = await account();
    const bob = await account();
    const manager = await account(managerRole);
    const first = await upload(alice.token, '甲.png', PNG, { ownerId: 'fo-gallery' });
    expect(first.status, first.body.msg).toBe(200);

    const list = await t.call('GET', '/file/images', { token: bob.token, query: { id: 'fo-gallery' } });
    expect(list.status).toBe(403);
    expect(list.body.msg).toBe('无权查看他人的图片列表');
    expect(list.body.data).toBeUndefined();
    const before = storedFiles(t.config.dataDir);
    const intrude = await upload(bob.token, '乙.png', PNG, { ownerId: 'fo-gallery' });
    expect(intrude.status).toBe(403);
    expect(intrude.body.msg).toBe('无权向他人的文件分组上传文件');
    expect(storedFiles(t.config.dataDir)).toEqual(before);
    expect(await fileRows(bob.id)).toEqual([]);

    // The manager (dominating Alice) adds to her group; she lists both.
    expect((await upload(manager.token, '管理员补充.png', PNG, { ownerId: 'fo-gallery' })).status).toBe(200);
    const own = await t.call('GET', '/file/images', { token: alice.token, query: { id: 'fo-gallery' } });
    expect((own.body.data as Array<{ name: string }>).map((i) => i.name)).toEqual(['甲.png', '管理员补充.png']);
    // A group nobody has used yet is anyone's to start.
    expect((await t.call('GET', '/file/images', { token: bob.token, query: { id: 'fo-empty' } })).body.data).toEqual(
      [],
    );

    const got = await t.app.fastify.inject({ method: 'GET', url: first.body.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('private, no-cache');
    const ranged = await t.app.fastify.inject({
      method: 'GET',
      url: first.body.data.url,
      headers: { range: 'bytes=0-3' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['cache-control']).toBe('private, no-cache');
  });

  it('deletes one’s own file, row and bytes; its url then answers 404; another’s file is refused', async () => {
    const alice = await account();
    const bob = await account();
    const manager = await account(managerRole);
    const file = (await upload(alice.token, '删除我.pdf', PDF)).body.data;
    const [row] = await fileRows(alice.id);
    const onDisk = () => storedFiles(t.config.dataDir).some((path) => path.endsWith(row!.storage_key));
    expect(onDisk()).toBe(true);

    const refused = await t.call('DELETE', '/file', { token: bob.token, query: { id: file.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('无权删除他人的文件');
    expect(onDisk()).toBe(true);
    expect((await t.app.fastify.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);

    const deleted = await t.call('DELETE', '/file', { token: alice.token, query: { id: file.id } });
    expect(deleted.status, deleted.body.msg).toBe(200);
    expect(await fileRows(alice.id)).toEqual([]);
    expect(onDisk()).toBe(false);
    const gone = await t.app.fastify.inject({ method: 'GET', url: file.url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('文件不存在或已被删除');
    expect((await t.call('DELETE', '/file', { token: alice.token, query: { id: file.id } })).status).toBe(404);
    expect((await t.call('DELETE', '/file', { token: alice.token, query: { id: '../x' } })).status).toBe(400);

    // The dominance rule: the manager deletes Alice's file.
    const other = (await upload(alice.token, '二.pdf', PDF)).body.data;
    expect((await t.call('DELETE', '/file', { token: manager.token, query: { id: other.id } })).status).toBe(200);
    expect(await fileRows(alice.id)).toEqual([]);
  });

  it('refuses an upload past the account quota before keeping anything, and frees the quota on delete', async () => {
    const alice = await account();
    const bob = await account();
    const first = await upload(alice.token, 'a.zip', zipOf(600 * 1024));
    expect(first.status, first.body.msg).toBe(200);
    const before = storedFiles(t.config.dataDir);

    // 600 KB more would pass 1 MB: the stream stops at what is left and nothing is kept.
    const over = await upload(alice.token, 'b.zip', zipOf(600 * 1024));
    expect(over.status).toBe(413);
    expect(over.body.msg).toBe('上传空间已满：每个账号最多存储 1 MB 文件（已用 0.6 MB），请删除不需要的文件后再试');
    expect(storedFiles(t.config.dataDir)).toEqual(before);
    expect((await fileRows(alice.id)).length).toBe(1);
    // What still fits is taken; once full, refused before a byte is read.
    expect((await upload(alice.token, 'c.zip', zipOf(QUOTA - 600 * 1024))).status).toBe(200);
    const full = await upload(alice.token, 'd.pdf', PDF);
    expect(full.status).toBe(413);
    expect(full.body.msg).toMatch(/^上传空间已满：每个账号最多存储 1 MB 文件（已用 1\.0 MB）/);
    // Another account's quota is its own.
    expect((await upload(bob.token, 'e.zip', zipOf(600 * 1024))).status).toBe(200);

    expect((await t.call('DELETE', '/file', { token: alice.token, query: { id: first.body.data.id } })).status).toBe(
      200,
    );
    expect((await upload(alice.token, 'f.pdf', PDF)).status).toBe(200);
  });

  it('never lets racing uploads of one account pass the quota together', async () => {
    const alice = await account();
    const before = storedFiles(t.config.dataDir).length;
    const results = await Promise.all(
      ['r1.zip', 'r2.zip', 'r3.zip'].map((name) => upload(alice.token, name, zipOf(600 * 1024))),
    );
    const stored = results.filter((r) => r.status === 200).length;
    expect(stored).toBeLessThanOrEqual(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(413);
    const rows = await t.database.db.selectFrom('file').select('size').where('uploaded_by', '=', alice.id).execute();
    expect(rows.length).toBe(stored);
    expect(rows.reduce((sum, r) => sum + Number(r.size), 0)).toBeLessThanOrEqual(QUOTA);
    expect(storedFiles(t.config.dataDir).length).toBe(before + stored);
  });

  it('caps uploads per account per hour, counted in the database for every process', async () => {
    const alice = await account();
    const bob = await account();
    for (let i = 0; i < PER_HOUR - 1; i++) expect((await upload(alice.token, `${i}.png`, PNG)).status).toBe(200);
    // A second server process on the same database counts the same attempts.
    const other = await startTestApp(
      lane,
      { uploads: { ...testConfig().uploads, quotaBytes: QUOTA, perAccountHour: PER_HOUR } },
      t.database,
    );
    try {
      const last = await other.app.fastify.inject({
        method: 'POST',
        url: '/api/file/upload',
        headers: { authorization: alice.token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart('last.png', PNG),
      });
      expect(last.statusCode, last.body).toBe(200);
    } finally {
      await other.close();
    }
    const before = storedFiles(t.config.dataDir);
    const refused = await upload(alice.token, 'more.png', PNG);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(`上传过于频繁：每个账号每小时最多上传 ${PER_HOUR} 个文件，请稍后再试`);
    expect(storedFiles(t.config.dataDir)).toEqual(before);
    expect((await fileRows(alice.id)).length).toBe(PER_HOUR);
    // Deleting a file does not give an attempt back; another account has its own count.
    const [row] = await fileRows(alice.id);
    expect((await t.call('DELETE', '/file', { token: alice.token, query: { id: row!.id } })).status).toBe(200);
    expect((await upload(alice.token, 'more.png', PNG)).status).toBe(429);
    expect((await upload(bob.token, 'bob.png', PNG)).status).toBe(200);

    // An hour later the window has moved on (the attempts moved back rather than the clock forward).
    await t.database.db
      .updateTable('upload_attempt')
      .set({ at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('account_id', '=', alice.id)
      .execute();
    expect((await upload(alice.token, 'later.png', PNG)).status).toBe(200);
    // The stale rows went with that upload.
    const left = await t.database.db
      .selectFrom('upload_attempt')
      .select('id')
      .where('account_id', '=', alice.id)
      .execute();
    expect(left.length).toBe(1);
  });
});

describe('parseRange', () => {
  it('reads single ranges and falls back to the whole file otherwise', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange('bytes=7-', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-99', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('bytes=10-', 10)).toBeNull();
    expect(parseRange('bytes=6-2', 10)).toBeNull();
  });
});

/**
 * Streams a multipart upload of `size` bytes over a real socket (a zip: its signature, then zeros), in 1 MiB
 * chunks with back-pressure, so neither side needs the body in memory.
 */
async function streamUpload(port: number, token: string, size: number) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
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
    stop = true; // the server has answered (e.g. 413): stop sending
  });
  req.write(head);
  let sent = 0;
  const signature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  while (sent < size && !stop) {
    const n = Math.min(chunk.length, size - sent);
    const piece =
      sent === 0 ? Buffer.concat([signature, chunk.subarray(0, n - signature.length)]) : chunk.subarray(0, n);
    sent += n;
    if (!req.write(piece)) await Promise.race([once(req, 'drain'), once(req, 'response'), once(req, 'close')]);
  }
  if (!stop) req.end(tail);
  return answered;
}

describe('large uploads over a real socket (SQLite)', () => {
  let t: TestApp;
  let admin: string;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = await t.login();
    await t.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.fastify.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  // A 100 MB upload's memory growth is measured in a server process of its own: apps/server/test/upload-memory.test.ts.
  it('takes a 100 MB upload', async () => {
    const result = await streamUpload(port, admin, UPLOAD_MAX_BYTES);
    expect(result.status, result.body).toBe(200);
    const data = (JSON.parse(result.body) as { data: Uploaded }).data;
    expect(data.size).toBe(UPLOAD_MAX_BYTES);
  }, 120_000);

  it('refuses one byte more with 413 and keeps no partial file', async () => {
    const before = storedFiles(t.config.dataDir).length;
    const result = await streamUpload(port, admin, UPLOAD_MAX_BYTES + 1);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).msg).toBe('文件大小超出限制（最大 100 MB）');
    // The handler removes the partial file once the stream fails, which may be just after the answer: wait for it
    // (a partial file that stays fails the wait).
    await vi.waitFor(() => expect(storedFiles(t.config.dataDir).length).toBe(before), { timeout: 30_000 });
  }, 120_000);
});
