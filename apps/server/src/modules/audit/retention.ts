import type { Logger } from '../../platform/logger.js';

/** Rows deleted per statement: each delete is short, so a large backlog never holds the write lock for long. */
export const RETENTION_BATCH = 1000;
const DAY_MS = 86_400_000;

/** One log's batch delete: `(before, batch) → rows deleted`. */
type BatchPurge = (before: string, batch: number) => Promise<number>;

/** Runs `purge` batch after batch until a batch comes back short, letting other work in between. */
async function inBatches(purge: BatchPurge, before: string, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await purge(before, batch);
    total += deleted;
    if (deleted < batch) return total;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export interface LogRetentionDeps {
  /** AUDIT_RETENTION_DAYS; 0 keeps every row. */
  days: number;
  /** The operation log's batch delete (the audit repository's purgeBefore). */
  purgeAudit: BatchPurge;
  /** The sign-in log's (the sign-in repository's purgeLogBefore). */
  purgeSignIns: BatchPurge;
  log: Logger;
  batch?: number;
}

/**
 * AUDIT_RETENTION_DAYS: the operation log (操作日志) and the sign-in log (登录日志) keep rows for that
 * many days. Pruned at start and then daily, by each process (the deletes are idempotent), in batches.
 */
export function createLogRetention(deps: LogRetentionDeps) {
  const batch = deps.batch ?? RETENTION_BATCH;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  /** Deletes what is older than the retention now; answers how many rows of each log went. */
  async function prune(): Promise<{ audit: number; signIns: number }> {
    if (deps.days === 0) return { audit: 0, signIns: 0 };
    const before = new Date(Date.now() - deps.days * DAY_MS).toISOString();
    return {
      audit: await inBatches(deps.purgeAudit, before, batch),
      signIns: await inBatches(deps.purgeSignIns, before, batch),
    };
  }

  const pruneLogged = () => {
    running = prune()
      .then((deleted) => {
        if (deleted.audit || deleted.signIns) deps.log.info({ deleted, days: deps.days }, 'old log rows deleted');
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'log retention failed'));
    return running;
  };

  return {
    prune,
    /** Prunes now without delaying the start (a first run over years of rows takes a while), then daily. */
    start(): void {
      if (timer || deps.days === 0) return;
      void pruneLogged();
      timer = setInterval(pruneLogged, DAY_MS);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
