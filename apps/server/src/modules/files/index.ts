export { createFilesRepository } from './files.repository.js';
export { filesModule } from './files.routes.js';
export { createFilesService, type FilesService } from './files.service.js';
export { createDiskStorage } from './storage.js';
