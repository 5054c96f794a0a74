import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BOM } from './csv.js';
import { AppError } from './errors.js';
import { localeContext } from './i18n.js';
import {
  dayStamp,
  selectColumns,
  sendTable,
  type TableColumn,
  tableAttachmentHeaders,
  tableBuffer,
} from './spreadsheet.js';

interface Row {
  name: string;
  code: string;
  at: string;
}
const columns: TableColumn<Row>[] = [
  { key: 'name', header: '名称', value: (r) => r.name },
  { key: 'code', header: '编码', value: (r) => r.code },
  { key: 'at', header: '时间', value: (r) => r.at, type: 'date' },
];

describe('table attachments', () => {
  it('names the file RFC 5987-encoded with a plain-ASCII fallback, forbids sniffing, counts rows when known', () => {
    expect(
      tableAttachmentHeaders({ format: 'csv', fileName: '操作日志-20260101', fallbackName: 'audit-log', totalRows: 2 }),
    ).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition':
        'attachment; filename="audit-log.csv"; filename*=UTF-8\'\'%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97-20260101.csv',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'x-total-rows': '2',
    });
    const xlsx = tableAttachmentHeaders({ format: 'xlsx', fileName: '组织', fallbackName: 'orgs' });
    expect(xlsx['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx['x-total-rows']).toBeUndefined();
    const named = (fileName: string) =>
      tableAttachmentHeaders({ format: 'csv', fileName, fallbackName: fileName })['content-disposition'];
    expect(named('日志 "a"\\b')).toBe(
      'attachment; filename="__ _a__b.csv"; filename*=UTF-8\'\'%E6%97%A5%E5%BF%97%20%22a%22%5Cb.csv',
    );
    expect(named("it's (1)*")).toMatch(/filename\*=UTF-8''it%27s%20%281%29%2A\.csv$/);
  });

  it('sends a CSV as UTF-8 with a BOM, CRLF lines, guarded cells and the row count', async () => {
    const app = Fastify();
    app.get('/x', (_request, reply) =>
      sendTable(reply, {
        format: 'csv',
        fileName: 'x',
        fallbackName: 'x',
        sheetName: 'x',
        columns: [{ key: 'n', header: '名', value: (r: string) => r }],
        rows: ['=1', 'a,b'],
        totalRows: 2,
      }),
    );
    try {
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="x.csv"; filename*=UTF-8\'\'x.csv',
        'x-total-rows': '2',
      });
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(res.rawPayload.toString('utf8')).toBe(`${BOM}名\r\n'=1\r\n"a,b"\r\n`);
    } finally {
      await app.close();
    }
  });
});

describe('selectColumns', () => {
  it('answers every column without `columns`, else the named ones in the order named', () => {
    expect(selectColumns(columns, undefined).map((c) => c.key)).toEqual(['name', 'code', 'at']);
    expect(selectColumns(columns, '').map((c) => c.key)).toEqual(['name', 'code', 'at']);
    expect(selectColumns(columns, 'at,name').map((c) => c.key)).toEqual(['at', 'name']);
  });

  it('refuses an unknown or repeated key with a 400 naming it, in the request’s language', () => {
    const refusal = (keys: string) => {
      try {
        selectColumns(columns, keys);
      } catch (error) {
        return error as AppError;
      }
      throw new Error('not refused');
    };
    const unknown = refusal('name,secret');
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('不支持的导出列：secret（可导出的列：name, code, at）');
    expect(refusal('name,name').message).toBe('导出列重复：name');
    const english = localeContext.run('en-US', () => refusal('nope'));
    expect(english.message).toBe('Unknown export column: nope (columns: name, code, at)');
  });
});

describe('XLSX tables', () => {
  it('types the cells: dates as dates, codes as text', async () => {
    const buffer = await tableBuffer({
      format: 'xlsx',
      fileName: 't',
      fallbackName: 't',
      sheetName: '表',
      columns,
      rows: [{ name: '=SUM(A1)', code: '007', at: '2026-01-02T03:04:05.000Z' }],
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('表');
    expect(sheet?.getRow(1).values).toEqual([undefined, '名称', '编码', '时间']);
    expect(sheet?.getCell('A2').value).toBe('=SUM(A1)');
    expect(sheet?.getCell('B2').value).toBe('007');
    expect(sheet?.getCell('C2').value).toBeInstanceOf(Date);
  });

  it('writes a date column alike whether it holds stored text or epoch milliseconds, never the number (ADR 0029)', async () => {
    const at = '2026-01-02T03:04:05.000Z';
    const timed: TableColumn<{ at: string | number }>[] = [
      { key: 'at', header: '时间', value: (r) => r.at, type: 'date' },
    ];
    const file = (format: 'csv' | 'xlsx') => ({
      format,
      fileName: 't',
      fallbackName: 't',
      sheetName: '表',
      columns: timed,
      rows: [{ at }, { at: Date.parse(at) }],
    });
    const csv = (await tableBuffer(file('csv'))).toString('utf8');
    expect(csv).toBe(`${BOM}时间\r\n${at}\r\n${at}\r\n`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await tableBuffer(file('xlsx'))) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('表');
    const [text, ms] = [sheet?.getCell('A2').value, sheet?.getCell('A3').value];
    expect(text).toBeInstanceOf(Date);
    expect(ms).toEqual(text);
  });

  it('stamps a file name with the local date', () => {
    expect(dayStamp(new Date(2026, 0, 2, 23, 59))).toBe('20260102');
  });
});
