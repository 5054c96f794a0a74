import { API_BASE } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { type Cell, fetchTable } from '../../../test/table-file.js';

// The declare-once proof (ADR 0044) on the account sheet: 工号 (employeeNo) is one descriptor line and a migration, and the
// export, the template and the import serve it with no line of their own.

const BOUNDARY = '----gatehouse-import-boundary';
const INITIAL = 'Imported#2026-first';

function multipart(filename: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);

const record = (header: readonly Cell[], row: readonly Cell[] | undefined): Record<string, Cell> =>
  Object.fromEntries(header.map((h, i) => [String(h), row?.[i] ?? null]));

interface Preview {
  previewId: string;
  total: number;
  valid: number;
  existing: number;
  errors: { row: number; field: string; message: string }[];
  rejected: number;
}

describe.each(lanes)('工号 on the account sheet on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  async function preview(name: string, content: Buffer) {
    const res = await t.app.fastify.inject({
      method: 'POST',
      url: `${API_BASE}/account/import/preview`,
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(name, content),
    });
    const body = res.json() as { msg: string; data?: Preview };
    expect(res.statusCode, body.msg).toBe(200);
    return body.data as Preview;
  }

  const commit = (previewId: string, mode: 'insert' | 'upsert') =>
    t.call('POST', '/account/import/commit', { token: admin, body: { previewId, mode, initialPassword: INITIAL } });

  const employeeNos = async (numbers: string[]) =>
    Object.fromEntries(
      (
        await t.database.db
          .selectFrom('account')
          .select(['account_number', 'employee_no'])
          .where('account_number', 'in', numbers)
          .execute()
      ).map((r) => [r.account_number, r.employee_no]),
    );

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('imports 工号: trimmed on insert, a blank cell null; upsert sets and clears it, a file without it keeps it', async () => {
    const p = await preview(
      'insert.csv',
      csv([
        ['账号', '用户名', '所属组织', '工号'],
        ['emp.a', '甲', '总公司', 'E-100'],
        ['emp.b', '乙', '总公司', '  E-200 '],
        ['emp.c', '丙', '总公司', ''],
      ]),
    );
    expect(p).toMatchObject({ total: 3, valid: 3, rejected: 0 });
    const done = await commit(p.previewId, 'insert');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ inserted: 3, updated: 0, skipped: 0 });
    expect(await employeeNos(['emp.a', 'emp.b', 'emp.c'])).toEqual({
      'emp.a': 'E-100',
      'emp.b': 'E-200',
      'emp.c': null,
    });

    // The English header reads too; an account keeps its own 工号 (no clash with itself).
    const upsert = await preview(
      'upsert.csv',
      csv([
        ['Account', 'Name', 'Organization', 'Employee No.'],
        ['emp.a', '甲', '总公司', 'E-100'],
        ['emp.b', '乙', '总公司', ''],
        ['emp.c', '丙', '总公司', 'E-300'],
      ]),
    );
    expect(upsert).toMatchObject({ total: 3, valid: 3, existing: 3, rejected: 0 });
    expect((await commit(upsert.previewId, 'upsert')).body.data).toEqual({ inserted: 0, updated: 3, skipped: 0 });
    expect(await employeeNos(['emp.a', 'emp.b', 'emp.c'])).toEqual({
      'emp.a': 'E-100',
      'emp.b': null,
      'emp.c': 'E-300',
    });

    const narrow = await preview(
      'narrow.csv',
      csv([
        ['账号', '用户名', '所属组织'],
        ['emp.c', '丙改', '总公司'],
      ]),
    );
    expect((await commit(narrow.previewId, 'upsert')).body.data).toEqual({ inserted: 0, updated: 1, skipped: 0 });
    expect(await employeeNos(['emp.c'])).toEqual({ 'emp.c': 'E-300' });
  });

  it('refuses a 工号 the file repeats or another account holds, naming 工号; its pattern by the body schema', async () => {
    const p = await preview(
      'clash.csv',
      csv([
        ['账号', '用户名', '所属组织', '工号'],
        ['emp.d', '丁', '总公司', 'E-100'], // row 2: emp.a holds it
        ['emp.e', '戊', '总公司', 'E-500'], // 3
        ['emp.f', '己', '总公司', 'E-500'], // 4: repeats row 3
        ['emp.g', '庚', '总公司', 'bad no!'], // 5: not the pattern
        ['emp.a', '甲', '总公司', 'E-300'], // 6: emp.c holds it (an upsert of emp.a)
        ['emp.b', '乙', '总公司', 'E-700'], // 7: free
      ]),
    );
    expect(p).toMatchObject({ total: 6, valid: 2, existing: 1, rejected: 4 });
    const byRow = new Map(p.errors.map((e) => [e.row, e]));
    expect(byRow.get(2)).toEqual({ row: 2, field: 'employeeNo', message: '工号“E-100”已存在' });
    expect(byRow.get(4)).toEqual({ row: 4, field: 'employeeNo', message: '工号“E-500”与第 3 行重复' });
    expect(byRow.get(5)?.field).toBe('employeeNo');
    expect(byRow.get(5)?.message).toContain('工号');
    expect(byRow.get(6)).toEqual({ row: 6, field: 'employeeNo', message: '工号“E-300”已存在' });

    // Rechecked in the commit's transaction: taken since the preview, the whole import is refused.
    const later = await preview(
      'later.csv',
      csv([
        ['账号', '用户名', '所属组织', '工号'],
        ['emp.h', '辛', '总公司', 'E-900'],
      ]),
    );
    expect(later.valid).toBe(1);
    const taker = await preview(
      'taker.csv',
      csv([
        ['账号', '用户名', '所属组织', '工号'],
        ['emp.b', '乙', '总公司', 'E-900'],
      ]),
    );
    expect((await commit(taker.previewId, 'upsert')).status).toBe(200);
    const refused = await commit(later.previewId, 'insert');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('工号“E-900”已存在');
    expect(await employeeNos(['emp.h'])).toEqual({});
  });

  it('exports 工号 in the descriptor’s place, headed in the request’s language, alone with columns=employeeNo', async () => {
    const book = await fetchTable(t, '/account/export', { token: admin, query: { accountNumber: 'emp.' } });
    expect(book.status, book.msg).toBe(200);
    const head = book.rows[0] as Cell[];
    expect(head.slice(0, 3)).toEqual(['账号', '用户名', '工号']);
    const byNumber = new Map(book.rows.slice(1).map((r) => [record(head, r)['账号'], record(head, r)]));
    expect(byNumber.get('emp.a')?.['工号']).toBe('E-100');
    expect(byNumber.get('emp.b')?.['工号']).toBe('E-900');
    expect(byNumber.get('emp.d')).toBeUndefined();

    const english = await fetchTable(t, '/account/export', {
      token: admin,
      query: { accountNumber: 'emp.', format: 'csv' },
      language: 'en-US',
    });
    expect(english.rows[0]).toContain('Employee No.');

    const picked = await fetchTable(t, '/account/export', {
      token: admin,
      query: { accountNumber: 'emp.', columns: 'employeeNo,accountNumber', sort: 'accountNumber', format: 'csv' },
    });
    expect(picked.status, picked.msg).toBe(200);
    expect(picked.rows).toEqual([
      ['工号', '账号'],
      ['E-100', 'emp.a'],
      ['E-900', 'emp.b'],
      ['E-300', 'emp.c'],
    ]);

    // The export imports back unchanged, 工号 included.
    const file = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/account/export?accountNumber=emp.&format=csv`,
      headers: { authorization: admin },
    });
    const back = await preview('back.csv', file.rawPayload);
    expect(back).toMatchObject({ total: 3, valid: 3, existing: 3, rejected: 0 });
  });

  it('offers 工号 in the template, and the template imports as it is', async () => {
    const res = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/account/import/template`,
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const head = (sheet.getRow(1).values as Cell[]).slice(1);
    expect(head).toContain('工号');
    expect(sheet.getColumn(head.indexOf('工号') + 1).width).toBe(14);
    const p = await preview('template.xlsx', res.rawPayload);
    expect(p).toMatchObject({ total: 1, valid: 1, rejected: 0 });
  });
});
