import { API_BASE, dictSheetColumns } from '@gatehouse/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { csvOf, fetchTemplate, uploadPreview, xlsxOf } from '../../../test/import-upload.js';

const HEADER = ['字典类型', '数据标签', '上级数据', '序号'];
/** The template's columns: the item's writable fields, 数据键值, 状态 and 标签颜色 included. */
const TEMPLATE = ['字典类型', '数据标签', '数据键值', '上级数据', '序号', '状态', '标签颜色'];

describe.each(lanes)('dictionary item import on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  const item = { east: 0, shanghai: 0 };

  const ok = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', path, { token: admin, body });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  };
  const preview = (name: string, content: Buffer) =>
    uploadPreview(t, '/dict/item/import/preview', admin, name, content);
  const commit = (previewId: string, mode: 'insert' | 'upsert') =>
    t.call('POST', '/dict/item/import/commit', { token: admin, body: { previewId, mode } });
  const items = (codes: string[]) =>
    t.database.db
      .selectFrom('dict_item')
      .select(['id', 'dict_code', 'value', 'pid', 'order_num', 'key_value', 'state', 'tag_color'])
      .where('dict_code', 'in', codes)
      .orderBy('id')
      .execute();
  const CODES = ['xgender', 'xarea', 'xempty'];

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    await ok('/dict', { dictName: '性别', dictCode: 'xgender', remark: '导入测试' });
    await ok('/dict', { dictName: '地区', dictCode: 'xarea' });
    await ok('/dict', { dictName: '空字典', dictCode: 'xempty' });
    await ok('/dict/item', { dictCode: 'xgender', value: '男', orderNum: 1 });
    await ok('/dict/item', { dictCode: 'xgender', value: '女', orderNum: 2 });
    item.east = await ok('/dict/item', { dictCode: 'xarea', value: '华东', orderNum: 1 });
    item.shanghai = await ok('/dict/item', { dictCode: 'xarea', value: '上海', pid: item.east, orderNum: 1 });
  });
  afterAll(() => t.close());

  it('reads an export back unchanged: item rows valid and existing, a dictionary without items skipped', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await t.app.fastify.inject({
        method: 'GET',
        url: `${API_BASE}/dict/export?format=${format}`,
        headers: { authorization: admin },
      });
      expect(file.statusCode).toBe(200);
      const before = await items(CODES);
      const all = await t.database.db
        .selectFrom('dict_item')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const p = await preview(`dicts.${format}`, file.rawPayload);
      expect(p.status, p.msg).toBe(200);
      const n = Number(all.n);
      expect(p.data).toMatchObject({ total: n, valid: n, existing: n, errors: [], rejected: 0 });
      const done = await commit(p.data.previewId, 'upsert');
      expect(done.status, done.body.msg).toBe(200);
      expect(done.body.data).toEqual({ inserted: 0, updated: n, skipped: 0 });
      expect(await items(CODES)).toEqual(before);
    }
  });

  it('imports new items top-down, under existing items and earlier rows', async () => {
    const p = await preview(
      'area.xlsx',
      await xlsxOf([
        ['字典名称', ...HEADER, '备注'],
        ['随便写', 'xarea', '华南', null, 2, '被忽略'],
        [null, 'xarea', '深圳', '华南', 1, null],
        [null, 'xarea', '浦东', '上海', null, null],
        [null, 'xgender', '未知', null, 3, null],
      ]),
    );
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 4, valid: 4, existing: 0, errors: [] });
    const done = await commit(p.data.previewId, 'insert');
    expect(done.body.data).toEqual({ inserted: 4, updated: 0, skipped: 0 });
    const rows = await items(['xarea', 'xgender']);
    const south = rows.find((r) => r.value === '华南')!;
    expect(south).toMatchObject({ dict_code: 'xarea', pid: null, order_num: 2 });
    expect(rows.find((r) => r.value === '深圳')).toMatchObject({ pid: south.id, order_num: 1 });
    expect(rows.find((r) => r.value === '浦东')).toMatchObject({ pid: item.shanghai, order_num: 0 });
    expect(rows.find((r) => r.value === '未知')).toMatchObject({ dict_code: 'xgender', pid: null, order_num: 3 });
    // The dictionary's own name and remark are not touched by an item import.
    const dict = await t.database.db
      .selectFrom('dict')
      .select(['dict_name', 'remark'])
      .where('dict_code', '=', 'xarea')
      .executeTakeFirstOrThrow();
    expect(dict).toEqual({ dict_name: '地区', remark: null });
    // The operation log says what the import did, not which preview id and mode it was sent.
    const logged = await t.call('GET', '/audit/s', {
      token: admin,
      query: { p: 1, pageSize: 1, title: 'commitDictItemImport' },
    });
    const entry = (logged.body.data as { list: Array<{ outcome: string; diff: unknown[] }> }).list[0]!;
    expect(entry.outcome).toBe('success');
    expect(entry.diff).toEqual([
      { field: 'inserted', before: null, after: 4 },
      { field: 'updated', before: null, after: 0 },
      { field: 'skipped', before: null, after: 0 },
    ]);
  });

  it('explains every bad row by row number and field, and writes nothing before the commit', async () => {
    const before = await items(CODES);
    const p = await preview(
      'bad.csv',
      csvOf([
        HEADER,
        ['nosuch', '值', '', ''], // 2
        ['xgender', '其他', '没有', ''], // 3
        ['xgender', '保密', '', ''], // 4
        ['xgender', '保密', '', ''], // 5: repeats row 4
        ['xgender', '子', '后来', ''], // 6: its parent comes later
        ['xgender', '后来', '', ''], // 7
        ['xgender', '序号错', '', 'abc'], // 8
        ['xgender', '', '男', ''], // 9
        ['xarea', '华东', '上海', ''], // 10: under its own child
        ['xarea', '自己', '自己', ''], // 11
        ['xgender', '孙', '子', ''], // 12: its parent (row 6) is refused
        ['xempty', '', '', ''], // a dictionary without items: skipped
        ['xgender', 'x'.repeat(101), '', ''], // 14
      ]),
    );
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 12, valid: 2, existing: 0, rejected: 10 });
    expect(p.data.errors).toEqual([
      { row: 2, field: 'dictCode', message: '字典类型不存在：nosuch' },
      { row: 3, field: 'parentValue', message: '上级数据不存在：没有（上级须已存在或在文件中更早的行）' },
      { row: 5, field: 'value', message: '与第 4 行重复' },
      { row: 6, field: 'parentValue', message: '上级数据不存在：后来（上级须已存在或在文件中更早的行）' },
      { row: 8, field: 'orderNum', message: '序号须为 0 到 1000000 之间的整数' },
      { row: 9, field: 'value', message: '请填写数据标签' },
      { row: 10, field: 'parentValue', message: '上级数据不能是它自己或它的下级' },
      { row: 11, field: 'parentValue', message: '上级数据不能是它自己或它的下级' },
      { row: 12, field: 'parentValue', message: '上级数据 子（第 6 行）未通过检查' },
      { row: 14, field: 'value', message: expect.stringContaining('100') },
    ]);
    expect(await items(CODES)).toEqual(before);
    const done = await commit(p.data.previewId, 'insert');
    expect(done.body.data).toEqual({ inserted: 2, updated: 0, skipped: 0 });
  });

  it('updates only the columns the file has; a move under an item of the file is checked for cycles', async () => {
    // Headed 字典CODE and 数据值, as sheets were before the rename to 字典类型 and 数据标签: read the same.
    const p = await preview(
      'order.csv',
      csvOf([
        ['字典CODE', '数据值', '序号'],
        ['xarea', '上海', '9'],
      ]),
    );
    expect(p.data).toMatchObject({ valid: 1, existing: 1 });
    expect((await commit(p.data.previewId, 'upsert')).body.data).toEqual({ inserted: 0, updated: 1, skipped: 0 });
    expect((await items(['xarea'])).find((r) => r.id === item.shanghai)).toMatchObject({
      pid: item.east,
      order_num: 9,
    });
    // 上海 moved to the top, then 华东 under it: no cycle once both rows apply.
    const swap = await preview(
      'swap.csv',
      csvOf([
        ['字典类型', '数据值', '上级数据'],
        ['xarea', '上海', ''],
        ['xarea', '华东', '上海'],
        ['xarea', '上海', '华东'],
      ]),
    );
    expect(swap.data.errors).toEqual([
      { row: 4, field: 'value', message: '与第 2 行重复' },
      { row: 4, field: 'parentValue', message: '上级数据不能是它自己或它的下级' },
    ]);
    expect((await commit(swap.data.previewId, 'upsert')).body.data).toEqual({ inserted: 0, updated: 2, skipped: 0 });
    const after = await items(['xarea']);
    expect(after.find((r) => r.id === item.shanghai)?.pid).toBeNull();
    expect(after.find((r) => r.id === item.east)?.pid).toBe(item.shanghai);
  });

  it('serves a template with a drop-down of the dictionaries; its example row imports as it is', async () => {
    const tpl = await fetchTemplate(t, '/dict/item/import/template', admin);
    expect(tpl.status).toBe(200);
    const sheet = tpl.book.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(TEMPLATE);
    expect(sheet.getCell('A2').dataValidation).toMatchObject({ type: 'list' });
    const lists = tpl.book.getWorksheet('选项') as ExcelJS.Worksheet;
    expect(lists.getColumn(1).values).toEqual(expect.arrayContaining(CODES));
    const p = await preview('template.xlsx', tpl.raw);
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 1, valid: 1, rejected: 0 });
  });

  it('writes the template from the descriptors: the template columns, headed in the request’s language, their widths', async () => {
    const res = await t.app.fastify.inject({
      method: 'GET',
      url: `${API_BASE}/dict/item/import/template`,
      headers: { authorization: admin, 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const template = dictSheetColumns().filter((column) => column.template);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(template.map((column) => column.header['en-US']));
    expect(template.map((_, i) => sheet.getColumn(i + 1).width)).toEqual(template.map((column) => column.width));
    // An English sheet headed as before the rename (Dictionary CODE, Value) reads the same.
    const p = await preview(
      'english.csv',
      csvOf([
        ['Dictionary CODE', 'Value', 'Order'],
        ['xgender', '男', '1'],
      ]),
    );
    expect(p.data).toMatchObject({ total: 1, valid: 1, existing: 1, rejected: 0 });
  });

  it('reads 数据键值, 状态 and 标签颜色: defaults for new items, kept when absent, refusals naming the column', async () => {
    const p = await preview(
      'styled.csv',
      csvOf([
        TEMPLATE,
        ['xgender', '男', 'M', '', '', '停用', 'blue'], // 2: existing
        ['xgender', '中性', '', '', '', '', ''], // 3: new, all defaults
        ['xgender', '其他', 'other', '', '', 'Enabled', 'gold'], // 4: new
        ['xgender', '错色', '', '', '', '', 'teal'], // 5
        ['xgender', '错状态', '', '', '', '关闭', ''], // 6
        ['xgender', '长键', 'k'.repeat(101), '', '', '', ''], // 7
      ]),
    );
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 6, valid: 3, existing: 1, rejected: 3 });
    expect(p.data.errors).toEqual([
      {
        row: 5,
        field: 'tagColor',
        message: expect.stringMatching(/^标签颜色只能填写以下之一：default, .*, gold（或留空）$/),
      },
      { row: 6, field: 'state', message: '状态只能填写“启用”或“禁用”' },
      { row: 7, field: 'keyValue', message: '数据键值长度不能超过 100 个字符' },
    ]);
    expect((await commit(p.data.previewId, 'upsert')).body.data).toEqual({ inserted: 2, updated: 1, skipped: 0 });
    const gender = await items(['xgender']);
    expect(gender.find((r) => r.value === '男')).toMatchObject({ key_value: 'M', state: 0, tag_color: 'blue' });
    expect(gender.find((r) => r.value === '中性')).toMatchObject({ key_value: '中性', state: 1, tag_color: null });
    expect(gender.find((r) => r.value === '其他')).toMatchObject({ key_value: 'other', state: 1, tag_color: 'gold' });

    // Without those columns an upsert keeps them; an empty 标签颜色 in a file that has the column clears it.
    const kept = await preview(
      'kept.csv',
      csvOf([
        ['字典类型', '数据标签', '序号'],
        ['xgender', '男', '5'],
      ]),
    );
    await commit(kept.data.previewId, 'upsert');
    expect((await items(['xgender'])).find((r) => r.value === '男')).toMatchObject({
      key_value: 'M',
      state: 0,
      tag_color: 'blue',
      order_num: 5,
    });
    const cleared = await preview(
      'cleared.csv',
      csvOf([
        ['字典类型', '数据标签', '状态', '标签颜色'],
        ['xgender', '男', '', ''],
      ]),
    );
    await commit(cleared.data.previewId, 'upsert');
    expect((await items(['xgender'])).find((r) => r.value === '男')).toMatchObject({
      key_value: 'M',
      state: 0,
      tag_color: null,
    });
  });

  it('imports only for an account that may add dictionary items one by one', async () => {
    const held = await t.database.db
      .selectFrom('resource')
      .select('id')
      .where('url', 'like', '/dict/item/import/%')
      .execute();
    const role = await t.call('POST', '/role', {
      token: admin,
      body: { name: `只能导入字典-${lane}`, resources: held.map((r) => r.id) },
    });
    expect(role.status, role.body.msg).toBe(200);
    const orgs = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>;
    const account = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: `dict.importer.${lane}`,
        accountName: '字典导入员',
        password: 'Import#Dict2026-safe',
        orgId: orgs[0]?.id,
        roleId: (role.body.data as { id: number }).id,
        state: 1,
      },
    });
    expect(account.status, account.body.msg).toBe(200);
    const importer = await t.login(`dict.importer.${lane}`, 'Import#Dict2026-safe');
    const refused = await uploadPreview(
      t,
      '/dict/item/import/preview',
      importer,
      'items.csv',
      csvOf([
        ['字典类型', '数据值'],
        ['xgender', '未知'],
      ]),
    );
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe('无权访问“添加字典数据”，请联系企业管理员');
  });
});
