import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { fetchTable } from '../../../test/table-file.js';

describe.each(lanes)('role export on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let names: Map<number, string>;
  let picked: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      name: string;
    }>;
    names = new Map(resources.map((r) => [r.id, r.name]));
    picked = resources.slice(3, 6).map((r) => r.id);
    const made = await t.call('POST', '/role', {
      token: admin,
      body: {
        name: '=审计员',
        remark: '只读, "审计"',
        resources: [...picked].reverse(),
        dataScope: 'orgTree',
        requireSecondFactor: true,
      },
    });
    expect(made.status, made.body.msg).toBe(200);
  });
  afterAll(() => t.close());

  it('writes every role as an XLSX by id: scope in words, account count, resource names joined by 、, dates', async () => {
    const file = await fetchTable(t, '/role/export', { token: admin });
    expect(file.status, file.msg).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(
      /^attachment; filename="roles-\d{8}\.xlsx"; filename\*=UTF-8''%E8%A7%92%E8%89%B2-\d{8}\.xlsx$/,
    );
    const [header, ...rows] = file.rows;
    expect(header).toEqual(['角色名称', '备注', '数据权限', '需要双因素认证', '账号数', '权限', '创建时间']);
    const builtin = rows[0]!;
    expect(builtin[2]).toBe('全部');
    expect(builtin[3]).toBe('否');
    expect(builtin[4]).toBe(1);
    // The super-admin role holds every resource.
    expect(String(builtin[5]).split('、')).toHaveLength(names.size);
    const mine = rows.find((row) => row[0] === '=审计员')!;
    expect(mine.slice(0, 6)).toEqual([
      '=审计员',
      '只读, "审计"',
      '本组织及以下',
      '是',
      0,
      picked.map((id) => names.get(id)).join('、'),
    ]);
    expect(mine[6]).toBeInstanceOf(Date);
  });

  it('writes a CSV of the columns asked for, in order, formulas guarded; English headers for en-US', async () => {
    const file = await fetchTable(t, '/role/export', {
      token: admin,
      query: { format: 'csv', columns: 'dataScope,name,remark' },
    });
    expect(file.status, file.msg).toBe(200);
    expect(file.rows[0]).toEqual(['数据权限', '角色名称', '备注']);
    expect(file.rows).toContainEqual(['本组织及以下', "'=审计员", '只读, "审计"']);
    expect(file.text).toContain(`本组织及以下,'=审计员,"只读, ""审计"""\r\n`);
    const english = await fetchTable(t, '/role/export', {
      token: admin,
      query: { format: 'csv', columns: 'name,dataScope,accountCount,requireSecondFactor' },
      language: 'en-US',
    });
    expect(english.rows[0]).toEqual(['Role name', 'Data scope', 'Accounts', 'Second factor required']);
    expect(english.rows).toContainEqual(["'=审计员", 'Own organization and below', '0', 'Yes']);
  });

  it('keeps the role list’s name filter', async () => {
    const file = await fetchTable(t, '/role/export', {
      token: admin,
      query: { format: 'csv', columns: 'name', name: '审计' },
    });
    expect(file.rows).toEqual([['角色名称'], ["'=审计员"]]);
  });

  it('refuses an unknown column with a 400 naming it', async () => {
    const file = await fetchTable(t, '/role/export', { token: admin, query: { columns: 'name,secret' } });
    expect(file.status).toBe(400);
    expect(file.msg).toContain('不支持的导出列：secret');
    expect(lane).toBeTruthy();
  });
});
