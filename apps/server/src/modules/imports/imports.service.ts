import { randomUUID } from 'node:crypto';
import type { ImportMode } from '@gatehouse/contract';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { TableFile } from '../../platform/spreadsheet.js';
import { openTable, type TableLimits, type TableSource, type TableStream } from '../../platform/spreadsheet-read.js';
import { type ImportsRepository, MAX_PARTS, PART_STATE, partId } from './imports.repository.js';

/** A preview is kept this long; older ones are deleted when the next one is made. */
export const IMPORT_KEEP_MS = 24 * 60 * 60 * 1000;
/** The errors a preview lists (the rejected sheet holds them all). */
export const IMPORT_ERRORS_LISTED = 1_000;
/** How long a preview waits for the one running in this process before it is answered 429. */
export const PREVIEW_WAIT_MS = 10_000;
/** Previews that may wait at once; past that, 429 at once. */
const PREVIEW_WAITERS = 4;

export interface RowError {
  row: number;
  field: string;
  message: string;
}

/** A refused row as uploaded (its cells up to the header's last column, as the rejected sheet shows them). */
export interface RejectedRow {
  row: number;
  cells: string[];
  errors: { field: string; message: string }[];
}

/** One part of a preview's rows (a row of import_job of its own: imports.repository.ts). */
interface PreviewPart<R> {
  valid: R[];
  rejected: RejectedRow[];
}

/** What the preview row itself keeps: the file's header, counts, and the columns the file had. */
interface PreviewSummary {
  header: string[];
  /** Valid rows whose key exists (skipped by insert, updated by upsert). */
  existing: number;
  /** The columns the file had (an upsert changes only those: a column left out of the file is left alone). */
  columns: string[];
  /** Before the rows were stored in parts, a preview held them inline. */
  valid?: unknown[];
  rejected?: RejectedRow[];
}

/**
 * Where a kind's check puts each row as it reads the file in slices: a valid row (checked and normalised by the
 * kind's rules) or a refused one with its messages. `flush` stores what the slice added as one part, so the preview
 * holds a slice of rows at a time whatever the file's size.
 */
export interface PreviewRows<R> {
  valid(row: R): void;
  reject(row: number, cells: readonly string[], errors: { field: string; message: string }[]): void;
  flush(): Promise<void>;
}

export interface ImportResultCounts {
  inserted: number;
  updated: number;
  skipped: number;
}

/**
 * The two steps of every import, whatever it imports: a preview is stored, owned by the account that
 * made it; a commit claims it once (a second commit of the same preview is refused), reports progress while the
 * kind's `apply` runs in its transaction, and keeps the outcome. Progress is counted by the process doing the work.
 *
 * One preview runs in a process at a time (H-2): a second waits up to `previewWaitMs` for it, then is answered 429,
 * and its upload is not read while it waits.
 */
