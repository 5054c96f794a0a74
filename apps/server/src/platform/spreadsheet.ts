import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { BOM, type CsvValue, csvCell } from './csv.js';
import { badRequest } from './errors.js';
import { t } from './i18n.js';

/**
 * The one table writer of the server: every export (lists, logs), every import template and every sheet of rejected
 * rows is a `TableFile` written by `writeTable` and answered by `sendTable`, as CSV (the one CSV writer, `csv.ts`'s
 * cells) or XLSX (exceljs's streaming writer: no workbook is ever held whole in memory). Rows are pulled from an
 * (async) iterable as the client reads, so an export of a million rows holds one batch at a time.
 */

export type TableFormat = 'csv' | 'xlsx';
export const TABLE_FORMATS = ['csv', 'xlsx'] as const satisfies readonly TableFormat[];

export type CellValue = string | number | boolean | Date | null | undefined;

export interface TableColumn<R> {
  /** The field's name: what a list's `columns=` parameter names. */
  key: string;
  /** The header cell, in the request's language. */
  header: string;
  value: (row: R) => CellValue;
  /**
   * How an XLSX cell is typed: `text` (the default) keeps identifiers such as account numbers, mobiles and codes as
   * text, never a number that loses its leading zeros; `date` is a date cell shown as yyyy-mm-dd hh:mm:ss in the
   * server's time zone; `number` a number cell. CSV writes every value as text (dates as ISO 8601, UTC). A `date`
   * value may be a Date, a stored time (ISO 8601 text) or epoch milliseconds, as the API answers it: files are for
   * people, so neither format ever shows the milliseconds (ADR 0029).
   */
  type?: 'text' | 'date' | 'number';
  /** Column width in characters (XLSX). */
  width?: number;
  /**
   * The values the column allows: an XLSX drop-down (data validation) on the column's data rows, listed on a hidden
   * sheet so any number of choices fits.
   */
  choices?: readonly string[];
}

export interface TableFile<R> {
  format: TableFormat;
  /** The name offered to the browser without its extension (any language; sent RFC 5987-encoded). */
  fileName: string;
  /** The plain-ASCII name for clients that do not read `filename*`, without its extension. */
  fallbackName: string;
  /** The worksheet's name (XLSX). */
  sheetName: string;
  columns: readonly TableColumn<R>[];
  rows: Iterable<R> | AsyncIterable<R>;
  /** Data rows a drop-down covers in a template (XLSX, columns with `choices`); 10,000 when omitted. */
  choiceRows?: number;
  /**
   * The number of data rows, when known before the first is written (an export read whole under a row cap, such as
   * the logs'): sent as the `x-total-rows` header. A streamed export does not know it and leaves it out.
   */
  totalRows?: number;
}

/**
 * The columns a list export writes: all of them when `keys` (the `columns=` parameter, comma-separated keys in
 * order) is absent or empty; else those named, in that order. An unknown or repeated key is a 400 naming it.
 */
