import { HttpResponse } from 'msw';
import { failure } from '@/mocks/handle';

/** One column of a mocked export: its key (what `columns=` names), its zh-CN header, its value. */
export type MockExportColumn<R> = [key: string, header: string, value: (row: R) => unknown];

/** A cell as the server writes CSV: dates (a date column's value is a Date) as ISO 8601 UTC (ADR 0029). */
const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

/**
 * A list export as the server answers it, in CSV (BOM, formula guard, CRLF) with the columns `columns=` names, in
 * that order (an unknown one a 400 naming it). The mock writes no XLSX: it answers 501 with a message.
 */
export function mockTableExport<R>(
  fileName: string,
  query: { format?: 'xlsx' | 'csv'; columns?: string },
  columns: readonly MockExportColumn<R>[],
  rows: readonly R[],
): Response {
  if ((query.format ?? 'xlsx') !== 'csv') return failure(501, '模拟数据模式只能导出 CSV，导出 Excel 请连接服务器');
  const keys = (query.columns ?? '').split(',').filter(Boolean);
  const chosen = keys.length === 0 ? [...columns] : [];
  for (const key of keys) {
    const column = columns.find(([k]) => k === key);
    if (!column) return failure(400, `不支持的导出列：${key}`);
    chosen.push(column);
  }
  const lines = [chosen.map(([, header]) => header), ...rows.map((row) => chosen.map(([, , value]) => value(row)))];
  const text = `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
  return new HttpResponse(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${fileName}.csv`)}`,
    },
  });
}