export function createImportJobs(
  repo: ImportsRepository,
  now: () => Date = () => new Date(),
  options: { previewWaitMs?: number } = {},
) {
  const progress = new Map<string, number>();
  const previewWaitMs = options.previewWaitMs ?? PREVIEW_WAIT_MS;
  let previewRunning = false;
  const previewQueue: Array<() => void> = [];

  /** Runs `work` holding the process's one preview slot (waiting for it briefly, else 429). */
  async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    if (previewRunning) {
      if (previewWaitMs <= 0 || previewQueue.length >= PREVIEW_WAITERS) {
        throw new AppError(429, t('import.previewBusy'));
      }
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          previewQueue.splice(previewQueue.indexOf(turn), 1);
          reject(new AppError(429, t('import.previewBusy')));
        }, previewWaitMs);
        previewQueue.push(turn);
      });
      // The slot was handed over: previewRunning stays true.
    } else previewRunning = true;
    try {
      return await work();
    } finally {
      const next = previewQueue.shift();
      if (next) next();
      else previewRunning = false;
    }
  }

  /** Every part of a preview, one at a time (or the rows a preview made before parts held inline). */
  async function* partsOf<R>(previewId: string, summary: PreviewSummary): AsyncGenerator<PreviewPart<R>> {
    if (summary.valid || summary.rejected) {
      yield { valid: (summary.valid ?? []) as R[], rejected: summary.rejected ?? [] };
      return;
    }
    for (const id of await repo.partIds(previewId)) {
      const payload = await repo.partPayload(id);
      if (payload !== undefined) yield JSON.parse(payload) as PreviewPart<R>;
    }
  }

  return {
    /**
     * A preview: takes the process's preview slot, reads the upload, opens the table, and lets the kind's `check`
     * read its slices and place each row; the rows are stored part by part as they are checked. A refusal half-way
     * (a limit passed further down the file) removes what was stored. Answers the counts and the first errors.
     */
    async preview<R>(
      kind: string,
      principal: Principal,
      file: TableSource | (() => Promise<TableSource>),
      limits: TableLimits,
      check: (
        table: TableStream,
        rows: PreviewRows<R>,
      ) => Promise<{ total: number; existing: number; columns: string[] }>,
    ) {
      return oneAtATime(async () => {
        const table = await openTable(typeof file === 'function' ? await file() : file, limits);
        const at = now();
        await repo.deleteOlderThan(new Date(at.getTime() - IMPORT_KEEP_MS).toISOString());
        const previewId = randomUUID();
        const created = at.toISOString();
        await repo.insert({
          id: previewId,
          kind,
          accountId: principal.accountId,
          state: 'reading',
          total: 0,
          valid: 0,
          payload: '{}',
          now: created,
        });
        const errors: RowError[] = [];
        let valid = 0;
        let rejected = 0;
        let parts = 0;
        let pending: PreviewPart<R> = { valid: [], rejected: [] };
        const rows: PreviewRows<R> = {
          valid(row) {
            pending.valid.push(row);
            valid += 1;
          },
          reject(row, cells, rowErrors) {
            pending.rejected.push({ row, cells: cells.slice(0, table.header.length), errors: rowErrors });
            rejected += 1;
            for (const e of rowErrors) if (errors.length < IMPORT_ERRORS_LISTED) errors.push({ row, ...e });
          },
          async flush() {
            if (pending.valid.length === 0 && pending.rejected.length === 0) return;
            parts += 1;
            if (parts > MAX_PARTS) throw badRequest(t('sheet.tooManyRows', { max: limits.maxRows }));
            const payload = JSON.stringify(pending);
            pending = { valid: [], rejected: [] };
            await repo.insert({
              id: partId(previewId, parts),
              kind,
              accountId: principal.accountId,
              state: PART_STATE,
              total: 0,
              valid: 0,
              payload,
              now: created,
            });
          },
        };
        try {
          const counts = await check(table, rows);
          await rows.flush();
          const summary: PreviewSummary = { header: table.header, existing: counts.existing, columns: counts.columns };
          await repo.complete(previewId, { total: counts.total, valid, payload: JSON.stringify(summary) });
          return { previewId, total: counts.total, valid, existing: counts.existing, errors, rejected };
        } catch (error) {
          await repo.remove(previewId);
          throw error;
        }
      });
    },

    /**
     * Applies a preview once: claims it (previewed → committing), runs `apply` with the valid rows and a progress
     * callback, keeps the outcome; a failure returns the preview to previewed (the transaction wrote nothing).
     */
    async commit<R>(
      kind: string,
      previewId: string,
      principal: Principal,
      mode: ImportMode,
      apply: (
        rows: R[],
        mode: ImportMode,
        report: (done: number) => void,
        columns: readonly string[],
      ) => Promise<ImportResultCounts>,
    ): Promise<ImportResultCounts> {
      const job = await repo.find(previewId, principal.accountId);
      if (!job || job.kind !== kind) throw notFound(t('import.notFound'));
      if (job.state === 'committed') throw badRequest(t('import.alreadyCommitted'));
      if (!(await repo.transition(previewId, 'previewed', 'committing'))) throw badRequest(t('import.busy'));
      const summary = JSON.parse(job.payload) as PreviewSummary;
      progress.set(previewId, 0);
      try {
        // The valid rows of every part: what the transaction applies (a commit holds them, as before H-2).
        const valid: R[] = [];
        for await (const part of partsOf<R>(previewId, summary)) for (const row of part.valid) valid.push(row);
        if (valid.length === 0) throw badRequest(t('import.noValidRows'));
        const result = await apply(valid, mode, (done) => progress.set(previewId, done), summary.columns);
        await repo.transition(previewId, 'committing', 'committed', JSON.stringify(result));
        return result;
      } catch (error) {
        await repo.transition(previewId, 'committing', 'previewed');
        throw error;
      } finally {
        progress.delete(previewId);
      }
    },

    /** Deletes the previews older than IMPORT_KEEP_MS at `at` (the hourly purge, imports.jobs.ts; each new preview does it too). */
    async purge(at = now()): Promise<void> {
      await repo.deleteOlderThan(new Date(at.getTime() - IMPORT_KEEP_MS).toISOString());
    },

    async progress(previewId: string, principal: Principal) {
      const job = await repo.find(previewId, principal.accountId);
      if (!job) throw notFound(t('import.notFound'));
      return {
        previewId,
        kind: job.kind,
        state: job.state as 'previewed' | 'committing' | 'committed' | 'failed',
        total: job.total,
        valid: job.valid,
        done: job.state === 'committed' ? job.valid : (progress.get(previewId) ?? 0),
        result: job.result ? (JSON.parse(job.result) as ImportResultCounts) : null,
      };
    },

    /** The refused rows as uploaded, each with its row number and messages: a sheet to fix and upload again. */
    async rejectedSheet(previewId: string, principal: Principal): Promise<TableFile<RejectedRow>> {
      const job = await repo.find(previewId, principal.accountId);
      if (!job) throw notFound(t('import.notFound'));
      const summary = JSON.parse(job.payload) as PreviewSummary;
      /** The refused rows part by part: the sheet is written as they are read. */
      async function* rejectedRows() {
        for await (const part of partsOf(previewId, summary)) yield* part.rejected;
      }
      return {
        format: 'xlsx',
        fileName: t('import.rejectedFileName'),
        fallbackName: 'rejected-rows',
        sheetName: t('import.rejectedFileName'),
        columns: [
          ...summary.header.map((header, index) => ({
            key: `c${index}`,
            header,
            value: (r: RejectedRow) => r.cells[index] ?? '',
          })),
          { key: 'row', header: t('import.rowColumn'), type: 'number' as const, value: (r) => r.row },
          {
            key: 'errors',
            header: t('import.errorsColumn'),
            width: 60,
            value: (r) => r.errors.map((e) => e.message).join('；'),
          },
        ],
        rows: rejectedRows(),
      };
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