export function selectColumns<R>(columns: readonly TableColumn<R>[], keys: string | undefined): TableColumn<R>[] {
  const named = (keys ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (named.length === 0) return [...columns];
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const seen = new Set<string>();
  return named.map((key) => {
    const column = byKey.get(key);
    if (!column)
      throw badRequest(t('export.unknownColumn', { column: key, known: columns.map((c) => c.key).join(', ') }));
    if (seen.has(key)) throw badRequest(t('export.repeatedColumn', { column: key }));
    seen.add(key);
    return column;
  });
}

/** The day in a file name (组织-20260101): the server's local date, as the date cells show its wall-clock time. */
export function dayStamp(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Rows written between two looks at the output's buffer (backpressure). */
const BATCH = 500;

/** RFC 5987 `value-chars`: percent-encoded UTF-8, `'()*` encoded as well (they are not `attr-char`s). */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Printable ASCII without the quote and backslash a quoted-string would have to escape; the rest becomes `_`. */
const asciiName = (text: string) => text.replace(/[^\x20-\x7E]|["\\]/g, '_');

/**
 * The headers of a table attachment: its type, the file name twice (`filename*=UTF-8''…` for every current browser,
 * a plain-ASCII `filename="…"` before it for the others), no sniffing, no caching.
 */
export function tableAttachmentHeaders(
  file: Pick<TableFile<unknown>, 'format' | 'fileName' | 'fallbackName' | 'totalRows'>,
): Record<string, string> {
  const ext = `.${file.format}`;
  return {
    'content-type': file.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
    'content-disposition': `attachment; filename="${asciiName(file.fallbackName + ext)}"; filename*=UTF-8''${rfc5987(file.fileName + ext)}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    ...(file.totalRows === undefined ? {} : { 'x-total-rows': String(file.totalRows) }),
  };
}

/** A date cell that shows the server's wall-clock time (a spreadsheet has no time zones). */
const wallClock = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000);

const asDate = (value: CellValue): Date | null => {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value === 'string' && value !== '') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
};

function xlsxCell(column: TableColumn<unknown>, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'date': {
      const d = asDate(value);
      return d ? wallClock(d) : String(value);
    }
    case 'number':
      return typeof value === 'number' ? value : String(value);
    default:
      // Written as a string cell: never a formula, never a number (a text that starts with = stays text).
      return value instanceof Date ? value.toISOString() : String(value);
  }
}

/** A CSV cell's value: dates (and a date column's stored text or epoch ms) as ISO 8601 UTC. */
function csvValue(column: TableColumn<unknown>, value: CellValue): CsvValue {
  const date = column.type === 'date' ? asDate(value) : value instanceof Date ? value : null;
  if (date) return Number.isNaN(date.getTime()) ? '' : date.toISOString();
  return value instanceof Date ? '' : value;
}

/**
 * Waits while the zip behind an XLSX sheet is behind: exceljs hands each committed row to the zip's deflate stream
 * without waiting for it (its StreamBuf ignores backpressure), so the rows of a big export would pile up there in
 * memory while the deflate catches up. The sheet's stream lists that consumer in `pipes` once the zip reads it.
 */
async function zipCaughtUp(sheet: unknown) {
  const stream = (sheet as { stream?: { pipes?: Writable[]; buffers?: unknown[] } }).stream;
  // Not read by the zip yet (it writes the entries before it first): the rows wait in the sheet's buffers.
  while (stream && stream.pipes?.length === 0 && (stream.buffers?.length ?? 0) > 16) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  // readable-stream 3's streams (exceljs's) have no writableNeedDrain getter: their state says it.
  for (const consumer of stream?.pipes ?? []) {
    const state = (consumer as unknown as { _writableState?: { needDrain?: boolean } })._writableState;
    if ((state?.needDrain || consumer.writableNeedDrain) && !consumer.destroyed) await once(consumer, 'drain');
  }
}

/** Waits while the output holds more than its high-water mark: the export never runs ahead of the client. */
async function drained(out: Writable) {
  if (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
}

async function writeCsv<R>(out: Writable, file: TableFile<R>): Promise<number> {
  const line = (cells: CsvValue[]) => `${cells.map((c) => csvCell(c)).join(',')}\r\n`;
  out.write(BOM + line(file.columns.map((c) => c.header)));
  let count = 0;
  let chunk = '';
  for await (const row of file.rows) {
    chunk += line(file.columns.map((c) => csvValue(c as TableColumn<unknown>, c.value(row))));
    count += 1;
    if (count % BATCH === 0) {
      out.write(chunk);
      chunk = '';
      await drained(out);
    }
  }
  if (chunk) out.write(chunk);
  return count;
}

/** exceljs's streaming sheet writes data validations with the sheet; its typings leave them out. */
interface StreamedValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/** Excel's name of a column: 1 → A, 27 → AA. */
export function columnLetter(index: number): string {
  let n = index;
  let name = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

async function writeXlsx<R>(out: Writable, file: TableFile<R>): Promise<number> {
  // Loaded on the first export, not at every start: exceljs and what it imports take ~0.2 s of a start's ~1.5 s.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(file.sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = file.columns.map((c) => ({
    key: c.key,
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length * 2 + 4),
    style: c.type === 'date' ? { numFmt: DATE_FORMAT } : c.type === 'number' ? {} : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  // Drop-downs: each column's choices on a hidden sheet, referred to by the column's data validation.
  const withChoices = file.columns.map((c, i) => ({ c, i })).filter(({ c }) => c.choices && c.choices.length > 0);
  if (withChoices.length > 0) {
    const last = (file.choiceRows ?? 10_000) + 1;
    withChoices.forEach(({ c, i }, n) => {
      const ref = `'选项'!$${columnLetter(n + 1)}$1:$${columnLetter(n + 1)}$${c.choices?.length}`;
      (sheet as unknown as StreamedValidations).dataValidations.add(
        `${columnLetter(i + 1)}2:${columnLetter(i + 1)}${last}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [ref],
          showErrorMessage: true,
          errorTitle: c.header,
          error: c.choices?.slice(0, 5).join(' / '),
        },
      );
    });
  }
  let count = 0;
  for await (const row of file.rows) {
    sheet.addRow(file.columns.map((c) => xlsxCell(c as TableColumn<unknown>, c.value(row)))).commit();
    count += 1;
    if (count % BATCH === 0) {
      await zipCaughtUp(sheet);
      await drained(out);
    }
  }
  sheet.commit();
  if (withChoices.length > 0) {
    const lists = workbook.addWorksheet('选项', { state: 'hidden' });
    const longest = Math.max(...withChoices.map(({ c }) => c.choices?.length ?? 0));
    for (let r = 0; r < longest; r += 1) {
      lists.addRow(withChoices.map(({ c }) => c.choices?.[r] ?? null)).commit();
    }
    lists.commit();
  }
  await workbook.commit();
  return count;
}

/** Writes the table to `out` (left open for CSV; XLSX's writer ends it) and answers how many data rows it wrote. */
export async function writeTable<R>(out: Writable, file: TableFile<R>): Promise<number> {
  return file.format === 'csv' ? writeCsv(out, file) : writeXlsx(out, file);
}

/**
 * Answers a table as an attachment, streamed: the handler of a 'file' route returns what this returns. A failure
 * after the first bytes cuts the download short (the browser shows it failed) rather than sending a whole-looking
 * file; it is logged with the request.
 */
export function sendTable<R>(reply: FastifyReply, file: TableFile<R>): FastifyReply {
  const body = new PassThrough({ highWaterMark: 256 * 1024 });
  writeTable(body, file).then(
    () => {
      if (!body.writableEnded) body.end();
    },
    (error: unknown) => {
      reply.log.error({ err: error }, 'table export failed');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return reply.headers(tableAttachmentHeaders(file)).send(body);
}

/** Writes a table into memory (tests, and sheets small enough to hold: a template, rejected rows). */
export async function tableBuffer<R>(file: TableFile<R>): Promise<Buffer> {
  const body = new PassThrough();
  const chunks: Buffer[] = [];
  body.on('data', (c: Buffer) => chunks.push(c));
  const done = once(body, 'end');
  await writeTable(body, file);
  if (!body.writableEnded) body.end();
  await done;
  return Buffer.concat(chunks);
}
