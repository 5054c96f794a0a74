import type { Logger } from '../../platform/logger.js';
import type { Job } from '../../platform/scheduler.js';
import type { LogRetention } from './retention.js';

/** AUDIT_RETENTION_DAYS, daily: at start (in the background: a first run over years of rows takes a while) and then. */
export function logRetentionJob(retention: LogRetention, log: Logger): Job {
  return {
    name: 'log-retention',
    everyMs: 86_400_000,
    async run({ now, signal }) {
      const deleted = await retention.prune(now, signal);
      if (deleted.audit || deleted.signIns) log.info({ deleted, days: retention.days }, 'old log rows deleted');
    },
  };
}
