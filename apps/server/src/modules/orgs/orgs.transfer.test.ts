import { API_BASE } from '@gatehouse/contract';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { csvOf, fetchTemplate, uploadPreview, xlsxOf } from '../../../test/import-upload.js';

const PASSWORD = 'Import#Org2026-safe';
const HEADER = ['组织路径', '名称', '全称', '机构编码', '所在地区'];

describe.each(lanes)('organisation import on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let root = '';
  const org = { root: 0, east: 0, shanghai: 0, north: 0 };

  const made = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/org', { token: admin, body });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  };
  const preview = (token: string, name: string, content: Buffer) =>
    uploadPreview(t, '/org/import/preview', token, name, content);
  const commit = (token: string, previewId: string, mode: 'insert' | 'upsert') =>
    t.call('POST', '/org/import/commit', { token, body: { previewId, mode } });
  const orgRows = () =>
    t.database.db
      .selectFrom('org')
      .select([
        'id',
        'pid',
        'name',
        'full_name',
        'org_code',
        'region_id',
        'sort_order',
        'leader',
        'phone',
        'state',
        'create_time',
      ])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    const roots = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number; name: string }>;
    org.root = roots[0]!.id;
    root = roots[0]!.name;
    org.east = await made({ name: '华东区', pid: org.root, orgCode: '0012', fullName: '华东大区', regionId: 320506 });
    org.shanghai = await made({ name: '上海', pid: org.east, fullName: '=HYPERLINK("http://x")', orgCode: '0013' });
    org.north = await made({ name: '华北区', pid: org.root, sort: 5, leader: '张伟', phone: '010-12345678' });
    await made({ name: '研发/测试', pid: org.east });
  });
  afterAll(() => t.close());

  it('reads and writes 显示排序, 负责人 and 联系电话; reads 状态 without applying it; nothing new under a disabled parent', async () => {
    const off = await made({ name: '停用区', pid: org.root });
    expect(
      (await t.call('PUT', '/org', { token: admin, body: { id: off, name: '停用区', pid: org.root, state: 0 } }))
        .status,
    ).toBe(200);
    const file = await xlsxOf([
      ['组织路径', '显示排序', '负责人', '联系电话', '状态'],
      [`${root}/西北区`, '7', '韩梅梅', '029-88886666', '停用'],
      [`${root}/华北区`, '2', '', '13800138000', '启用'],
      [`${root}/停用区/新组`, null, null, null, null],
      [`${root}/西南区`, '10000', null, '123', null],
    ]);
    const p = await preview(admin, 'fields.xlsx', file);
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 4, valid: 2, existing: 1, rejected: 2 });
    expect(p.data.errors).toEqual([
      {
        row: 4,
        field: 'path',
        message: '上级组织“停用区”已禁用：禁用的组织下不能添加或移入组织，也不能启用其下的组织',
      },
      { row: 5, field: 'sort', message: '显示排序须为 0 到 9999 之间的整数' },
      expect.objectContaining({ row: 5, field: 'phone' }),
    ]);
    const done = await commit(admin, p.data.previewId, 'upsert');
    expect(done.body.data).toEqual({ inserted: 1, updated: 1, skipped: 0 });
    const rows = await orgRows();
    // A new one is enabled whatever the sheet says (状态 is changed on the screen), its 全称 its name.
    expect(rows.find((r) => r.name === '西北区')).toMatchObject({
      full_name: '西北区',
      sort_order: 7,
      leader: '韩梅梅',
      phone: '029-88886666',
      state: 1,
    });
    expect(rows.find((r) => r.id === org.north)).toMatchObject({ sort_order: 2, leader: null, phone: '13800138000' });
  });

  it('reads an export back unchanged: every row valid and existing, an upsert changes nothing', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await t.app.fastify.inject({
        method: 'GET',
        url: `${API_BASE}/org/export?format=${format}`,
        headers: { authorization: admin },
      });
      expect(file.statusCode).toBe(200);
      const before = await orgRows();
      const p = await preview(admin, `orgs.${format}`, file.rawPayload);
      expect(p.status, p.msg).toBe(200);
      expect(p.data).toMatchObject({ total: before.length, valid: before.length, existing: before.length, errors: [] });
      const done = await commit(admin, p.data.previewId, 'upsert');
      expect(done.status, done.body.msg).toBe(200);
      expect(done.body.data).toEqual({ inserted: 0, updated: before.length, skipped: 0 });
      expect(await orgRows()).toEqual(before);
    }
  });

  it('imports a new subtree top-down, with codes and regions, in one go', async () => {
    const file = await xlsxOf([
      ['组织路径', '全称', '机构编码', '所在地区'],
      // Deepest first in the file is fine as long as each parent is an earlier row or exists: these are top-down.
      [`${root}/华南区`, '华南大区', 'S-01', '江苏省 / 苏州市 / 吴中区'],
      [`${root}/华南区/深圳`, null, 'S-02', '320506'],
      [`${root}/华南区/深圳/南山`, null, null, '江苏省/苏州市'],
      [`${root}/华东区/上海/浦东`, '浦东新区', null, null],
    ]);
    const p = await preview(admin, 'south.xlsx', file);
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 4, valid: 4, existing: 0, errors: [], rejected: 0 });
    const done = await commit(admin, p.data.previewId, 'insert');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ inserted: 4, updated: 0, skipped: 0 });
    const rows = await orgRows();
    const south = rows.find((r) => r.name === '华南区')!;
    const shenzhen = rows.find((r) => r.name === '深圳')!;
    const nanshan = rows.find((r) => r.name === '南山')!;
    expect(south).toMatchObject({ pid: org.root, full_name: '华南大区', org_code: 'S-01', region_id: 320506 });
    expect(shenzhen).toMatchObject({ pid: south.id, org_code: 'S-02', region_id: 320506 });
    expect(nanshan).toMatchObject({ pid: shenzhen.id, org_code: null, region_id: 320500 });
    expect(rows.find((r) => r.name === '浦东')).toMatchObject({ pid: org.shanghai, full_name: '浦东新区' });
  });

  it('explains every bad row by row number and field, and writes nothing before the commit', async () => {
    const before = await orgRows();
    const p = await preview(
      admin,
      'bad.csv',
      csvOf([
        HEADER,
        [`${root}/不存在/子`, '', '', '', ''], // 2
        [`${root}/新A`, '', '', '', ''], // 3
        [`${root}/新A`, '', '', '', ''], // 4: repeats row 3
        [`${root}/新B`, '', '', 'bad code!', ''], // 5
        [`${root}/新C`, '', '', '0012', ''], // 6: 华东区's code
        [`${root}/新D`, '', '', '', '火星'], // 7
        [`${root}//空`, '', '', '', ''], // 8
        [`${root}/新E/子`, '', '', '', ''], // 9: its parent comes later
        [`${root}/新E`, '', '', '', ''], // 10
        [`${root}/新F`, '', '', 'X1', ''], // 11
        [`${root}/新G`, '', '', 'X1', ''], // 12: repeats row 11's code
        [`${root}/新H`, '别名', '', '', ''], // 13
        [`${root}/新B/子`, '', '', '', ''], // 14: its parent (row 5) is refused
        [`${root}/${'x'.repeat(101)}`, '', '', '', ''], // 15
        [`${root}/华东区`, '华东区', '华东大区', '', '江苏省 / 苏州市 / 吴中区'], // 16: exists
      ]),
    );
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ total: 15, valid: 4, existing: 1, rejected: 11 });
    expect(p.data.errors).toEqual([
      { row: 2, field: 'path', message: `上级组织不存在：${root}/不存在（上级须已存在或在文件中更早的行）` },
      { row: 4, field: 'path', message: '与第 3 行重复' },
      { row: 5, field: 'orgCode', message: expect.stringContaining('机构编码') },
      { row: 6, field: 'orgCode', message: '机构编码“0012”已存在' },
      { row: 7, field: 'regionName', message: '所在地区不存在：火星' },
      { row: 8, field: 'path', message: `组织路径中有空的层级：${root}//空` },
      { row: 9, field: 'path', message: `上级组织不存在：${root}/新E（上级须已存在或在文件中更早的行）` },
      { row: 12, field: 'orgCode', message: '与第 11 行重复' },
      { row: 13, field: 'name', message: '名称应与组织路径的最后一级“新H”一致' },
      { row: 14, field: 'path', message: `上级组织 ${root}/新B（第 5 行）未通过检查` },
      { row: 15, field: 'path', message: expect.stringContaining('100') },
    ]);
    expect(await orgRows()).toEqual(before);

    const done = await commit(admin, p.data.previewId, 'insert');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ inserted: 3, updated: 0, skipped: 1 });
    const names = (await orgRows()).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['新A', '新E', '新F']));
    expect(names).not.toContain('新H');
  });

  it('updates only the columns the file has', async () => {
    const p = await preview(
      admin,
      'narrow.csv',
      csvOf([
        ['组织路径', '全称'],
        [`${root}/华东区`, '华东大区（新）'],
      ]),
    );
    expect(p.data).toMatchObject({ valid: 1, existing: 1 });
    expect((await commit(admin, p.data.previewId, 'upsert')).body.data).toEqual({
      inserted: 0,
      updated: 1,
      skipped: 0,
    });
    const east = (await orgRows()).find((r) => r.id === org.east);
    expect(east).toMatchObject({ full_name: '华东大区（新）', org_code: '0012', region_id: 320506 });
  });

  it('holds a scoped importer to its data scope: never at the top, never outside it', async () => {
    const held = await t.database.db
      .selectFrom('resource')
      .select('id')
      .where((eb) =>
        eb.or([eb('url', 'like', '%/org%'), eb('route', '=', '/user/Organization'), eb('url', 'like', '%/import%')]),
      )
      .execute();
    const role = await t.call('POST', '/role', {
      token: admin,
      body: { name: `华东组织管理员${lane}`, resources: held.map((r) => r.id), dataScope: 'orgTree' },
    });
    expect(role.status, role.body.msg).toBe(200);
    const account = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: `orgboss${lane}`,
        accountName: '华东经理',
        password: PASSWORD,
        orgId: org.east,
        roleId: (role.body.data as { id: number }).id,
        state: 1,
      },
    });
    expect(account.status, account.body.msg).toBe(200);
    const boss = await t.login(`orgboss${lane}`, PASSWORD);
    const before = await orgRows();
    const p = await preview(
      boss,
      'east.csv',
      csvOf([
        ['组织路径', '全称'],
        [`${root}/华东区/苏州`, ''], // 2: in scope
        [`${root}/华东区/苏州/园区`, ''], // 3: under a new organisation in scope
        [`${root}/越权区`, ''], // 4: beside the scope
        ['新总部', ''], // 5: at the top
        [`${root}/华北区`, '改名'], // 6: exists outside the scope
        [`${root}/华东区/上海`, '上海分公司'], // 7: exists in scope
      ]),
    );
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({ valid: 3, existing: 1, rejected: 3 });
    const byRow = new Map(p.data.errors.map((e) => [e.row, e]));
    expect(byRow.get(4)).toMatchObject({ field: 'path', message: expect.stringMatching(/数据权限|范围/) });
    expect(byRow.get(5)).toMatchObject({ field: 'path', message: expect.stringContaining('顶层') });
    expect(byRow.get(6)).toEqual({ row: 6, field: 'path', message: `组织 ${root}/华北区 已存在，且无权修改` });
    expect(await orgRows()).toEqual(before);
    const done = await commit(boss, p.data.previewId, 'upsert');
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.data).toEqual({ inserted: 2, updated: 1, skipped: 0 });
  });

  it('serves a template with a drop-down of the regions; its example row imports as it is', async () => {
    const tpl = await fetchTemplate(t, '/org/import/template', admin);
    expect(tpl.status).toBe(200);
    const sheet = tpl.book.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '组织路径',
      '全称',
      '机构编码',
      '所在地区',
      '显示排序',
      '负责人',
      '联系电话',
    ]);
    expect(sheet.getCell('D2').dataValidation).toMatchObject({ type: 'list' });
    const lists = tpl.book.getWorksheet('选项') as ExcelJS.Worksheet;
    expect(lists.state).toBe('hidden');
    expect(lists.getColumn(1).values).toContain('江苏省 / 苏州市 / 吴中区');
    const p = await preview(admin, 'template.xlsx', tpl.raw);
    expect(p.data).toMatchObject({ total: 1, valid: 1, rejected: 0 });
  });

  it('imports only for an account that may create organisations one by one (and edit them, for upsert)', async () => {
    const held = await t.database.db
      .selectFrom('resource')
      .select('id')
      .where('url', 'like', '/org/import/%')
      .execute();
    const role = await t.call('POST', '/role', {
      token: admin,
      body: { name: `只能导入组织-${lane}`, resources: held.map((r) => r.id) },
    });
    expect(role.status, role.body.msg).toBe(200);
    const account = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: `org.importer.${lane}`,
        accountName: '组织导入员',
        password: PASSWORD,
        orgId: org.root,
        roleId: (role.body.data as { id: number }).id,
        state: 1,
      },
    });
    expect(account.status, account.body.msg).toBe(200);
    const importer = await t.login(`org.importer.${lane}`, PASSWORD);
    const refused = await preview(importer, 'orgs.csv', csvOf([HEADER, [`${root}/偷建部门`, '', '', '', '']]));
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe('无权访问“添加组织”，请联系企业管理员');
  });
});
