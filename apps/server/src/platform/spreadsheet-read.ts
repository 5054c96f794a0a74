import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { AppError, badRequest } from './errors.js';
import { catalogues, type MessageKey, t } from './i18n.js';

/**
 * Reads an uploaded table (XLSX or CSV) into its header and rows of text, refusing hostile files before they cost
 * anything: a file that is neither, a zip that inflates past `maxInflatedBytes` (a zip bomb posing as XLSX, checked
 * by inflating with a counter, not by trusting the sizes the zip declares), more rows than `maxRows` (empty ones
 * count: a sheet of a million empty rows is refused), a cell longer than `maxCellChars`. Formulas are read as their
 * text (`=A1+1`), never evaluated. Every refusal is a 400 with a zh-CN (or en-US) message.
 */

export interface TableLimits {
  /** Data rows (the header not counted). */
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  /** Everything the XLSX zip holds, inflated. */
  maxInflatedBytes: number;
}

export const DEFAULT_TABLE_LIMITS: TableLimits = {
  maxRows: 100_000,
  maxColumns: 50,
  maxCellChars: 2_000,
  maxInflatedBytes: 128 * 1024 * 1024,
};

export interface ReadRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  cells: string[];
}

export interface ReadTable {
  header: string[];
  rows: ReadRow[];
}

const isZip = (buffer: Buffer) => buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;

/** Inflates every entry with a running count; past the limit (or on a corrupt zip) the file is refused. */
async function assertInflatesWithin(buffer: Buffer, maxBytes: number): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error || !file ? reject(error) : resolve(file),
    ),
  ).catch(() => {
    throw badRequest(t('sheet.notTable'));
  });
  let total = 0;
  let tooBig = false;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      if (total + entry.uncompressedSize > maxBytes) {
        tooBig = true;
        zip.close();
        resolve();
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes && !tooBig) {
            tooBig = true;
            stream.destroy();
            zip.close();
            resolve();
          }
        });
        stream.on('error', reject);
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  }).catch(() => {
    throw badRequest(t('sheet.notTable'));
  });
  if (tooBig) throw badRequest(t('sheet.tooBig', { mib: Math.round(maxBytes / 1024 / 1024) }));
}

