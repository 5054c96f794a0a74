import { createHash, randomBytes } from 'node:crypto';
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
 * sees, so no uploader-chosen name can reach the file system. An object-store driver implements the same.
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
const KEY_PATTERN = /^[\w-]{20,64}$/;

/** Files under `$DATA_DIR/files/<first two key characters>/<key>`. */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    // Keys come from newKey(); anything else is refused before it can name a path.
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return join(root, key.slice(0, 2), key);
  };
  return {
    newKey: () => randomBytes(24).toString('base64url'),

    async write(key, source) {
      const target = pathOf(key);
      await mkdir(join(root, key.slice(0, 2)), { recursive: true });
      const partial = `${target}.part`;
      const hash = createHash('sha256');
      let size = 0;
      const headChunks: Buffer[] = [];
      let headLength = 0;
      const observe = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          if (headLength < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
          }
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, observe, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
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
