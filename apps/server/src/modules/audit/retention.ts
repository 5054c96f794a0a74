/** Rows deleted per statement: each delete is short, so a large backlog never holds the write lock for long. */
export const RETENTION_BATCH = 1000;
const DAY_MS = 86_400_000;

/** One log's batch delete: `(before, batch) → rows deleted`. */
type BatchPurge = (before: string, batch: number) => Promise<number>;

/** Runs `purge` batch after batch until a batch comes back short (or `signal` ends it), letting other work in between. */
async function inBatches(purge: BatchPurge, before: string, batch: number, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await purge(before, batch);
    total += deleted;
    if (deleted < batch || signal?.aborted) return total;
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
  batch?: number;
}

/**
 * AUDIT_RETENTION_DAYS: the operation log (操作日志) and the sign-in log (登录日志) keep rows for that many days,
 * pruned in batches. The scheduler runs it daily (audit.jobs.ts).
 */
export function createLogRetention(deps: LogRetentionDeps) {
  const batch = deps.batch ?? RETENTION_BATCH;
  return {
    get days(): number {
      return deps.days;
    },
    /**
     * Deletes what is older than the retention at `now`; answers how many rows of each log went. An aborted `signal`
     * ends it after the batch under way (the rest goes on the next run).
     */
    async prune(now = new Date(), signal?: AbortSignal): Promise<{ audit: number; signIns: number }> {
      if (deps.days === 0) return { audit: 0, signIns: 0 };
      const before = new Date(now.getTime() - deps.days * DAY_MS).toISOString();
      const audit = await inBatches(deps.purgeAudit, before, batch, signal);
      if (signal?.aborted) return { audit, signIns: 0 };
      return { audit, signIns: await inBatches(deps.purgeSignIns, before, batch, signal) };
    },
  };
}

export type LogRetention = ReturnType<typeof createLogRetention>;
