import { API_BASE } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import type { TestApp } from './harness.js';

/** An import preview as a test reads it. */
export interface ImportPreviewBody {
  previewId: string;
  total: number;
  valid: number;
  existing: number;
  errors: { row: number; field: string; message: string }[];
  rejected: number;
}

const BOUNDARY = '----gatehouse-import-boundary';

/** One file as multipart/form-data (field `file`), as the web app uploads it. */
export function multipart(filename: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** POSTs a sheet to an import's preview route. */
export async function uploadPreview(t: TestApp, path: string, token: string, name: string, content: Buffer) {
  const res = await t.app.fastify.inject({
    method: 'POST',
    url: API_BASE + path,
    headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(name, content),
  });
  const body = res.json() as { code: number; msg: string; data?: ImportPreviewBody };
  return { status: res.statusCode, msg: body.msg, data: body.data as ImportPreviewBody };
}

/** An XLSX of these rows (the first is the header). */
export async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A CSV (UTF-8 with a BOM) of these rows; cells are written as they are (no quoting). */
export const csvOf = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);

/** GETs a template and opens it: the first sheet's header and the hidden choices sheet. */
export async function fetchTemplate(t: TestApp, path: string, token: string) {
  const res = await t.app.fastify.inject({ method: 'GET', url: API_BASE + path, headers: { authorization: token } });
  const book = new ExcelJS.Workbook();
  if (res.statusCode === 200) await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { status: res.statusCode, raw: res.rawPayload, book };
}
