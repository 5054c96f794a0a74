export { FileKeys } from './file-keys.js';
export { importPreviewPurgeJob } from './imports.jobs.js';
export { createImportsRepository } from './imports.repository.js';
export { importsModule } from './imports.routes.js';
export {
  createImportJobs,
  IMPORT_ERRORS_LISTED,
  type ImportJobs,
  type ImportResultCounts,
  type PreviewRows,
  type RejectedRow,
} from './imports.service.js';
