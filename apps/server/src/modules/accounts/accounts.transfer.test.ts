import { ACCOUNT_SHEET_COLUMNS, API_BASE, accountEntity, sheetColumns } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { zip } from '../../../test/import-upload.js';
import { type Cell, fetchTable } from '../../../test/table-file.js';

const PASSWORD = 'Transfer#2026-safe';
const INITIAL = 'Imported#2026-first';
const BOUNDARY = '----gatehouse-import-boundary';
const HEADER = ['账号', '用户名', '所属组织', '角色', '手机号码', '邮箱', '状态'];
/** The sheet's columns as the descriptor declares them: every column an export writes, in its order. */
const SHEET = sheetColumns(accountEntity);
const headers = (locale: 'zh-CN' | 'en-US') => SHEET.map((column) => column.header[locale]);
const TEMPLATE = SHEET.filter((column) => column.template).map((column) => column.header['zh-CN']);

/** A sheet's row by its header (a descriptor may add columns anywhere among those a test names). */
const record = (header: readonly Cell[], row: readonly Cell[] | undefined): Record<string, Cell> =>
  Object.fromEntries(header.map((h, i) => [String(h), row?.[i] ?? null]));

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

async function xlsx(rows: (string | number | ExcelJS.CellValue)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('账号');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);

interface Preview {
  previewId: string;
  total: number;
  valid: number;
  existing: number;
  errors: { row: number; field: string; message: string }[];
  rejected: number;
}

