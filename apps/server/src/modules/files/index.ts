export { createFilesRepository } from './files.repository.js';
export { filesModule } from './files.routes.js';
export { createFilesService, type FilesService } from './files.service.js';
export { createS3Storage } from './s3-storage.js';
export { createDiskStorage, StorageUnavailableError } from './storage.js';
export { createFileStorage } from './storage-driver.js';
