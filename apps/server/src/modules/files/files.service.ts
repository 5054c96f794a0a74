import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  ALLOWED_EXTENSIONS,
  extensionOf,
  FILE_NAME_MAX,
  NOT_PLAIN_TEXT,
  TEXT_DOCUMENT_MAX_BYTES,
  UPLOAD_MAX_BYTES,
} from '@gatehouse/contract';
import { imageSize } from 'image-size';
import type { UploadLimits } from '../../config.js';
import { isUniqueViolation } from '../../platform/db/db-errors.js';
import type { FileRow } from '../../platform/db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { Logger } from '../../platform/logger.js';
import { CONTENT_TYPES, contentMatches, IMAGE_EXTENSIONS, servedInline } from './content-types.js';
import type { FilesRepository } from './files.repository.js';
import { type FileStorage, StorageUnavailableError } from './storage.js';

const allowed = new Set(ALLOWED_EXTENSIONS);
const MB = 1_048_576;
const tooLarge = () => new AppError(413, t('file.tooLarge', { limit: Math.round(UPLOAD_MAX_BYTES / MB) }));
const HOUR_MS = 3_600_000;

const NOT_PLAIN_TEXT_G = new RegExp(NOT_PLAIN_TEXT, 'gu');

/** The uploader's name without any path, control or bidi characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // Exactly what request text refuses (contract common.ts): the name must pass again in its /file/raw url.
  return base.replace(NOT_PLAIN_TEXT_G, '').trim();
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

/** One file part of an upload: the uploader's name and the bytes. */
export interface UploadPart {
  filename: string;
  /**
   * The bytes, stopping at the limit the part was read with: `truncated` is then set, or the stream fails with
   * code FST_REQ_FILE_TOO_LARGE (as @fastify/multipart's streams do).
   */
  file: Readable & { truncated?: boolean };
}

/** An upload as the service reads it (the multipart request, adapted by the route's handler). */
export interface UploadSource {
  /** Whether the request is multipart/form-data at all. */
  multipart: boolean;
  /**
   * The request's one file part, its bytes limited to `maxBytes` (and no other part or field allowed); undefined
   * when it holds none. Called once the group, the quota and the hourly cap have been judged.
   */
  file(maxBytes: number): Promise<UploadPart | undefined>;
}

/** What a download asks beside the key: the request's conditional and range headers, as sent. */
export interface DownloadRequest {
  ifNoneMatch?: string;
  range?: string;
}

/** A download's answer, for the handler to send: the status, the headers, and the bytes (none for 304 and 416). */
export interface DownloadAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string | number>;
  body?: Readable;
}

export interface FilesDeps {
  /**
   * The ownership rule (authz.mayActOnOwnedBy): the owner account, or one that manages accounts and dominates it.
   * `null`: the owner is unknown (rows from before 0012 without a writer).
   */
  mayAccess: (principal: Principal, ownerAccountId: number | null) => Promise<boolean>;
  limits: UploadLimits;
  /** Where a storage outage's cause is told (the caller is answered 503 without it). */
  log?: Logger;
  /** The clock the hourly upload window is judged by. */
  now?: () => number;
}

