import { randomUUID } from 'node:crypto';
import {
  ALLOWED_EXTENSIONS,
  extensionOf,
  FILE_NAME_MAX,
  TEXT_DOCUMENT_MAX_BYTES,
  UPLOAD_MAX_BYTES,
} from '@gatehouse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../platform/db/db-errors.js';
import type { DB, FileRow } from '../../platform/db/schema.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import { CONTENT_TYPES, contentMatches, IMAGE_EXTENSIONS, servedInline } from './content-types.js';
import type { FileStorage } from './storage.js';

const allowed = new Set(ALLOWED_EXTENSIONS);
const tooLarge = () => new AppError(413, t('file.tooLarge', { limit: Math.round(UPLOAD_MAX_BYTES / 1048576) }));

/** The uploader's name without any path, control or bidi characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`; undefined = serve everything; null = unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: serving the whole file is a valid answer.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

function fileUrl(row: Pick<FileRow, 'storage_key' | 'name'>): string {
  return `/api/file/raw/${row.storage_key}/${encodeURIComponent(row.name)}`;
}

const toUploaded = (row: FileRow) => ({
  id: row.id,
  name: row.name,
  url: fileUrl(row),
  size: Number(row.size),
  contentType: row.content_type,
});

/**
 * Decompression bombs: a few kilobytes of PNG or GIF can declare 100,000 × 100,000 pixels, which a browser (or
 * any later thumbnailer) would try to allocate. Images are refused past these dimensions, read from the header
 * without decoding anything.
 */
export const IMAGE_MAX_SIDE = 16_384;
export const IMAGE_MAX_PIXELS = 64_000_000;
/** JPEG dimensions follow the EXIF block, which may be up to 64 KiB; more than enough room for any header. */
const IMAGE_HEADER_BYTES = 256 * 1024;

async function readHead(storage: FileStorage, key: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key, { start: 0, end: bytes - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** 'ok', 'unreadable' (no dimensions in the header) or 'tooLarge' (a side or the pixel count past the bounds). */
export function imageVerdict(head: Uint8Array): 'ok' | 'unreadable' | 'tooLarge' {
  let width: number;
  let height: number;
  try {
    ({ width, height } = imageSize(head));
  } catch {
    return 'unreadable';
  }
  if (!(width > 0 && height > 0)) return 'unreadable';
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) return 'tooLarge';
  return 'ok';
}

export function createFilesService(db: Kysely<DB>, storage: FileStorage) {
  return {
    /**
     * Streams the one file of a multipart request to storage (memory stays flat whatever the size), checking
     * name and extension before and the content signature after; a refusal leaves no bytes and no row.
     */
    async upload(request: FastifyRequest, ownerId: string | undefined, principal: Principal) {
      if (!request.isMultipart()) throw badRequest(t('file.notMultipart'));
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0 } });
      if (!part) throw badRequest(t('file.missing'));
      const name = cleanFileName(part.filename);
      const ext = extensionOf(name);
      const refuse = (error: AppError) => {
        part.file.resume(); // drain what is left, so the answer goes out at once
        return error;
      };
      if (!name) throw refuse(badRequest(t('file.missing')));
      if (name.length > FILE_NAME_MAX) throw refuse(badRequest(t('file.nameLength', { max: FILE_NAME_MAX })));
      if (!allowed.has(ext)) throw refuse(badRequest(t('file.extension', { ext: ext || '无扩展名' })));

      const key = storage.newKey();
      let written: Awaited<ReturnType<FileStorage['write']>>;
      try {
        written = await storage.write(key, part.file);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw tooLarge();
        // The storage removed its partial file; the rest of the body is drained so the answer reaches the caller.
        if (code === 'ENOSPC' || code === 'EDQUOT') throw refuse(new AppError(507, t('file.noSpace')));
        throw error;
      }
      if (part.file.truncated) {
        await storage.remove(key);
        throw tooLarge();
      }
      if (!contentMatches(ext, written.head)) {
        await storage.remove(key);
        throw badRequest(t('file.content', { ext }));
      }
      if (IMAGE_EXTENSIONS.has(ext)) {
        const verdict = imageVerdict(await readHead(storage, key, IMAGE_HEADER_BYTES));
        if (verdict !== 'ok') {
          await storage.remove(key);
          throw badRequest(
            verdict === 'unreadable'
              ? t('file.imageUnreadable', { ext })
              : t('file.imageTooLarge', { maxSide: IMAGE_MAX_SIDE, maxMegapixels: IMAGE_MAX_PIXELS / 1_000_000 }),
          );
        }
      }
      const row: FileRow = {
        id: randomUUID(),
        storage_key: key,
        name,
        ext,
        content_type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
        size: written.size,
        sha256: written.sha256,
        owner_id: ownerId ?? null,
        uploaded_by: principal.accountId,
        created_at: new Date().toISOString(),
      };
      try {
        await db.insertInto('file').values(row).execute();
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      return toUploaded(row);
    },

    /** The bytes at a capability url, with headers that keep a browser from running or sniffing them. */
    async download(key: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      const row = await db.selectFrom('file').selectAll().where('storage_key', '=', key).executeTakeFirst();
      const size = row ? await storage.size(row.storage_key) : undefined;
      if (!row || size === undefined) throw notFound(t('file.notFound'));
      const etag = `"${row.sha256}"`;
      const disposition = servedInline(row.content_type) ? 'inline' : 'attachment';
      reply
        .header('Content-Type', row.content_type)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Cross-Origin-Resource-Policy', 'same-origin')
        .header('ETag', etag)
        .header('Accept-Ranges', 'bytes');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const range = parseRange(request.headers.range, size);
      if (range === null) {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      }
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', range.end - range.start + 1);
        return reply.send(storage.read(row.storage_key, range));
      }
      reply.header('Content-Length', size);
      return reply.send(storage.read(row.storage_key));
    },

    async images(ownerId: string) {
      const rows = await db
        .selectFrom('file')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('ext', 'in', [...IMAGE_EXTENSIONS])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ url: fileUrl(row), name: row.name }));
    },

    /** Stores a JSON document as the one of (path, id): replacing it keeps its id. */
    async saveText(path: string, ownerId: string, content: unknown, principal: Principal): Promise<string> {
      const text = JSON.stringify(content ?? null);
      if (Buffer.byteLength(text) > TEXT_DOCUMENT_MAX_BYTES) {
        throw new AppError(413, t('file.textTooLarge', { limit: TEXT_DOCUMENT_MAX_BYTES / 1024 }));
      }
      const now = new Date().toISOString();
      const save = async () => {
        const existing = await db
          .selectFrom('text_document')
          .select('id')
          .where('path', '=', path)
          .where('owner_id', '=', ownerId)
          .executeTakeFirst();
        if (existing) {
          await db
            .updateTable('text_document')
            .set({ content: text, updated_by: principal.accountId, updated_at: now })
            .where('id', '=', existing.id)
            .execute();
          return existing.id;
        }
        const id = randomUUID();
        await db
          .insertInto('text_document')
          .values({ id, path, owner_id: ownerId, content: text, updated_by: principal.accountId, updated_at: now })
          .execute();
        return id;
      };
      try {
        return await save();
      } catch (error) {
        // Two first saves at once: the loser finds the winner's row and replaces its content.
        if (isUniqueViolation(error)) return save();
        throw error;
      }
    },

    async text(id: string): Promise<unknown> {
      const row = await db.selectFrom('text_document').select('content').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(t('file.textNotFound'));
      return JSON.parse(row.content);
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
