import { join } from 'node:path';
import type { FileStorageConfig } from '../../config.js';
import { createS3Storage } from './s3-storage.js';
import { createDiskStorage, type FileStorage } from './storage.js';

/** The driver FILE_STORAGE names: `$DATA_DIR/files` on disk (the default), or a bucket of an S3-compatible store. */
export function createFileStorage(config: FileStorageConfig, dataDir: string): FileStorage {
  return config.driver === 's3' ? createS3Storage(config) : createDiskStorage(join(dataDir, 'files'));
}
