import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStorageConfig } from '../../config.js';
import { assertKey, type FileStorage, newStorageKey, observeWrite, StorageUnavailableError } from './storage.js';

export type S3StorageConfig = Extract<FileStorageConfig, { driver: 's3' }>;

/**
 * Bytes buffered per part of a multipart upload: the smallest S3 allows. A body up to this size goes in one
 * PutObject; a larger one in parts, at most PART_QUEUE of them on the wire while the next fills, so an upload holds
 * at most (PART_QUEUE + 1) × PART_SIZE in memory whatever its size (100 MB uploads: 20 parts).
 */
export const PART_SIZE = 5 * 1024 * 1024;
const PART_QUEUE = 2;

/** Connect within 5 s; an answer's headers within 60 s (a part is sent from memory, 5 MiB). */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** The client the driver talks through (exported for tests that look into the bucket the same way). */
export function createS3Client(config: S3StorageConfig): S3Client {
  const options: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Since 3.729 the SDK adds CRC checksums to every upload and validates them on every download by default
    // (WHEN_SUPPORTED). Many S3-compatible stores (older MinIO and Ceph releases, s3rver, some gateways) refuse the
    // x-amz-checksum-* headers and aws-chunked bodies or answer without checksums; WHEN_REQUIRED sends them only for
    // the operations S3 demands them for. Integrity does not rest on them: SigV4 signs each part's SHA-256, and the
    // service records its own SHA-256 of the bytes it streamed.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The Node handler's options: a store that does not answer fails the request instead of holding it.
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  };
  if (config.endpoint) options.endpoint = config.endpoint;
  if (config.credentials) options.credentials = { ...config.credentials };
  return new S3Client(options);
}

/**
 * Files as objects `<prefix><key>` of one bucket in an S3-compatible store (ADR 0025). A write streams through the
 * same observer as on disk into a multipart upload (lib-storage) and appears only once complete: on any failure the
 * multipart upload is aborted, and an object that was completed anyway is deleted, so no partial object is left.
 * Reads stream GetObject (ranged when asked); size is HeadObject; remove is DeleteObject.
 */
export function createS3Storage(config: S3StorageConfig, client: S3Client = createS3Client(config)): FileStorage {
  const { bucket } = config;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${config.prefix}${key}`;
  };
  const unavailable = (operation: string, error: unknown) =>
    error instanceof StorageUnavailableError ? error : new StorageUnavailableError(operation, error);

  async function deleteObject(key: string): Promise<void> {
    try {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      throw unavailable('DeleteObject', error);
    }
  }

  return {
    newKey: newStorageKey,

    async write(key, source) {
      const target = objectKey(key);
      const observe = observeWrite(source);
      // Which side failed first decides the answer: the source's own error (the upload's limit, a client gone) is
      // passed on as it is; a storage failure becomes StorageUnavailableError.
      let failure: { from: 'source' | 'storage'; error: unknown } | undefined;
      // The body stream fails only from its source's side (its error, a cut at the limit) or when destroyed below,
      // after `failure` is set.
      const fromSource = (error: unknown) => {
        failure ??= { from: 'source', error };
      };
      source.once('error', fromSource);
      observe.stream.once('error', fromSource);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: target, Body: observe.stream, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: PART_QUEUE,
        // On failure lib-storage aborts the multipart upload (its parts are deleted), before done() rejects.
        leavePartsOnError: false,
      });
      const [piped, uploaded] = await Promise.allSettled([
        pipeline(source, observe.stream),
        upload.done().catch((error: unknown) => {
          failure ??= { from: 'storage', error };
          // The body is no longer read: end the pipeline rather than leave the source waiting on it.
          observe.stream.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }),
      ]);
      if (piped.status === 'fulfilled' && uploaded.status === 'fulfilled') return observe.written();
      if (uploaded.status === 'fulfilled') {
        // Completed, yet the source failed (it cannot have ended cleanly): the object must not stay.
        await deleteObject(key).catch(() => {});
      }
      const cause = failure ?? {
        from: piped.status === 'rejected' ? 'source' : 'storage',
        error: piped.status === 'rejected' ? piped.reason : (uploaded as PromiseRejectedResult).reason,
      };
      throw cause.from === 'source' ? cause.error : unavailable('upload', cause.error);
    },

    read(key, range) {
      const Key = objectKey(key);
      // Opened on first read, so nothing is asked of the store for a reply that is never sent.
      async function* body() {
        let answer: GetObjectCommandOutput;
        try {
          answer = await client.send(
            new GetObjectCommand({
              Bucket: bucket,
              Key,
              ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
            }),
          );
        } catch (error) {
          if (isNotFound(error)) throw Object.assign(new Error(`no object ${Key}`), { code: 'ENOENT' });
          throw unavailable('GetObject', error);
        }
        if (!(answer.Body instanceof Readable)) throw unavailable('GetObject', new Error('no body stream'));
        try {
          yield* answer.Body;
        } catch (error) {
          throw unavailable('GetObject', error);
        } finally {
          // An early stop (the client went away) releases the connection to the store.
          answer.Body.destroy();
        }
      }
      return Readable.from(body(), { objectMode: false });
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return head.ContentLength;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw unavailable('HeadObject', error);
      }
    },

    remove: deleteObject,
  };
}