describe.each(lanes)('account import and export on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  /** 总公司 › 华东区(east) › 上海(shanghai); 华北区(north). */
  let east: number;
  let shanghai: number;
  let north: number;
  let staffRole: number;

  async function ok<T>(res: Promise<{ status: number; body: { msg: string; data?: unknown } }>): Promise<T> {
    const r = await res;
    expect(r.status, r.body.msg).toBe(200);
    return r.body.data as T;
  }

  async function preview(token: string, name: string, content: Buffer, language?: string) {
    const res = await t.app.fastify.inject({
      method: 'POST',
      url: `${API_BASE}/account/import/preview`,
      headers: {
        authorization: token,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(language ? { 'accept-language': language } : {}),
      },
      payload: multipart(name, content),
    });
    const body = res.json() as { code: number; msg: string; data?: Preview };
    return { status: res.statusCode, msg: body.msg, data: body.data as Preview };
  }

  const commit = (token: string, previewId: string, mode: 'insert' | 'upsert', initialPassword = INITIAL) =>
    t.call('POST', '/account/import/commit', { token, body: { previewId, mode, initialPassword } });

  const accountCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('account')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    const org = (name: string, pid: number | null) =>
      ok<{ id: number }>(t.call('POST', '/org', { token: admin, body: { name, pid } }));
    const root = (
      await t.database.db
        .selectFrom('org')
        .select('id')
        .where('pid', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    east = (await org('华东区', root)).id;
    shanghai = (await org('上海', east)).id;
    north = (await org('华北区', root)).id;
    const resources = (await t.database.db.selectFrom('resource').select('id').execute()).map((r) => r.id);
    staffRole = (
      await ok<{ id: number }>(
        t.call('POST', '/role', { token: admin, body: { name: '导入员工', resources: resources.slice(0, 3) } }),
      )
    ).id;
    for (const [n, orgId] of [
      ['xfer.a', shanghai],
      ['xfer.b', east],
      ['xfer.c', north],
    ] as const) {
      await ok(
        t.call('POST', '/account', {
          token: admin,
          body: {
            accountNumber: n,
            accountName: `姓名${n}`,
            password: PASSWORD,
            orgId,
            roleId: staffRole,
            state: 1,
            contactNumber: n === 'xfer.a' ? '13912345678' : null,
            email: `${n}@corp.example`,
          },
        }),
      );
    }
  });
  afterAll(() => t.close());

  it('exports the filtered list as typed XLSX and guarded CSV, in the chosen columns and order', async () => {
    const book = await fetchTable(t, '/account/export', { token: admin, query: { accountNumber: 'xfer.' } });
    expect(book.status, book.msg).toBe(200);
    expect(book.headers['content-type']).toContain('spreadsheetml');
    expect(String(book.headers['content-disposition'])).toContain("filename*=UTF-8''%E8%B4%A6%E5%8F%B7-");
    // Every column of the descriptor, in its order; the ones named here among them in this order.
    const head = book.rows[0] as Cell[];
    expect(head).toEqual(headers('zh-CN'));
    expect(head.filter((h) => [...HEADER, '创建时间'].includes(String(h)))).toEqual([...HEADER, '创建时间']);
    const byNumber = new Map(book.rows.slice(1).map((r) => [record(head, r)['账号'], record(head, r)]));
    expect([...byNumber.keys()].sort()).toEqual(['xfer.a', 'xfer.b', 'xfer.c']);
    expect(HEADER.map((h) => byNumber.get('xfer.a')?.[h])).toEqual([
      'xfer.a',
      '姓名xfer.a',
      '总公司/华东区/上海',
      '导入员工',
      '13912345678',
      'xfer.a@corp.example',
      '启用',
    ]);
    expect(byNumber.get('xfer.a')?.['创建时间']).toBeInstanceOf(Date);

    const sorted = await fetchTable(t, '/account/export', {
      token: admin,
      query: {
        accountNumber: 'xfer.',
        sort: 'accountNumber',
        order: 'desc',
        columns: 'orgPath,accountNumber',
        format: 'csv',
      },
    });
    expect(sorted.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sorted.rows).toEqual([
      ['所属组织', '账号'],
      ['总公司/华北区', 'xfer.c'],
      ['总公司/华东区', 'xfer.b'],
      ['总公司/华东区/上海', 'xfer.a'],
    ]);
    const scoped = await fetchTable(t, '/account/export', {
      token: admin,
      query: { orgId: String(east), columns: 'accountNumber', format: 'csv' },
    });
    expect(scoped.rows.slice(1).flat().sort()).toEqual(['xfer.a', 'xfer.b']);

    const unknown = await fetchTable(t, '/account/export', {
      token: admin,
      query: { columns: 'accountNumber,password' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toBe(`不支持的导出列：password（可导出的列：${ACCOUNT_SHEET_COLUMNS.join(', ')}）`);
  });

  it('heads the sheet with the descriptor’s labels in the request’s language and reads back every language’s', async () => {
    const english = await fetchTable(t, '/account/export', {
      token: admin,
      query: { accountNumber: 'xfer.', format: 'csv', sort: 'accountNumber' },
      language: 'en-US',
    });
    expect(english.status, english.msg).toBe(200);
    expect(english.rows[0]).toEqual(headers('en-US'));
    expect(english.rows[0]).toEqual(expect.arrayContaining(['Account', 'Name', 'Organization', 'Mobile number']));
    expect(record(english.rows[0] as Cell[], english.rows[1])).toMatchObject({ Account: 'xfer.a', Status: 'Enabled' });
    // An English sheet imports back: each row found, none refused (the seeded root is named in the caller's language).
    const p = await preview(admin, 'english.csv', Buffer.from(english.text), 'en-US');
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 3, valid: 3, existing: 3, rejected: 0 });

    // Headers in any language whatever the caller's, and the descriptor's earlier headers of the mobile number
    // (aliases), as sheets of earlier releases wrote them.
    const old = csv([
      ['Account', 'Name', 'Organization', 'Mobile', 'Status'],
      ['alias.mobile', '旧英文表', '总公司', '13600003333', 'Disabled'],
    ]);
    const phone = csv([
      ['账号', '用户名', '所属组织', 'Phone'],
      ['alias.phone', '旧表', '总公司', '13600004444'],
    ]);
    for (const file of [old, phone]) {
      const checked = await preview(admin, 'old.csv', file);
      expect(checked.data).toMatchObject({ valid: 1, rejected: 0 });
      await ok(commit(admin, checked.data.previewId, 'insert'));
    }
    expect(
      await t.database.db
        .selectFrom('account')
        .select(['account_number', 'contact_number', 'state'])
        .where('account_number', 'in', ['alias.mobile', 'alias.phone'])
        .orderBy('account_number')
        .execute(),
    ).toEqual([
      { account_number: 'alias.mobile', contact_number: '13600003333', state: 0 },
      { account_number: 'alias.phone', contact_number: '13600004444', state: 1 },
    ]);
  });

  it('reads an export back unchanged: every row valid and existing, an upsert changes nothing', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await t.app.fastify.inject({
        method: 'GET',
        url: `${API_BASE}/account/export?accountNumber=xfer.&format=${format}`,
        headers: { authorization: admin },
      });
      const before = await t.database.db
        .selectFrom('account')
        .select(['account_number', 'account_name', 'org_id', 'role_id', 'contact_number', 'email', 'state'])
        .where('account_number', 'like', 'xfer.%')
        .orderBy('account_number')
        .execute();
      const p = await preview(admin, `accounts.${format}`, file.rawPayload);
      expect(p.status, p.msg).toBe(200);
      expect(p.data).toMatchObject({ total: 3, valid: 3, existing: 3, errors: [], rejected: 0 });
      const done = await commit(admin, p.data.previewId, 'upsert');
      expect(done.body.data).toEqual({ inserted: 0, updated: 3, skipped: 0 });
      const after = await t.database.db
        .selectFrom('account')
        .select(['account_number', 'account_name', 'org_id', 'role_id', 'contact_number', 'email', 'state'])
        .where('account_number', 'like', 'xfer.%')
        .orderBy('account_number')
        .execute();
      expect(after).toEqual(before);
    }
  });

  it('takes an organisation by its name alone when one organisation has it, and asks for the path when several do', async () => {
    const file = await xlsx([
      HEADER,
      ['leaf.a', '按名称', '上海', '', '', '', ''],
      ['leaf.b', '按名称', '华东区', '', '', '', ''],
    ]);
    const p = await preview(admin, '按名称.xlsx', file);
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 2, valid: 2, rejected: 0 });
    // A second 上海, under 华北区: the name alone no longer says which.
    const twin = await ok<{ id: number }>(t.call('POST', '/org', { token: admin, body: { name: '上海', pid: north } }));
    const again = await preview(admin, '按名称.xlsx', file);
    expect(again.data).toMatchObject({ total: 2, valid: 1, rejected: 1 });
    expect(again.data.errors).toEqual([
      {
        row: 2,
        field: 'orgPath',
        message: '有多个组织名为“上海”，请填写完整的组织路径（如 总公司/华东区/上海）',
      },
    ]);
    expect((await t.call('DELETE', '/org', { token: admin, query: { id: twin.id } })).status).toBe(200);
  });

  it('explains every bad row by row number and field before anything is written', async () => {
    const before = await accountCount();
    const file = await xlsx([
      HEADER,
      ['new.ok', '新员工', '总公司/华东区/上海', '导入员工', '13700001111', 'new.ok@corp.example', '启用'], // row 2
      ['new.ok', '重复', '总公司/华东区', '', '', '', ''], // 3: repeats row 2
      ['xfer.b', '已存在', '总公司 / 华东区', '', '', '', '停用'], // 4: exists → valid, existing
      ['new.org', '组织错', '总公司/不存在', '', '', '', ''], // 5
      ['new.mobile', '手机错', '总公司', '', 'abc', '', ''], // 6
      ['new.mail', '邮箱错', '总公司', '', '', 'not-an-email', ''], // 7
      ['new.role', '角色错', '总公司', '没有的角色', '', '', ''], // 8
      ['new.state', '状态错', '总公司', '', '', '', '也许'], // 9
      ['new.noname', '', '总公司', '', '', '', ''], // 10
      ['x'.repeat(101), '太长', '总公司', '', '', '', ''], // 11
      [], // an empty line is not a row
      ['new.formula', { formula: 'HYPERLINK("http://evil","点我")', result: '点我' }, '总公司', '', '', '', ''], // 13
    ]);
    const p = await preview(admin, '新员工.xlsx', file);
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 11, valid: 3, existing: 1, rejected: 8 });
    expect(p.data.errors).toEqual([
      { row: 3, field: 'accountNumber', message: '与第 2 行重复' },
      { row: 5, field: 'orgPath', message: '组织路径不存在：总公司/不存在' },
      { row: 6, field: 'contactNumber', message: '手机号码格式不正确' },
      { row: 7, field: 'email', message: '邮箱格式不正确' },
      { row: 8, field: 'roleName', message: '角色不存在：没有的角色' },
      { row: 9, field: 'state', message: '状态只能填写“启用”或“禁用”' },
      { row: 10, field: 'accountName', message: '请填写用户名' },
      { row: 11, field: 'accountNumber', message: '账号长度不能超过 100 个字符' },
    ]);
    expect(await accountCount()).toBe(before);

    // The refused rows as a sheet to fix: the columns as uploaded, the row number, the messages.
    const rejected = await fetchTable(t, `/import/${p.data.previewId}/rejected`, { token: admin });
    expect(rejected.status, rejected.msg).toBe(200);
    expect(rejected.rows[0]).toEqual([...HEADER, '原行号', '错误信息']);
    expect(rejected.rows[1]?.slice(0, 1)).toEqual(['new.ok']);
    expect(rejected.rows[1]?.slice(7)).toEqual([3, '与第 2 行重复']);

    // Insert: new rows in, the existing one skipped; one hash, a password change at the first sign-in.
    const done = await commit(admin, p.data.previewId, 'insert');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ inserted: 2, updated: 0, skipped: 1 });
    expect(await accountCount()).toBe(before + 2);
    const rows = await t.database.db
      .selectFrom('account')
      .select(['account_number', 'account_name', 'password_hash', 'must_change_password', 'org_id', 'state'])
      .where('account_number', 'in', ['new.ok', 'new.formula', 'xfer.b'])
      .orderBy('account_number')
      .execute();
    expect(rows.map((r) => [r.account_number, r.must_change_password])).toEqual([
      ['new.formula', 1],
      ['new.ok', 1],
      ['xfer.b', 0],
    ]);
    expect(rows[0]?.password_hash).toBe(rows[1]?.password_hash);
    // A formula is kept as its text, never evaluated.
    expect(rows[0]?.account_name).toBe('=HYPERLINK("http://evil","点我")');
    expect(rows.find((r) => r.account_number === 'xfer.b')?.state).toBe(1);
    const token = await t.login('new.ok', INITIAL);
    const info = await ok<{ mustChangePassword: boolean }>(t.call('GET', '/getAccountInfo', { token }));
    expect(info.mustChangePassword).toBe(true);

    // Recorded in the operation log, the initial password masked.
    const logged = await t.database.db
      .selectFrom('audit_log')
      .select(['route_name', 'title', 'outcome', 'diff'])
      .where('route_name', '=', 'commitAccountImport')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ title: '执行账号导入', outcome: 'success' });
    expect(JSON.stringify(logged.diff)).not.toContain(INITIAL);

    const again = await commit(admin, p.data.previewId, 'insert');
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该导入已执行，请勿重复提交');
    const progress = await ok<{ state: string; result: unknown }>(
      t.call('GET', `/import/${p.data.previewId}`, { token: admin }),
    );
    expect(progress).toMatchObject({ state: 'committed', result: { inserted: 2, updated: 0, skipped: 1 } });
  });

  it('updates existing accounts with upsert, and refuses a weak initial password', async () => {
    const file = csv([HEADER, ['xfer.c', '改名', '总公司/华东区', '', '', '', '停用']]);
    const p = await preview(admin, 'upsert.csv', file);
    expect(p.data).toMatchObject({ valid: 1, existing: 1, rejected: 0 });
    const weak = await commit(admin, p.data.previewId, 'upsert', '12345678');
    expect(weak.status).toBe(400);
    const done = await commit(admin, p.data.previewId, 'upsert');
    expect(done.body.data).toEqual({ inserted: 0, updated: 1, skipped: 0 });
    const row = await t.database.db
      .selectFrom('account')
      .select(['account_name', 'org_id', 'role_id', 'state'])
      .where('account_number', '=', 'xfer.c')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_name: '改名', org_id: east, role_id: null, state: 0 });

    // A column left out of the file is left alone: the mobile, e-mail, role and state stay as they are.
    const narrow = await preview(
      admin,
      'names.csv',
      csv([
        ['账号', '用户名', '所属组织'],
        ['xfer.a', '新名字', '总公司/华东区/上海'],
      ]),
    );
    expect(narrow.data).toMatchObject({ valid: 1, existing: 1 });
    expect((await commit(admin, narrow.data.previewId, 'upsert')).body.data).toEqual({
      inserted: 0,
      updated: 1,
      skipped: 0,
    });
    expect(
      await t.database.db
        .selectFrom('account')
        .select(['account_name', 'contact_number', 'email', 'role_id', 'state'])
        .where('account_number', '=', 'xfer.a')
        .executeTakeFirstOrThrow(),
    ).toEqual({
      account_name: '新名字',
      contact_number: '13912345678',
      email: 'xfer.a@corp.example',
      role_id: staffRole,
      state: 1,
    });
  });

  it('reads a sheet written before one word per concept: 联系电话 as the 手机号码 header, 已禁用 and 停用 as 禁用', async () => {
    const file = csv([
      ['账号', '用户名', '所属组织', '联系电话', '状态'],
      ['old.sheet1', '旧表一', '总公司', '13600001111', '已禁用'],
      ['old.sheet2', '旧表二', '总公司', '13600002222', '停用'],
    ]);
    const p = await preview(admin, 'old.csv', file);
    expect(p.data).toMatchObject({ valid: 2, rejected: 0 });
    await ok(commit(admin, p.data.previewId, 'insert'));
    const rows = await t.database.db
      .selectFrom('account')
      .select(['account_number', 'contact_number', 'state'])
      .where('account_number', 'in', ['old.sheet1', 'old.sheet2'])
      .orderBy('account_number')
      .execute();
    expect(rows).toEqual([
      { account_number: 'old.sheet1', contact_number: '13600001111', state: 0 },
      { account_number: 'old.sheet2', contact_number: '13600002222', state: 0 },
    ]);
  });

  it('holds a scoped, narrow importer to what it may write and hand out', async () => {
    // A branch manager: 本组织及以下 on 华东区, holding the account routes but not everything.
    const held = await t.database.db
      .selectFrom('resource')
      .select('id')
      .where((eb) =>
        eb.or([eb('url', 'like', '%/account%'), eb('route', '=', '/user/Account'), eb('url', 'like', '%/import%')]),
      )
      .execute();
    const role = await ok<{ id: number }>(
      t.call('POST', '/role', {
        token: admin,
        body: { name: '华东管理员', resources: held.map((r) => r.id), dataScope: 'orgTree' },
      }),
    );
    await ok(
      t.call('POST', '/account', {
        token: admin,
        body: {
          accountNumber: 'east.boss',
          accountName: '华东经理',
          password: PASSWORD,
          orgId: east,
          roleId: role.id,
          state: 1,
        },
      }),
    );
    const boss = await t.login('east.boss', PASSWORD);
    const file = csv([
      HEADER,
      ['east.new', '新人', '总公司/华东区/上海', '', '', '', ''],
      ['north.new', '越权', '总公司/华北区', '', '', '', ''],
      ['east.admin', '提权', '总公司/华东区', '超级管理员', '', '', ''],
      ['east.staff', '更宽角色', '总公司/华东区', '导入员工', '', '', ''],
      ['xfer.a', '更宽的账号', '总公司/华东区', '', '', '', ''],
    ]);
    const p = await preview(boss, 'east.csv', file);
    expect(p.status, p.msg).toBe(200);
    expect(p.data.valid).toBe(1);
    const byRow = new Map(p.data.errors.map((e) => [e.row, e]));
    expect(byRow.get(3)?.field).toBe('orgPath');
    expect(byRow.get(3)?.message).toMatch(/数据权限|范围/);
    expect(byRow.get(4)?.field).toBe('roleName');
    expect(byRow.get(5)?.field).toBe('roleName');
    // What it may do, it does: the row inside the branch is applied (the scope is judged outside the transaction,
    // which holds SQLite's one connection).
    const done = await commit(boss, p.data.previewId, 'insert', INITIAL);
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ inserted: 1, updated: 0, skipped: 0 });
    // xfer.a is in the branch, but its role is wider than the manager's: an upsert may not touch it.
    expect(byRow.get(6)).toEqual({ row: 6, field: 'accountNumber', message: '账号 xfer.a 已存在，且无权修改' });
    expect(p.data.errors).toHaveLength(4);
  });

  it('imports only for an account that may create (and, for upsert, edit) accounts one by one', async () => {
    const held = await t.database.db
      .selectFrom('resource')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('url', '=', '/account/import/preview'),
          eb('url', '=', '/account/import/commit'),
          eb('url', '=', '/account/import/template'),
        ]),
      )
      .execute();
    const role = await ok<{ id: number }>(
      t.call('POST', '/role', { token: admin, body: { name: '只能导入', resources: held.map((r) => r.id) } }),
    );
    await ok(
      t.call('POST', '/account', {
        token: admin,
        body: {
          accountNumber: 'importer.only',
          accountName: '导入员',
          password: PASSWORD,
          orgId: east,
          roleId: role.id,
          state: 1,
        },
      }),
    );
    const importer = await t.login('importer.only', PASSWORD);
    const file = csv([HEADER, ['sneaky.new', '偷建', '总公司/华东区', '', '', '', '']]);
    const p = await preview(importer, 'sneak.csv', file);
    expect(p).toMatchObject({ status: 403, msg: '无权访问“添加账号”，请联系企业管理员' });
    // Nor can it commit a preview it did not make: previews belong to the account that made them.
    const adminPreview = await preview(admin, 'admin.csv', file);
    const stolen = await commit(importer, adminPreview.data.previewId, 'insert');
    expect(stolen.status).toBe(403);
    const unknown = await t.call('GET', `/import/${adminPreview.data.previewId}`, { token: importer });
    expect(unknown.status).toBe(404);
  });

  it('checks and applies a file of 12,000 rows (more contacts than one statement may bind)', async () => {
    const rows = [HEADER];
    for (let i = 0; i < 12_000; i += 1) {
      rows.push([
        `bulk.${i}`,
        `批量${i}`,
        '总公司/华北区',
        '',
        `1${String(5_100_000_000 + i)}`,
        `bulk${i}@corp.example`,
        '',
      ]);
    }
    const p = await preview(admin, 'bulk.csv', csv(rows));
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 12_000, valid: 12_000, rejected: 0 });
    const done = await commit(admin, p.data.previewId, 'insert');
    expect(done.body.data).toEqual({ inserted: 12_000, updated: 0, skipped: 0 });
    const progress = await ok<{ done: number; state: string }>(
      t.call('GET', `/import/${p.data.previewId}`, { token: admin }),
    );
    expect(progress).toMatchObject({ state: 'committed', done: 12_000 });
  });

  it('refuses hostile files cleanly: not a table, wrong columns, a zip bomb, a million empty rows, huge cells', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await preview(admin, 'photo.xlsx', png)).toMatchObject({
      status: 400,
      msg: '文件不是表格：请上传 XLSX 或 CSV 文件',
    });
    expect(await preview(admin, 'broken.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))).toMatchObject({
      status: 400,
      msg: '文件不是表格：请上传 XLSX 或 CSV 文件',
    });
    expect(
      await preview(
        admin,
        'other.csv',
        csv([
          ['姓名', '工号'],
          ['张三', '1'],
        ]),
      ),
    ).toMatchObject({
      status: 400,
      msg: '未知的列：“姓名”，请使用导入模板',
    });
    expect(
      await preview(
        admin,
        'partial.csv',
        csv([
          ['账号', '用户名'],
          ['a', 'b'],
        ]),
      ),
    ).toMatchObject({
      status: 400,
      msg: '缺少必填列：所属组织',
    });
    // 129 MiB of one repeated row compressed to a few hundred KiB, posing as a worksheet.
    const sheetXml = Buffer.alloc(129 * 1024 * 1024, ' ');
    const bomb = zip({ 'xl/worksheets/sheet1.xml': sheetXml });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await preview(admin, 'bomb.xlsx', bomb)).toMatchObject({
      status: 400,
      msg: '文件解压后超过 128 MiB，已拒绝',
    });
    // A header and a million empty rows.
    const empty = Buffer.from(`${HEADER.join(',')}\r\n${',,,,,,\r\n'.repeat(1_000_000)}`);
    expect(await preview(admin, 'empty.csv', empty)).toMatchObject({
      status: 400,
      msg: '文件超过 100000 行数据，请拆分后再导入',
    });
    // (The header names the required columns: the header is checked before the rows are read.)
    const headerCells = ['账号', '用户名', '所属组织']
      .map((h, i) => `<c r="${'ABC'[i]}1" t="inlineStr"><is><t>${h}</t></is></c>`)
      .join('');
    const rows = [`<row r="1">${headerCells}</row>`];
    for (let r = 2; r <= 200_000; r += 1) rows.push(`<row r="${r}"/>`);
    const emptySheet = zip({
      '[Content_Types].xml': Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
      'xl/worksheets/sheet1.xml': Buffer.from(
        `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`,
      ),
    });
    expect(await preview(admin, 'empty.xlsx', emptySheet)).toMatchObject({
      status: 400,
      msg: '文件超过 100000 行数据，请拆分后再导入',
    });
    expect(
      await preview(
        admin,
        'huge-cell.xlsx',
        await xlsx([HEADER, ['big', 'x'.repeat(3_000), '总公司', '', '', '', '']]),
      ),
    ).toMatchObject({ status: 400, msg: '第 2 行有单元格超过 2000 个字符' });
    const tooLarge = await preview(admin, 'large.csv', Buffer.alloc(21 * 1024 * 1024, 'a'));
    expect(tooLarge).toMatchObject({ status: 413, msg: '文件不能超过 20 MiB' });
  });

  it('serves a template with drop-downs of the organisations, roles and states the importer may use', async () => {
    const res = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/account/import/template`,
      headers: { authorization: admin },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    // The descriptor's template columns (创建时间 is read-only: not in the template), each as wide as it says.
    const head = (sheet.getRow(1).values as Cell[]).slice(1);
    expect(head).toEqual(TEMPLATE);
    expect(head.filter((h) => HEADER.includes(String(h)))).toEqual(HEADER);
    const templated = SHEET.filter((column) => column.template);
    expect(templated.map((_, i) => sheet.getColumn(i + 1).width)).toEqual(templated.map((column) => column.width));
    const letter = (header: string) => String.fromCharCode('A'.charCodeAt(0) + head.indexOf(header));
    expect(sheet.getCell(`${letter('所属组织')}2`).dataValidation).toMatchObject({
      type: 'list',
      formulae: [expect.stringMatching(/^'选项'!\$A\$1:\$A\$\d+$/)],
    });
    const lists = book.getWorksheet('选项') as ExcelJS.Worksheet;
    expect(lists.state).toBe('hidden');
    const orgPaths = lists.getColumn(1).values.filter(Boolean);
    expect(orgPaths).toContain('总公司/华东区/上海');
    expect(lists.getColumn(3).values.filter(Boolean)).toEqual(['启用', '禁用']);
    // The example row says it is one and grants nothing: no role (the super-admin's first grantable role would be
    // 超级管理员), disabled. Left in a file by mistake it cannot make a super-admin with the batch's password.
    const example = record(head, (sheet.getRow(2).values as Cell[]).slice(1));
    expect(String(example['用户名'])).toContain('示例');
    expect(example['角色'] ?? '').toBe('');
    expect(example['状态']).toBe('禁用');
    expect(sheet.getCell(`${letter('角色')}2`).dataValidation).toMatchObject({ type: 'list' });
    expect(sheet.getCell(`${letter('状态')}2`).dataValidation).toMatchObject({ type: 'list' });
    // The template imports as it is: its example row is valid.
    const p = await preview(admin, 'template.xlsx', res.rawPayload);
    expect(p.data).toMatchObject({ total: 1, valid: 1, rejected: 0 });
    await ok(commit(admin, p.data.previewId, 'insert'));
    const made = await t.database.db
      .selectFrom('account')
      .select(['role_id', 'state', 'account_name'])
      .where('account_number', '=', String(example['账号']))
      .executeTakeFirstOrThrow();
    expect(made).toEqual({ role_id: null, state: 0, account_name: String(example['用户名']) });
  });
});
