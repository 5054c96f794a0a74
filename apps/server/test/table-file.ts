import { API_BASE } from '@gatehouse/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { TestApp } from './harness.js';

export type Cell = string | number | boolean | Date | null;

/** A table export as a test reads it: status, headers, the text of a refusal, and the rows (headers first). */
export interface ExportedTable {
  status: number;
  headers: Record<string, unknown>;
  msg: string;
  /** The raw body as text (CSV: with its BOM). */
  text: string;
  rows: Cell[][];
}

/**
 * GETs an export and parses the file it answers: CSV with csv-parse (cells as text; an empty cell reads null), XLSX
 * with exceljs (cells typed as written: a date is a Date, a text a string).
 */
export async function fetchTable(
  t: TestApp,
  path: string,
  options: { token: string; query?: Record<string, string>; language?: string },
): Promise<ExportedTable> {
  const res = await t.app.fastify.inject({
    method: 'GET',
    url: API_BASE + path,
    query: options.query,
    headers: { authorization: options.token, ...(options.language ? { 'accept-language': options.language } : {}) },
  });
  const out: ExportedTable = { status: res.statusCode, headers: res.headers, msg: '', text: res.body, rows: [] };
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode !== 200 || type.startsWith('application/json')) {
    out.msg = (res.json() as { msg: string }).msg;
    return out;
  }
  if (type.startsWith('text/csv')) {
    const records = parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
    out.rows = records.map((record) => record.map((cell) => (cell === '' ? null : cell)));
    return out;
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow((row) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= width; c += 1) {
      const value = row.getCell(c).value;
      cells.push(value === undefined || value === null ? null : (value as Cell));
    }
    out.rows.push(cells);
  });
  return out;
}
