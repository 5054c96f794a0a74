import type { Job } from '../../platform/scheduler.js';
import type { ImportJobs } from './imports.service.js';

/** Previews hold the rows of uploaded files (names, mobiles, e-mails): deleted hourly once IMPORT_KEEP_MS old. */
export function importPreviewPurgeJob(imports: Pick<ImportJobs, 'purge'>): Job {
  return { name: 'import-preview-purge', everyMs: 3_600_000, waitAtStart: true, run: ({ now }) => imports.purge(now) };
}