/** One cell as text: numbers as written, dates as ISO 8601, a formula as its text (never its result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

function checkedRow(cells: string[], row: number, limits: TableLimits): string[] {
  if (cells.length > limits.maxColumns) throw badRequest(t('sheet.tooManyColumns', { max: limits.maxColumns }));
  for (const cell of cells) {
    if (cell.length > limits.maxCellChars) {
      throw badRequest(t('sheet.cellTooLong', { row, max: limits.maxCellChars }));
    }
  }
  return cells.map((c) => c.trim());
}

const blank = (cells: string[]) => cells.every((c) => c === '');

async function readXlsx(buffer: Buffer, limits: TableLimits): Promise<ReadTable> {
  await assertInflatesWithin(buffer, limits.maxInflatedBytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  // exceljs 4.4 reads a worksheet met after the workbook's relationships but before xl/workbook.xml against a model it
  // has not read yet (a TypeError on `model.sheets`). Its own writer puts the entries in that order now and then
  // (about one file in 300 here), so without this an export would sometimes not import back. An empty model only
  // leaves that sheet unnamed until workbook.xml is read.
  const internals = reader as unknown as { model?: { sheets?: unknown[] } };
  internals.model ??= { sheets: [] };
  let header: string[] | undefined;
  const rows: ReadRow[] = [];
  let seen = 0;
  try {
    for await (const sheet of reader) {
      // The data is on the first sheet shown; a template's drop-down choices are on a hidden one.
      if ((sheet as unknown as { state?: string }).state === 'hidden') {
        // Read through (the zip reads on only past it); its size is bounded by the inflate check above.
        for await (const _row of sheet as AsyncIterable<ExcelJS.Row>) seen += 0;
        continue;
      }
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        seen += 1;
        if (row.number > limits.maxRows + 1 || seen > limits.maxRows + 1) {
          throw badRequest(t('sheet.tooManyRows', { max: limits.maxRows }));
        }
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = checkedRow(
          Array.from(values, (v) => cellText(v as ExcelJS.CellValue)),
          row.number,
          limits,
        );
        if (!header) {
          if (blank(cells)) continue;
          header = cells;
          continue;
        }
        if (!blank(cells)) rows.push({ row: row.number, cells });
      }
      break; // the first worksheet only: a template's drop-down choices live on a hidden second one
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(t('sheet.notTable'));
  }
  if (!header) throw badRequest(t('sheet.empty'));
  return { header, rows };
}

function readCsv(buffer: Buffer, limits: TableLimits): ReadTable {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buffer);
  // A binary file (an image, a PDF, a zip that is not an XLSX) is not a table.
  if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > 3) throw badRequest(t('sheet.notTable'));
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: limits.maxCellChars * limits.maxColumns,
      to_line: limits.maxRows + 2,
    }) as string[][];
  } catch {
    throw badRequest(t('sheet.notTable'));
  }
  if (records.length > limits.maxRows + 1) throw badRequest(t('sheet.tooManyRows', { max: limits.maxRows }));
  let header: string[] | undefined;
  const rows: ReadRow[] = [];
  records.forEach((record, index) => {
    const cells = checkedRow(
      record.map((c) => (c.startsWith("'") && /^'[=+\-@\t\r]/.test(c) ? c.slice(1) : c)),
      index + 1,
      limits,
    );
    if (!header) {
      if (!blank(cells)) header = cells;
      return;
    }
    if (!blank(cells)) rows.push({ row: index + 1, cells });
  });
  if (!header) throw badRequest(t('sheet.empty'));
  return { header, rows };
}

/**
 * The table in an uploaded file: XLSX when it is a zip, else CSV (UTF-8, with or without a BOM). CSV cells that
 * the export guarded against formulas (`'=…`) read back without the guard's quote, so an export imports unchanged.
 */
export async function readTable(buffer: Buffer, limits: TableLimits = DEFAULT_TABLE_LIMITS): Promise<ReadTable> {
  if (buffer.length === 0) throw badRequest(t('sheet.empty'));
  return isZip(buffer) ? readXlsx(buffer, limits) : readCsv(buffer, limits);
}

/** A column's header in every language (zh-CN first): an import reads a sheet written in any of them. */
export const headersInEveryLanguage = (key: MessageKey): string[] => Object.values(catalogues).map((c) => c[key]);

/** A sheet's column as an import knows it: the headers it answers to (every language's) and whether it is read. */
export interface ImportColumn<K extends string> {
  key: K;
  /** The header in each language (zh-CN first); matched trimmed and case-insensitively. */
  headers: readonly string[];
  required?: boolean;
  /** Written by the export for reading only (e.g. 创建时间): accepted in the header, ignored in the rows. */
  readOnly?: boolean;
}

/**
 * Maps a header row onto the sheet's columns: each header cell names a known column once (any language); every
 * required column is present. A wrong header is refused with the column it names.
 */
export function mapHeader<K extends string>(
  header: readonly string[],
  columns: readonly ImportColumn<K>[],
): Map<K, number> {
  const byName = new Map<string, ImportColumn<K>>();
  for (const column of columns) for (const h of column.headers) byName.set(h.trim().toLowerCase(), column);
  const positions = new Map<K, number>();
  header.forEach((cell, index) => {
    if (cell === '') return;
    const column = byName.get(cell.toLowerCase());
    if (!column) throw badRequest(t('sheet.unknownColumn', { column: cell }));
    if (positions.has(column.key)) throw badRequest(t('sheet.duplicateColumn', { column: cell }));
    if (!column.readOnly) positions.set(column.key, index);
    else positions.set(column.key, -1);
  });
  const missing = columns.filter((c) => c.required && !positions.has(c.key)).map((c) => c.headers[0]);
  if (missing.length > 0) throw badRequest(t('sheet.missingColumns', { columns: missing.join('、') }));
  for (const [key, index] of positions) if (index < 0) positions.delete(key);
  return positions;
}