export function createFilesService(repo: FilesRepository, storage: FileStorage, deps: FilesDeps) {
  const now = deps.now ?? Date.now;
  // Read at each use: 系统参数 changes them while the server runs.
  const limits = deps.limits;

  const mayReach = (principal: Principal, owner: number | null) =>
    owner === principal.accountId ? Promise.resolve(true) : deps.mayAccess(principal, owner);

  /** A storage that cannot be reached is answered 503, its cause logged; any other error passes as it is. */
  const unavailable = (error: StorageUnavailableError) => {
    deps.log?.warn({ err: error }, 'file storage unavailable');
    return new AppError(503, t('file.storageUnavailable'));
  };
  const answerable = (error: unknown) => (error instanceof StorageUnavailableError ? unavailable(error) : error);
  /** A body whose storage fails before the first byte makes the error handler answer 503 instead of 500. */
  const answerableBody = (body: Readable): Readable => {
    const out = new PassThrough();
    body.on('error', (error) => out.destroy(answerable(error) as Error));
    out.on('close', () => body.destroy());
    return body.pipe(out);
  };

  const quotaRefusal = (used: number) =>
    new AppError(413, t('file.quota', { quota: Math.round(limits.quotaBytes / MB), used: (used / MB).toFixed(1) }));

  /**
   * Records this upload in the account's hourly window, or refuses it. The row goes in before the count, so of
   * racing uploads (in any process) the last to count sees all the others: the cap is never passed, only at worst
   * a racing pair is both refused. A refused attempt takes its row back.
   */
  async function admitAttempt(accountId: number): Promise<void> {
    const at = now();
    const since = new Date(at - HOUR_MS).toISOString();
    await repo.dropAttemptsBefore(accountId, since);
    const id = await repo.addAttempt(accountId, new Date(at).toISOString());
    if ((await repo.countAttemptsSince(accountId, since)) > limits.perAccountHour) {
      await repo.removeAttempt(id);
      throw new AppError(429, t('file.rate', { limit: limits.perAccountHour }));
    }
  }

  const service = {
    /**
     * Streams the one file of a multipart request to storage (memory stays flat whatever the size), checking
     * name and extension before and the content signature after; a refusal leaves no bytes and no row. The
     * group, the quota and the hourly cap are judged before any byte is read; the stream stops at what is left
     * of the quota.
     */
    async upload(source: UploadSource, ownerId: string | undefined, principal: Principal) {
      if (!source.multipart) throw badRequest(t('file.notMultipart'));
      if (ownerId !== undefined) {
        const group = await repo.groupOwner(ownerId);
        if (group && !(await mayReach(principal, group.owner))) throw forbidden(t('file.groupForbidden'));
      }
      const used = await repo.usedBytes(principal.accountId);
      if (used >= limits.quotaBytes) throw quotaRefusal(used);
      await admitAttempt(principal.accountId);
      const limit = Math.min(UPLOAD_MAX_BYTES, limits.quotaBytes - used);
      // Past the quota's rest, not the upload limit: the answer names the quota.
      const overLimit = () => (limit < UPLOAD_MAX_BYTES ? quotaRefusal(used) : tooLarge());
      const part = await source.file(limit);
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
        if (code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw overLimit();
        // The storage removed its partial file; the rest of the body is drained so the answer reaches the caller.
        if (code === 'ENOSPC' || code === 'EDQUOT') throw refuse(new AppError(507, t('file.noSpace')));
        if (error instanceof StorageUnavailableError) throw refuse(unavailable(error));
        throw error;
      }
      if (part.file.truncated) {
        await storage.remove(key);
        throw overLimit();
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
        created_at: new Date(now()).toISOString(),
      };
      try {
        await repo.insertFile(row);
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      // Racing uploads of one account each fitted the rest of the quota on their own: the row goes in before the
      // sum, so the last to sum sees the others and the total never ends up past the quota.
      const total = await repo.usedBytes(principal.accountId);
      if (total > limits.quotaBytes) {
        await repo.deleteFile(row.id);
        await storage.remove(key);
        throw quotaRefusal(total - written.size);
      }
      return toUploaded(row);
    },

    /**
     * The bytes at a capability url, with headers that keep a browser from running or sniffing them; a matching
     * If-None-Match answers 304, a Range one range (206) or 416.
     */
    async download(key: string, asked: DownloadRequest): Promise<DownloadAnswer> {
      const row = await repo.fileByKey(key);
      const size = row ? await storage.size(row.storage_key) : undefined;
      if (!row || size === undefined) throw notFound(t('file.notFound'));
      const etag = `"${row.sha256}"`;
      const disposition = servedInline(row.content_type) ? 'inline' : 'attachment';
      const headers: Record<string, string | number> = {
        'Content-Type': row.content_type,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        // Never in a shared cache, and revalidated (a 304 by the ETag) so a deleted file is gone at once.
        'Cache-Control': 'private, no-cache',
        'Cross-Origin-Resource-Policy': 'same-origin',
        ETag: etag,
        'Accept-Ranges': 'bytes',
      };
      if (asked.ifNoneMatch === etag) return { status: 304, headers };
      const range = parseRange(asked.range, size);
      if (range === null) return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } };
      if (range) {
        return {
          status: 206,
          headers: {
            ...headers,
            'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
            'Content-Length': range.end - range.start + 1,
          },
          body: answerableBody(storage.read(row.storage_key, range)),
        };
      }
      return {
        status: 200,
        headers: { ...headers, 'Content-Length': size },
        body: answerableBody(storage.read(row.storage_key)),
      };
    },

    /** The images of a group, oldest first: the group's owner's, and those who may act on that owner. */
    async images(group: string, principal: Principal) {
      const found = await repo.groupOwner(group);
      if (found && !(await mayReach(principal, found.owner))) throw forbidden(t('file.imagesForbidden'));
      const rows = await repo.filesOfGroup(group, [...IMAGE_EXTENSIONS]);
      return rows.map((row) => ({ url: fileUrl(row), name: row.name }));
    },

    /**
     * Deletes a file the caller may act on: the row, then the bytes (its capability url answers 404 from then
     * on). Should the bytes not go, the row comes back, so no file is left listed without its bytes.
     */
    async remove(id: string, principal: Principal): Promise<null> {
      const row = await repo.fileById(id);
      if (!row) throw notFound(t('file.notFound'));
      if (!(await mayReach(principal, row.uploaded_by))) throw forbidden(t('file.deleteForbidden'));
      // A racing delete got there first.
      if (!(await repo.deleteFile(id))) throw notFound(t('file.notFound'));
      try {
        await storage.remove(row.storage_key);
      } catch (error) {
        await repo.insertFile(row);
        throw error;
      }
      return null;
    },

    /**
     * Stores a JSON document as the one of (path, id): replacing it keeps its id and its owner (the account that
     * first stored it); another account replaces it only when it may act on that owner.
     */
    async saveText(path: string, ownerId: string, content: unknown, principal: Principal): Promise<string> {
      const text = JSON.stringify(content ?? null);
      if (Buffer.byteLength(text) > TEXT_DOCUMENT_MAX_BYTES) {
        throw new AppError(413, t('file.textTooLarge', { limit: TEXT_DOCUMENT_MAX_BYTES / 1024 }));
      }
      const stamp = new Date(now()).toISOString();
      const save = async () => {
        const existing = await repo.textOf(path, ownerId);
        if (existing) {
          if (!(await mayReach(principal, existing.account_id))) throw forbidden(t('file.textForbidden'));
          await repo.replaceText(existing.id, text, principal.accountId, stamp);
          return existing.id;
        }
        const id = randomUUID();
        await repo.insertText({
          id,
          path,
          owner_id: ownerId,
          account_id: principal.accountId,
          content: text,
          updated_by: principal.accountId,
          updated_at: stamp,
        });
        return id;
      };
      try {
        return await save();
      } catch (error) {
        // Two first saves at once: the loser finds the winner's row and replaces its content, if it may.
        if (isUniqueViolation(error)) return save();
        throw error;
      }
    },

    /** A document the caller may not reach answers like a missing one: its id tells nothing. */
    async text(id: string, principal: Principal): Promise<unknown> {
      const row = await repo.textById(id);
      if (!row || !(await mayReach(principal, row.account_id))) throw notFound(t('file.textNotFound'));
      return JSON.parse(row.content);
    },
  };

  // Whatever step of these meets a storage outage (the write, the image header read back, a removal, the size
  // asked before a download), the answer is the same 503.
  const guarded =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      method(...args).catch((error: unknown) => {
        throw answerable(error);
      });
  return {
    ...service,
    upload: guarded(service.upload),
    download: guarded(service.download),
    remove: guarded(service.remove),
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
