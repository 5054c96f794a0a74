import { randomUUID } from 'node:crypto';
import type { ImportMode } from '@gatehouse/contract';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/http.js';
import { t } from '../../platform/i18n.js';
import type { TableFile } from '../../platform/spreadsheet.js';
import type { ImportsRepository } from './imports.repository.js';

/** A preview is kept this long; older ones are deleted when the next one is made. */
export const IMPORT_KEEP_MS = 24 * 60 * 60 * 1000;
/** The errors a preview lists (the rejected sheet holds them all). */
export const IMPORT_ERRORS_LISTED = 1_000;

export interface RowError {
  row: number;
  field: string;
  message: string;
}

/** What a preview keeps: the rows found valid (checked and normalised by the kind's rules) and the refused ones. */
export interface ImportPayload<R> {
  header: string[];
  valid: R[];
  /** Valid rows whose key exists (skipped by insert, updated by upsert). */
  existing: number;
  rejected: { row: number; cells: string[]; errors: { field: string; message: string }[] }[];
  /** The columns the file had (an upsert changes only those: a column left out of the file is left alone). */
  columns: string[];
}

export interface ImportResultCounts {
  inserted: number;
  updated: number;
  skipped: number;
}

/**
 * The two steps of every import (issue 21), whatever it imports: a preview is stored, owned by the account that
 * made it; a commit claims it once (a second commit of the same preview is refused), reports progress while the
 * kind's `apply` runs in its transaction, and keeps the outcome. Progress is counted by the process doing the work.
 */
export function createImportJobs(repo: ImportsRepository, now: () => Date = () => new Date()) {
  const progress = new Map<string, number>();

  return {
    async save<R>(kind: string, principal: Principal, total: number, payload: ImportPayload<R>) {
      const at = now();
      await repo.deleteOlderThan(new Date(at.getTime() - IMPORT_KEEP_MS).toISOString());
      const previewId = randomUUID();
      await repo.insert({
        id: previewId,
        kind,
        accountId: principal.accountId,
        total,
        valid: payload.valid.length,
        payload: JSON.stringify(payload),
        now: at.toISOString(),
      });
      const errors: RowError[] = [];
      for (const r of payload.rejected) {
        for (const e of r.errors) {
          if (errors.length < IMPORT_ERRORS_LISTED) errors.push({ row: r.row, ...e });
        }
      }
      return {
        previewId,
        total,
        valid: payload.valid.length,
        existing: payload.existing,
        errors,
        rejected: payload.rejected.length,
      };
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
      const payload = JSON.parse(job.payload) as ImportPayload<R>;
      progress.set(previewId, 0);
      try {
        if (payload.valid.length === 0) throw badRequest(t('import.noValidRows'));
        const result = await apply(payload.valid, mode, (done) => progress.set(previewId, done), payload.columns);
        await repo.transition(previewId, 'committing', 'committed', JSON.stringify(result));
        return result;
      } catch (error) {
        await repo.transition(previewId, 'committing', 'previewed');
        throw error;
      } finally {
        progress.delete(previewId);
      }
    },

    /** Deletes the previews older than IMPORT_KEEP_MS (the hourly purge; each new preview does it too). */
    async purge(): Promise<void> {
      await repo.deleteOlderThan(new Date(now().getTime() - IMPORT_KEEP_MS).toISOString());
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
    async rejectedSheet(
      previewId: string,
      principal: Principal,
    ): Promise<TableFile<ImportPayload<unknown>['rejected'][number]>> {
      const job = await repo.find(previewId, principal.accountId);
      if (!job) throw notFound(t('import.notFound'));
      const payload = JSON.parse(job.payload) as ImportPayload<unknown>;
      return {
        format: 'xlsx',
        fileName: t('import.rejectedFileName'),
        fallbackName: 'rejected-rows',
        sheetName: t('import.rejectedFileName'),
        columns: [
          ...payload.header.map((header, index) => ({
            key: `c${index}`,
            header,
            value: (r: ImportPayload<unknown>['rejected'][number]) => r.cells[index] ?? '',
          })),
          { key: 'row', header: t('import.rowColumn'), type: 'number' as const, value: (r) => r.row },
          {
            key: 'errors',
            header: t('import.errorsColumn'),
            width: 60,
            value: (r) => r.errors.map((e) => e.message).join('；'),
          },
        ],
        rows: payload.rejected,
      };
    },
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
