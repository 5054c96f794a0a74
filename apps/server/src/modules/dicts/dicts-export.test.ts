import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { fetchTable } from '../../../test/table-file.js';

const HEADERS = ['字典名称', '字典类型', '数据标签', '数据键值', '上级数据', '序号', '状态', '标签颜色', '备注'];

describe.each(lanes)('dictionary export on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  const ok = async (method: string, path: string, body: Record<string, unknown>) => {
    const res = await t.call(method, path, { token: admin, body });
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as { id: number };
  };
  const exported = (query: Record<string, string> = {}, language?: string) =>
    fetchTable(t, '/dict/export', { token: admin, query, language });
  const mine = (rows: unknown[][]) => rows.filter((row) => String(row[1] ?? '').startsWith('exp_'));

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    await ok('POST', '/dict', { dictName: '导出-地区', dictCode: 'exp_region', remark: '=地区' });
    const east = await ok('POST', '/dict/item', { dictCode: 'exp_region', value: '华东', orderNum: 2 });
    await ok('POST', '/dict/item', { dictCode: 'exp_region', value: '华北', orderNum: 1 });
    await ok('POST', '/dict/item', {
      dictCode: 'exp_region',
      value: '上海',
      pid: east.id,
      orderNum: 1,
      keyValue: 'SH',
      state: 0,
      tagColor: 'volcano',
    });
    await ok('POST', '/dict', { dictName: '导出-空', dictCode: 'exp_empty' });
    await ok('POST', '/dict', { dictName: '导出-编号', dictCode: 'exp_code' });
    await ok('POST', '/dict/item', { dictCode: 'exp_code', value: '007', orderNum: 0 });
  });
  afterAll(() => t.close());

  it('writes an XLSX: one row per item in tree order, its parent’s value, an empty dictionary as one row', async () => {
    const file = await exported({ dictName: '导出-', sort: 'dictCode', order: 'asc' });
    expect(file.status, file.msg).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(
      /^attachment; filename="dictionaries-\d{8}\.xlsx"; filename\*=UTF-8''%E5%AD%97%E5%85%B8-\d{8}\.xlsx$/,
    );
    expect(file.rows[0]).toEqual(HEADERS);
    expect(file.rows.slice(1)).toEqual([
      ['导出-编号', 'exp_code', '007', '007', null, 0, '启用', null, null],
      ['导出-空', 'exp_empty', null, null, null, null, null, null, null],
      ['导出-地区', 'exp_region', '华北', '华北', null, 1, '启用', null, '=地区'],
      ['导出-地区', 'exp_region', '华东', '华东', null, 2, '启用', null, '=地区'],
      ['导出-地区', 'exp_region', '上海', 'SH', '华东', 1, '禁用', 'volcano', '=地区'],
    ]);
    // A value that reads as a number stays text.
    expect(typeof file.rows[1]![2]).toBe('string');
  });

  it('follows the list’s filter and sort (newest first by default, by name or code either way)', async () => {
    const codes = async (query: Record<string, string>) => [
      ...new Set(
        mine((await exported({ format: 'csv', columns: 'dictName,dictCode', ...query })).rows).map((r) => r[1]),
      ),
    ];
    expect(await codes({})).toEqual(['exp_code', 'exp_empty', 'exp_region']);
    expect(await codes({ sort: 'dictCode', order: 'desc' })).toEqual(['exp_region', 'exp_empty', 'exp_code']);
    expect(await codes({ dictName: '地区' })).toEqual(['exp_region']);
    const filtered = await exported({ format: 'csv', dictName: '导出-空' });
    expect(filtered.rows.slice(1)).toEqual([['导出-空', 'exp_empty', null, null, null, null, null, null, null]]);
  });

  it('writes a CSV of the columns asked for, in order, formulas guarded, in the request’s language', async () => {
    const file = await exported({ format: 'csv', dictName: '地区', columns: 'value,parentValue,remark' });
    expect(file.status, file.msg).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.text).toBe("\uFEFF数据标签,上级数据,备注\r\n华北,,'=地区\r\n华东,,'=地区\r\n上海,华东,'=地区\r\n");
    const english = await exported(
      { format: 'csv', dictName: '地区', columns: 'dictCode,orderNum,value,keyValue,state,tagColor' },
      'en-US',
    );
    expect(english.rows[0]).toEqual(['Dictionary type', 'Order', 'Label', 'Key value', 'Status', 'Tag color']);
    expect(english.rows.at(-1)).toEqual(['exp_region', '1', '上海', 'SH', 'Disabled', 'volcano']);
  });

  it('reads dictionaries in batches without skipping or repeating one (keyset)', async () => {
    for (let i = 0; i < 205; i += 1) {
      await ok('POST', '/dict', {
        dictName: `批量${String(i % 7)}`,
        dictCode: `exp_bulk_${String(i).padStart(3, '0')}`,
      });
    }
    for (const [sort, order] of [
      ['dictName', 'asc'],
      ['dictName', 'desc'],
      ['', ''],
    ]) {
      const query: Record<string, string> = { format: 'csv', dictName: '批量', columns: 'dictCode' };
      if (sort) Object.assign(query, { sort, order });
      const codes = (await exported(query)).rows.slice(1).map((r) => String(r[0]));
      expect(codes).toHaveLength(205);
      expect(new Set(codes).size).toBe(205);
    }
  });

  it('refuses an unknown column with a 400 naming it', async () => {
    const file = await exported({ columns: 'dictName,nope' });
    expect(file.status).toBe(400);
    expect(file.msg).toContain('不支持的导出列：nope');
    expect(lane).toBeTruthy();
  });
});
