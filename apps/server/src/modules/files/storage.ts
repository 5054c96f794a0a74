import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a write learnt about the bytes on their way through. */
export interface Written {
  size: number;
  sha256: string;
  /** The first bytes, for the content check. */
  head: Buffer;
}

/**
 * Where file bytes live. Keys are generated here (random, url-safe) and are the only names the storage ever
 * sees, so no uploader-chosen name can reach the file system or a bucket. Two drivers: disk (below) and an
 * S3-compatible object store (s3-storage.ts); createFileStorage (storage-driver.ts) picks one from the config.
 * A storage that cannot be reached fails with StorageUnavailableError; the source's own errors pass through as
 * they are (the upload's limit, a client gone).
 */
export interface FileStorage {
  newKey(): string;
  /** Streams `source` into `key`; the object appears only once complete (a failed write leaves nothing). */
  write(key: string, source: Readable): Promise<Written>;
  /** The bytes from `start` to `end` inclusive (all when omitted). */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
}

const HEAD_BYTES = 16;
/** Keys as newKey() makes them; every driver refuses anything else before it can name a path or an object. */
export const KEY_PATTERN = /^[\w-]{20,64}$/;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}

export const newStorageKey = (): string => randomBytes(24).toString('base64url');

/**
 * The storage itself is out of reach (an object store that does not answer, refuses the credentials or fails):
 * not the request's fault, and a retry later may succeed. The files service answers it with 503.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`file storage unavailable (${operation}): ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'StorageUnavailableError';
  }
}

/**
 * A pass-through that learns what every write must report (size, SHA-256, the first bytes) from the bytes on
 * their way to any driver: the one place those are computed. A source cut at its limit (`truncated`, as
 * @fastify/multipart's file streams are) fails it at the end instead of ending it, so no driver completes a
 * write of a cut file.
 */
export function observeWrite(source: Readable & { truncated?: boolean }): { stream: Transform; written(): Written } {
  const hash = createHash('sha256');
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
    flush(done) {
      done(
        source.truncated ? Object.assign(new Error('the upload was cut at its limit'), { code: 'TRUNCATED' }) : null,
      );
    },
  });
  return { stream, written: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) }) };
}

/** Files under `$DATA_DIR/files/<first two key characters>/<key>`. */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    // Keys come from newKey(); anything else is refused before it can name a path.
    assertKey(key);
    return join(root, key.slice(0, 2), key);
  };
  return {
    newKey: newStorageKey,

    async write(key, source) {
      const target = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      const partial = `${target}.part`;
      const observe = observeWrite(source);
      const sink = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(source, observe.stream, sink);
        await rename(partial, target);
      } catch (error) {
        // A write refused early (the quota, a cut upload) can reject before the file's asynchronous open has
        // completed: the open would then create the part file after it was removed. Its close follows the open.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      return observe.written();
    },

    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return undefined;
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
