import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface OrgOut {
  id: number;
  pid: number | null;
  name: string;
  fullName: string | null;
  hasChildren: boolean;
  createTime: string;
}

describe.each(lanes)('organisations API on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let root: OrgOut;

  const create = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/org', { token: admin, body });
    return res;
  };
  const made = async (body: Record<string, unknown>) => (await create(body)).body.data as OrgOut;
  const children = async (pid?: number) =>
    (await t.call('GET', '/orgs', { token: admin, query: pid ? { pid } : {} })).body.data as OrgOut[];

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    root = (await children())[0]!;
  });
  afterAll(() => t.close());

  it('creates children and answers them lazily by pid with hasChildren and createTime', async () => {
    const dept = await made({ name: ' 研发部 ', fullName: '研发中心', pid: root.id });
    expect(dept).toMatchObject({ name: '研发部', fullName: '研发中心', pid: root.id, hasChildren: false });
    expect(Date.parse(dept.createTime)).not.toBeNaN();
    await made({ name: '前端组', pid: dept.id });
    const roots = await children();
    expect(roots.find((o) => o.id === root.id)?.hasChildren).toBe(true);
    const level1 = await children(root.id);
    expect(level1.find((o) => o.id === dept.id)?.hasChildren).toBe(true);
    expect((await children(dept.id)).map((o) => o.name)).toEqual(['前端组']);
  });

  it.each([
    [{}, '请填写名称'],
    [{ name: '' }, '请填写名称'],
    [{ name: '   ' }, '名称不能为空白'],
    [{ name: 'x'.repeat(101) }, '名称长度不能超过 100 个字符'],
    [{ name: 'a', fullName: 'x'.repeat(256) }, '全称长度不能超过 255 个字符'],
    [{ name: 'a', pid: 999999 }, '上级组织不存在'],
  ])('refuses %o with “%s”', async (body, message) => {
    const res = await create(body);
    expect(res.body).toEqual({ code: 400, msg: message });
  });

  it('moves a node but never under itself or its own descendants', async () => {
    const a = await made({ name: 'A', pid: root.id });
    const b = await made({ name: 'B', pid: a.id });
    const c = await made({ name: 'C', pid: b.id });
    const other = await made({ name: 'Other', pid: root.id });
    const cycle = await t.call('PUT', '/org', { token: admin, body: { id: a.id, name: 'A', pid: c.id } });
    expect(cycle.body).toEqual({ code: 400, msg: '不能把组织移动到它自己或它的下级组织之下' });
    const self = await t.call('PUT', '/org', { token: admin, body: { id: a.id, name: 'A', pid: a.id } });
    expect(self.status).toBe(400);
    const moved = await t.call('PUT', '/org', { token: admin, body: { id: b.id, name: 'B2', pid: other.id } });
    expect(moved.body.data).toMatchObject({ id: b.id, name: 'B2', pid: other.id, hasChildren: true });
    expect((await children(other.id)).map((o) => o.id)).toEqual([b.id]);
  });

  it('refuses to delete a node with children or accounts, saying which', async () => {
    const parent = await made({ name: '有下级', pid: root.id });
    const child = await made({ name: '下级', pid: parent.id });
    const refused = await t.call('DELETE', '/org', { token: admin, query: { id: parent.id } });
    expect(refused.body).toEqual({ code: 400, msg: '该组织下还有 1 个下级组织，请先删除或移走下级组织' });

    await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber: `org-${lane}`, accountName: '成员', password: 'Mb#2026-safe', orgId: child.id, state: 1 },
    });
    const withAccounts = await t.call('DELETE', '/org', { token: admin, query: { id: child.id } });
    expect(withAccounts.body).toEqual({ code: 400, msg: '该组织下还有 1 个账号，请先删除或调走这些账号' });

    const leaf = await made({ name: '叶子', pid: root.id });
    expect((await t.call('DELETE', '/org', { token: admin, query: { id: leaf.id } })).status).toBe(200);
    expect((await children(root.id)).some((o) => o.id === leaf.id)).toBe(false);
  });

  it('filters accounts by organisation subtree', async () => {
    const top = await made({ name: '事业部', pid: root.id });
    const mid = await made({ name: '一组', pid: top.id });
    const low = await made({ name: '一组一班', pid: mid.id });
    const elsewhere = await made({ name: '别处', pid: root.id });
    const add = (accountNumber: string, orgId: number) =>
      t.call('POST', '/account', {
        token: admin,
        body: { accountNumber, accountName: accountNumber, password: 'Mb#2026-safe', orgId, state: 1 },
      });
    await add(`top-${lane}`, top.id);
    await add(`low-${lane}`, low.id);
    await add(`else-${lane}`, elsewhere.id);
    const list = async (orgId: number) =>
      (
        (await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 50, orgId } })).body.data as {
          list: Array<{ accountNumber: string }>;
          totalCount: number;
        }
      ).list
        .map((a) => a.accountNumber)
        .sort();
    expect(await list(top.id)).toEqual([`low-${lane}`, `top-${lane}`]);
    expect(await list(mid.id)).toEqual([`low-${lane}`]);
    expect(await list(elsewhere.id)).toEqual([`else-${lane}`]);
  });
});

describe('organisation region (所在地区)', () => {
  it('stores a region code, names its path, keeps it on an edit without it, clears it with null', async () => {
    const t = await startTestApp('sqlite');
    try {
      const token = await t.login();
      const created = await t.call('POST', '/org', { token, body: { name: '苏州分公司', regionId: 320506 } });
      expect(created.status, created.body.msg).toBe(200);
      const org = created.body.data as { id: number; regionId: number | null; regionName: string | null };
      expect(org).toMatchObject({ regionId: 320506, regionName: '江苏省 / 苏州市 / 吴中区' });
      const edited = await t.call('PUT', '/org', { token, body: { id: org.id, name: '苏州公司' } });
      expect(edited.body.data).toMatchObject({ name: '苏州公司', regionId: 320506 });
      const cleared = await t.call('PUT', '/org', { token, body: { id: org.id, name: '苏州公司', regionId: null } });
      expect(cleared.body.data).toMatchObject({ regionId: null, regionName: null });
      const unknown = await t.call('POST', '/org', { token, body: { name: '无效地区', regionId: 123 } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toBe('地区不存在');
    } finally {
      await t.close();
    }
  });
});
