import { type RouteDef, resourceKey, routes } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { fetchTable } from '../../../test/table-file.js';
import { orgPath, splitOrgPath } from './org-path.js';

const PASSWORD = 'Export#Org2026';
const HEADERS = [
  '组织路径',
  '名称',
  '全称',
  '机构编码',
  '所在地区',
  '显示排序',
  '负责人',
  '联系电话',
  '状态',
  '创建时间',
];

describe('组织路径', () => {
  it('joins the names from the root with / and reads back as the same names, / and \\ inside a name escaped', () => {
    expect(orgPath(['总公司', '华东区', '上海'])).toBe('总公司/华东区/上海');
    expect(splitOrgPath('总公司/华东区/上海')).toEqual(['总公司', '华东区', '上海']);
    const odd = ['总公司', '研发/测试', 'a\\b'];
    expect(orgPath(odd)).toBe('总公司/研发\\/测试/a\\\\b');
    expect(splitOrgPath(orgPath(odd))).toEqual(odd);
    expect(splitOrgPath(' 总公司 / 华东区 ')).toEqual(['总公司', '华东区']);
  });
});

describe.each(lanes)('organisation export on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootName = '';
  const org = { root: 0, east: 0, shanghai: 0, north: 0, slash: 0 };

  const made = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/org', { token: admin, body });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { id: number }).id;
  };
  const exported = (query: Record<string, string> = {}, token = admin, language?: string) =>
    fetchTable(t, '/org/export', { token, query, language });

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    const roots = (await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number; name: string }>;
    org.root = roots[0]!.id;
    rootName = roots[0]!.name;
    org.east = await made({ name: '华东区', pid: org.root, orgCode: '0012', fullName: '华东大区', regionId: 320506 });
    org.shanghai = await made({ name: '上海', pid: org.east, fullName: '=HYPERLINK("http://x")', orgCode: '0013' });
    org.north = await made({ name: '华北区', pid: org.root, leader: '张伟', phone: '010-12345678' });
    org.slash = await made({ name: '研发/测试', pid: org.east });
  });
  afterAll(() => t.close());

  it('writes an XLSX (the default): one row per organisation, depth-first, with paths, typed cells', async () => {
    const file = await exported();
    expect(file.status, file.msg).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(file.headers['content-disposition'])).toMatch(
      /^attachment; filename="organizations-\d{8}\.xlsx"; filename\*=UTF-8''%E7%BB%84%E7%BB%87-\d{8}\.xlsx$/,
    );
    const [header, ...rows] = file.rows;
    expect(header).toEqual(HEADERS);
    const paths = rows.map((row) => row[0]);
    // Depth-first: 华东区's subtree (siblings by id) before 华北区.
    expect(paths).toEqual([
      rootName,
      `${rootName}/华东区`,
      `${rootName}/华东区/上海`,
      `${rootName}/华东区/研发\\/测试`,
      `${rootName}/华北区`,
    ]);
    const east = rows[1]!;
    expect(east.slice(0, 5)).toEqual([`${rootName}/华东区`, '华东区', '华东大区', '0012', '江苏省 / 苏州市 / 吴中区']);
    // The code is text (its leading zeros kept), 显示排序 a number, the creation time a date cell.
    expect(typeof east[3]).toBe('string');
    expect(east.slice(5, 9)).toEqual([0, null, null, '启用']);
    expect(east[9]).toBeInstanceOf(Date);
    // A formula-like name is a text cell in XLSX, never a formula.
    expect(rows[2]![2]).toBe('=HYPERLINK("http://x")');
    // 全称 defaults to the name.
    expect(rows[4]!.slice(2, 9)).toEqual(['华北区', null, null, 0, '张伟', '010-12345678', '启用']);
  });

  it('writes a CSV of the columns asked for, in their order, formulas guarded', async () => {
    const file = await exported({ format: 'csv', columns: 'orgCode,fullName,path' });
    expect(file.status, file.msg).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(file.headers['content-disposition'])).toMatch(/filename="organizations-\d{8}\.csv"/);
    expect(file.text.startsWith('\uFEFF机构编码,全称,组织路径\r\n')).toBe(true);
    expect(file.rows[0]).toEqual(['机构编码', '全称', '组织路径']);
    expect(file.rows[2]).toEqual(['0012', '华东大区', `${rootName}/华东区`]);
    expect(file.rows[3]).toEqual(['0013', `'=HYPERLINK("http://x")`, `${rootName}/华东区/上海`]);
    expect(file.text).toContain(`"'=HYPERLINK(""http://x"")"`);
    // The creation time as ISO 8601 text.
    const times = await exported({ format: 'csv', columns: 'createTime' });
    expect(times.rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });

  it('names its headers and file in the request’s language', async () => {
    const file = await exported({ format: 'csv', columns: 'path,name,createTime' }, admin, 'en-US');
    expect(file.rows[0]).toEqual(['Path', 'Name', 'Created']);
    expect(String(file.headers['content-disposition'])).toMatch(/filename\*=UTF-8''organizations-\d{8}\.csv$/);
  });

  it('refuses an unknown column (400 naming it) and an unknown format', async () => {
    const unknown = await exported({ columns: 'name,password' });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('不支持的导出列：password');
    expect((await exported({ format: 'pdf' })).status).toBe(400);
  });

  it('exports only the organisations within a scoped caller’s data scope; ancestors outside it only in paths', async () => {
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{
      id: number;
      method: string | null;
      url: string | null;
      route: string | null;
    }>;
    const api = (route: RouteDef) =>
      resources.find((r) => r.method && r.url && `${r.method},${r.url}` === resourceKey(route.method, route.path))!.id;
    const menu = resources.find((r) => r.route === '/user/Organization')!.id;
    const role = await t.call('POST', '/role', {
      token: admin,
      body: {
        name: `org-export-${lane}`,
        resources: [menu, api(routes.listOrgs), api(routes.exportOrgs)],
        dataScope: 'custom',
        scopeOrgIds: [org.east],
      },
    });
    expect(role.status, role.body.msg).toBe(200);
    const account = await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: `orgexport${lane}`,
        accountName: '导出员',
        password: PASSWORD,
        orgId: org.shanghai,
        roleId: (role.body.data as { id: number }).id,
        state: 1,
      },
    });
    expect(account.status, account.body.msg).toBe(200);
    const token = await t.login(`orgexport${lane}`, PASSWORD);
    const file = await exported({ format: 'csv', columns: 'path,name' }, token);
    expect(file.status, file.msg).toBe(200);
    expect(file.rows.slice(1)).toEqual([
      [`${rootName}/华东区`, '华东区'],
      [`${rootName}/华东区/上海`, '上海'],
      [`${rootName}/华东区/研发\\/测试`, '研发/测试'],
    ]);
  });
});
