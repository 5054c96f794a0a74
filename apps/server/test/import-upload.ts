import { crc32, deflateRawSync } from 'node:zlib';
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

/** A zip (stored entries deflated) of these files: enough of an XLSX for a reader to open. */
export function zip(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
