import { Type } from 'typebox';
import { FileResponse } from './common.js';
import { defineRoute } from './define.js';

/**
 * Importing a spreadsheet is two calls. `…/import/preview` (an upload of an XLSX or CSV file) checks every
 * row by the rules of the single-row API and writes nothing; `…/import/commit` applies the rows it found valid, in
 * one transaction. Rows are numbered as a spreadsheet shows them: the header is row 1.
 */

/** At most this many data rows in one imported file. */
export const IMPORT_MAX_ROWS = 100_000;
/** An uploaded file is at most this large. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** `insert`: rows whose key exists are skipped; `upsert`: they update what exists. */
export const IMPORT_MODES = ['insert', 'upsert'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const ImportRowError = Type.Object({
  /** The row as the spreadsheet numbers it (header = 1). */
  row: Type.Integer(),
  /** The column's key (e.g. contactNumber); empty for a rule about the whole row. */
  field: Type.String(),
  message: Type.String(),
});

export const ImportPreview = Type.Object({
  previewId: Type.String(),
  /** Data rows in the file. */
  total: Type.Integer(),
  /** Rows that may be applied. */
  valid: Type.Integer(),
  /** Valid rows whose key (account number, organisation path, item value) exists: skipped by insert, updated by upsert. */
  existing: Type.Integer(),
  /** Each refused row's first problem per field, in row order (at most 1,000 listed; `rejected` counts them all). */
  errors: Type.Array(ImportRowError),
  rejected: Type.Integer(),
});

export const ImportResult = Type.Object({
  inserted: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
});

export const ImportCommitBody = {
  previewId: Type.String({ minLength: 1, maxLength: 40, title: '导入预览' }),
  mode: Type.Unsafe<ImportMode>({ type: 'string', enum: [...IMPORT_MODES], maxLength: 10, title: '导入方式' }),
};

export const ImportProgress = Type.Object({
  previewId: Type.String(),
  kind: Type.String(),
  state: Type.Unsafe<'previewed' | 'committing' | 'committed' | 'failed'>({
    type: 'string',
    enum: ['previewed', 'committing', 'committed', 'failed'],
  }),
  total: Type.Integer(),
  valid: Type.Integer(),
  /** Rows applied so far while committing (known to the process doing it; else 0 until it ends). */
  done: Type.Integer(),
  result: Type.Union([ImportResult, Type.Null()]),
});

const previewIdParams = Type.Object(
  { previewId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$', title: '导入预览' }) },
  { additionalProperties: false },
);

export const importRoutes = {
  importProgress: defineRoute({
    method: 'GET',
    path: '/import/:previewId',
    access: 'signed-in',
    title: '导入进度',
    description:
      'The state of one of the caller’s own imports: previewed, committing (with the rows applied so far), committed (with what it did) or failed. Another account’s preview is unknown (404).',
    params: previewIdParams,
    response: ImportProgress,
  }),
  importRejected: defineRoute({
    method: 'GET',
    path: '/import/:previewId/rejected',
    access: 'signed-in',
    transport: 'file',
    title: '下载导入错误行',
    description:
      'The refused rows of one of the caller’s own import previews as an XLSX file: the columns as uploaded, then the row number in the uploaded file and the messages.',
    params: previewIdParams,
    response: FileResponse,
  }),
};
