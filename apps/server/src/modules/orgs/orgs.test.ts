import { API_BASE } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { uploadPreview } from '../../../test/import-upload.js';
import { fetchTable } from '../../../test/table-file.js';
import { uniqueViolationOf } from '../../platform/db/db-errors.js';

interface OrgOut {
  id: number;
  pid: number | null;
  name: string;
  fullName: string | null;
  orgCode: string | null;
  hasChildren: boolean;
  createTime: number;
  ancestors?: { id: number; name: string }[];
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
    // createTime answers as epoch milliseconds (ADR 0029), the stored instant.
    const stored = await t.database.db
      .selectFrom('org')
      .select('create_time')
      .where('id', '=', dept.id)
      .executeTakeFirstOrThrow();
    expect(dept.createTime).toBe(Date.parse(stored.create_time));
    await made({ name: '前端组', pid: dept.id });
    const roots = await children();
    expect(roots.find((o) => o.id === root.id)?.hasChildren).toBe(true);
    const level1 = await children(root.id);
    expect(level1.find((o) => o.id === dept.id)?.hasChildren).toBe(true);
    expect((await children(dept.id)).map((o) => o.name)).toEqual(['前端组']);
  });

  it('answers one organisation by id (a filter restored from a link names it), an empty list for none', async () => {
    const dept = await made({ name: '销售部', pid: root.id });
    const one = async (id: number) =>
      (await t.call('GET', '/orgs', { token: admin, query: { id, pid: root.id } })).body.data as OrgOut[];
    expect(await one(dept.id)).toEqual([expect.objectContaining({ id: dept.id, name: '销售部', pid: root.id })]);
    expect(await one(root.id)).toEqual([expect.objectContaining({ id: root.id, hasChildren: true })]);
    expect(await one(2_000_000_000)).toEqual([]);
  });

  it('names the ancestors, root first, of an organisation answered by id or by name (the picker opens down to it)', async () => {
    const a = await made({ name: '祖先甲', pid: root.id });
    const b = await made({ name: '祖先乙', pid: a.id });
    const c = await made({ name: '后代丙', pid: b.id });
    const path = [
      { id: root.id, name: root.name },
      { id: a.id, name: '祖先甲' },
      { id: b.id, name: '祖先乙' },
    ];
    const byId = (await t.call('GET', '/orgs', { token: admin, query: { id: c.id } })).body.data as OrgOut[];
    expect(byId).toEqual([expect.objectContaining({ id: c.id, ancestors: path })]);
    const byName = (await t.call('GET', '/orgs', { token: admin, query: { name: '祖先' } })).body.data as OrgOut[];
    expect(byName.map((o) => [o.name, o.ancestors]).sort()).toEqual([
      ['祖先乙', path.slice(0, 2)],
      ['祖先甲', path.slice(0, 1)],
    ]);
    const top = (await t.call('GET', '/orgs', { token: admin, query: { id: root.id } })).body.data as OrgOut[];
    expect(top[0]?.ancestors).toEqual([]);
    // The lazy tree's children carry no ancestors (their parent is the node opened).
    const children = (await t.call('GET', '/orgs', { token: admin, query: { pid: b.id } })).body.data as OrgOut[];
    expect(children[0]).not.toHaveProperty('ancestors');
  });

  it('finds organisations by part of the name or full name, literally, by name, at most 20 (the command palette)', async () => {
    const a = await made({ name: '华东研发基地', pid: root.id });
    const b = await made({ name: '北区', fullName: '北方研发基地', pid: root.id });
    await made({ name: '财务%部', pid: root.id });
    const named = async (name: string) =>
      (await t.call('GET', '/orgs', { token: admin, query: { name, pid: a.id } })).body.data as OrgOut[];
    // By name: 北区 (found by its full name) and 华东研发基地, in the database's order of the two names.
    const found = await named('研发基地');
    expect(found.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    expect(found).toContainEqual(expect.objectContaining({ id: a.id, hasChildren: false }));
    // % and _ are the text itself, not wildcards.
    expect((await named('%')).map((o) => o.name)).toEqual(['财务%部']);
    expect(await named('无此组织')).toEqual([]);
    for (let i = 0; i < 22; i++) await made({ name: `批量组织${String(i).padStart(2, '0')}`, pid: root.id });
    const many = await named('批量组织');
    expect(many).toHaveLength(20);
    expect(many[0]?.name).toBe('批量组织00');
    const res = await t.call('GET', '/orgs', { token: admin, query: { name: '' } });
    expect(res.status).toBe(400);
  });

  it.each([
    [{}, '请填写名称', 'name'],
    [{ name: '' }, '请填写名称', 'name'],
    [{ name: '   ' }, '名称不能为空白', 'name'],
    [{ name: 'x'.repeat(101) }, '名称长度不能超过 100 个字符', 'name'],
    [{ name: 'a', fullName: 'x'.repeat(256) }, '全称长度不能超过 255 个字符', 'fullName'],
    [{ name: 'a', pid: 999999 }, '上级组织不存在', undefined],
  ])('refuses %o with “%s”', async (body, message, field) => {
    const res = await create(body);
    expect(res.body).toEqual({ code: 400, msg: message, ...(field ? { field } : {}) });
  });

  it('names a blank name by its property in English, on its field', async () => {
    const english = await t.app.fastify.inject({
      method: 'POST',
      url: '/api/org',
      headers: { authorization: admin, 'accept-language': 'en' },
      payload: { name: '   ', pid: root.id },
    });
    expect(english.json()).toEqual({ code: 400, msg: 'name must not be blank', field: 'name' });
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
    await t.call('POST', '/account', {
      token: admin,
      body: {
        accountNumber: `mobile-${lane}`,
        accountName: 'mobile',
        password: 'Mb#2026-safe',
        orgId: root.id,
        state: 1,
        contactNumber: lane === 'sqlite' ? '+8613911112222' : '13911112223',
      },
    });
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
    // The command palette finds an account by its whole mobile number, however it was stored or typed.
    const byMobile = async (contactNumber: string) =>
      (
        (await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 50, contactNumber } })).body
          .data as { list: Array<{ accountNumber: string }> }
      ).list.map((a) => a.accountNumber);
    const mine = lane === 'sqlite' ? '13911112222' : '13911112223';
    expect(await byMobile(mine)).toEqual([`mobile-${lane}`]);
    expect(await byMobile(`+86${mine}`)).toEqual([`mobile-${lane}`]);
    expect(await byMobile('1391111')).toEqual([]);
    expect(await list(mid.id)).toEqual([`low-${lane}`]);
    expect(await list(elsewhere.id)).toEqual([`else-${lane}`]);
  });
});

describe.each(lanes)('sibling names and organisation codes on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootId: number;
  const write = (method: 'POST' | 'PUT', body: Record<string, unknown>) =>
    t.call(method, '/org', { token: admin, body });
  const made = async (body: Record<string, unknown>) => {
    const res = await write('POST', body);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as OrgOut;
  };
  const taken = (name: string) => ({
    code: 400,
    msg: `同一上级组织下已有名为“${name}”的组织，同级组织的名称不能重复`,
    field: 'name',
  });

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootId = ((await t.call('GET', '/orgs', { token: admin })).body.data as OrgOut[])[0]!.id;
  });
  afterAll(() => t.close());

  it('refuses a second child of one name under one parent (and a second root), allows it under another', async () => {
    const north = await made({ name: '华北区', pid: rootId });
    const south = await made({ name: '华南区', pid: rootId });
    await made({ name: '研发部', pid: north.id });
    expect((await write('POST', { name: ' 研发部 ', pid: north.id })).body).toEqual(taken('研发部'));
    expect((await made({ name: '研发部', pid: south.id })).pid).toBe(south.id);
    await made({ name: '独立机构' });
    expect((await write('POST', { name: '独立机构' })).body).toEqual(taken('独立机构'));
  });

  it('refuses renaming to a sibling’s name and moving under a parent that has a child of that name', async () => {
    const east = await made({ name: '华东区', pid: rootId });
    const west = await made({ name: '华西区', pid: rootId });
    const eastSales = await made({ name: '销售部', pid: east.id });
    const eastHr = await made({ name: '人事部', pid: east.id });
    await made({ name: '销售部', pid: west.id });
    expect((await write('PUT', { id: eastHr.id, name: '销售部', pid: east.id })).body).toEqual(taken('销售部'));
    expect((await write('PUT', { id: eastSales.id, name: '销售部', pid: west.id })).body).toEqual(taken('销售部'));
    // Saving it unchanged is no repeat of itself.
    expect((await write('PUT', { id: eastSales.id, name: '销售部', pid: east.id })).status).toBe(200);
    expect((await write('PUT', { id: eastSales.id, name: '销售一部', pid: west.id })).status).toBe(200);
  });

  it('answers one 200 and otherwise the 400 when many create one name at once, never a 500', async () => {
    const parent = await made({ name: '并发', pid: rootId });
    const answers = await Promise.all(Array.from({ length: 6 }, () => write('POST', { name: '同名', pid: parent.id })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body).toEqual(taken('同名'));
    const codes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => write('POST', { name: `编码${i}`, pid: parent.id, orgCode: `RACE-${lane}` })),
    );
    expect(codes.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const refused of codes.filter((a) => a.status === 400)) {
      expect(refused.body).toEqual({ code: 400, msg: `机构编码“RACE-${lane}”已存在`, field: 'orgCode' });
    }
  });

  it('stores an organisation code, unique, editable; left out keeps it, null or empty removes it', async () => {
    const org = await made({ name: '编码机构', pid: rootId, orgCode: '10000001' });
    expect(org.orgCode).toBe('10000001');
    expect(
      ((await t.call('GET', '/orgs', { token: admin, query: { id: org.id } })).body.data as OrgOut[])[0],
    ).toMatchObject({
      orgCode: '10000001',
    });
    const again = await write('POST', { name: '另一机构', pid: rootId, orgCode: '10000001' });
    expect(again.body).toEqual({ code: 400, msg: '机构编码“10000001”已存在', field: 'orgCode' });
    const other = await made({ name: '另一机构', pid: rootId, orgCode: '10000002' });
    const steal = await write('PUT', { id: other.id, name: '另一机构', pid: rootId, orgCode: '10000001' });
    expect(steal.body).toEqual({ code: 400, msg: '机构编码“10000001”已存在', field: 'orgCode' });
    const kept = await write('PUT', { id: org.id, name: '编码机构改', pid: rootId });
    expect(kept.body.data).toMatchObject({ name: '编码机构改', orgCode: '10000001' });
    const changed = await write('PUT', { id: org.id, name: '编码机构改', pid: rootId, orgCode: 'HQ-01' });
    expect(changed.body.data).toMatchObject({ orgCode: 'HQ-01' });
    expect((await write('PUT', { id: org.id, name: '编码机构改', pid: rootId, orgCode: '' })).body.data).toMatchObject({
      orgCode: null,
    });
    await write('PUT', { id: other.id, name: '另一机构', pid: rootId, orgCode: null });
    // Two organisations without a code are not a repeat.
    expect((await made({ name: '无编码', pid: rootId })).orgCode).toBeNull();
  });

  it.each([
    ['a space', '10 01'],
    ['markup', '<b>'],
    ['65 characters', '1'.repeat(65)],
  ])('refuses a code with %s, naming the field', async (_what, orgCode) => {
    const res = await write('POST', { name: `坏编码${orgCode.length}`, pid: rootId, orgCode });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('机构编码');
  });

  it('tells which unique index a racing write hit, in this dialect', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('org')
      .values({ pid: rootId, name: '索引', full_name: null, create_time: now, org_code: 'IDX-1' })
      .execute();
    const hit = async (values: { name: string; org_code: string | null }) => {
      try {
        await db
          .insertInto('org')
          .values({ pid: rootId, full_name: null, create_time: now, ...values })
          .execute();
        return 'none';
      } catch (error) {
        return uniqueViolationOf(error);
      }
    };
    expect(await hit({ name: '另一索引', org_code: 'IDX-1' })).toContain('org_code');
    const sibling = await hit({ name: '索引', org_code: null });
    expect(sibling).toBeTypeOf('string');
    expect(sibling).not.toContain('org_code');
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

describe.each(lanes)('organisation 显示排序, 负责人, 联系电话 and 状态 on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootId: number;
  const call = (method: 'POST' | 'PUT', body: Record<string, unknown>) =>
    t.call(method, '/org', { token: admin, body });
  const made = async (body: Record<string, unknown>) => {
    const res = await call('POST', body);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data as OrgOut & { sort: number; leader: string | null; phone: string | null; state: boolean };
  };
  const childrenOf = async (pid: number) =>
    ((await t.call('GET', '/orgs', { token: admin, query: { pid } })).body.data as OrgOut[]).map((o) => o.name);

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootId = ((await t.call('GET', '/orgs', { token: admin })).body.data as OrgOut[])[0]!.id;
  });
  afterAll(() => t.close());

  it('lists siblings by 显示排序, then by id, in the tree and the export', async () => {
    const parent = await made({ name: '排序', pid: rootId });
    await made({ name: '丙', pid: parent.id, sort: 3 });
    await made({ name: '甲', pid: parent.id, sort: 1 });
    const b = await made({ name: '乙', pid: parent.id });
    await made({ name: '丁', pid: parent.id, sort: 1 });
    expect(await childrenOf(parent.id)).toEqual(['乙', '甲', '丁', '丙']);
    // Reordered by an edit that sends only what it changes.
    expect((await call('PUT', { id: b.id, name: '乙', pid: parent.id, sort: 9 })).status).toBe(200);
    expect(await childrenOf(parent.id)).toEqual(['甲', '丁', '丙', '乙']);
    const file = await fetchTable(t, '/org/export', { token: admin, query: { columns: 'path' } });
    const paths = file.rows.map((row) => String(row[0])).filter((path) => path.includes('/排序/'));
    expect(paths.map((path) => path.split('/').pop())).toEqual(['甲', '丁', '丙', '乙']);
  });

  it('stores 负责人 and 联系电话 (mobile or landline), keeps them on an edit without them, clears them with null', async () => {
    const org = await made({ name: '行政部', pid: rootId, leader: ' 王芳 ', phone: '0512-66881234' });
    expect(org).toMatchObject({ leader: '王芳', phone: '0512-66881234', sort: 0, state: true, fullName: '行政部' });
    const kept = await call('PUT', { id: org.id, name: '行政部', pid: rootId });
    expect(kept.body.data).toMatchObject({ leader: '王芳', phone: '0512-66881234' });
    const mobile = await call('PUT', { id: org.id, name: '行政部', pid: rootId, phone: '13800138000', leader: null });
    expect(mobile.body.data).toMatchObject({ leader: null, phone: '13800138000' });
    const bad = await call('PUT', { id: org.id, name: '行政部', pid: rootId, phone: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('联系电话');
    const long = await call('POST', { name: '长名', pid: rootId, leader: '张'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('负责人');
  });

  it('defaults 全称 to the name, on create and on an edit that empties it', async () => {
    const org = await made({ name: '法务部', pid: rootId, fullName: '  ' });
    expect(org.fullName).toBe('法务部');
    const edited = await call('PUT', { id: org.id, name: '法务中心', pid: rootId, fullName: null });
    expect(edited.body.data).toMatchObject({ name: '法务中心', fullName: '法务中心' });
  });

  it('keeps an enabled organisation’s parent enabled: disabling children first, nothing new under a disabled one', async () => {
    const branch = await made({ name: '停用分部', pid: rootId });
    const team = await made({ name: '停用小组', pid: branch.id });
    const other = await made({ name: '另一小组', pid: rootId });

    const early = await call('PUT', { id: branch.id, name: '停用分部', pid: rootId, state: 0 });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ msg: '该组织下还有 1 个启用的下级组织，请先禁用下级组织', field: 'state' });
    expect((await call('PUT', { id: team.id, name: '停用小组', pid: branch.id, state: 0 })).status).toBe(200);
    const off = await call('PUT', { id: branch.id, name: '停用分部', pid: rootId, state: false });
    expect(off.status, off.body.msg).toBe(200);
    expect(off.body.data).toMatchObject({ state: false });

    const parentOff = '上级组织“停用分部”已禁用：禁用的组织下不能添加或移入组织，也不能启用其下的组织';
    const under = await call('POST', { name: '新小组', pid: branch.id });
    expect(under.body).toMatchObject({ code: 400, msg: parentOff, field: 'pid' });
    const disabledUnder = await call('POST', { name: '新小组', pid: branch.id, state: 0 });
    expect(disabledUnder.body).toMatchObject({ code: 400, field: 'pid' });
    const moved = await call('PUT', { id: other.id, name: '另一小组', pid: branch.id });
    expect(moved.body).toMatchObject({ code: 400, msg: parentOff, field: 'pid' });
    const enabled = await call('PUT', { id: team.id, name: '停用小组', pid: branch.id, state: 1 });
    expect(enabled.body).toMatchObject({ code: 400, msg: parentOff, field: 'state' });
    // A disabled organisation is still edited where it stands.
    const renamed = await call('PUT', { id: team.id, name: '停用小组二', pid: branch.id, leader: '李雷' });
    expect(renamed.status, renamed.body.msg).toBe(200);

    // Accounts: none new in a disabled organisation, none moved into it; those in it stay and are edited there.
    const account = (orgId: number, n: string) => ({
      accountNumber: `org-state-${lane}-${n}`,
      accountName: '成员',
      password: 'Mb#2026-safe',
      orgId,
      state: 1,
    });
    const accountOff = '组织“停用小组二”已禁用，不能添加或移入账号';
    const refusedAccount = await t.call('POST', '/account', { token: admin, body: account(team.id, 'a') });
    expect(refusedAccount.body).toMatchObject({ code: 400, msg: accountOff, field: 'orgId' });
    const elsewhere = await t.call('POST', '/account', { token: admin, body: account(other.id, 'b') });
    expect(elsewhere.status, elsewhere.body.msg).toBe(200);
    const id = (elsewhere.body.data as { id: number }).id;
    const moveIn = await t.call('PUT', '/account', { token: admin, body: { id, ...account(team.id, 'b') } });
    expect(moveIn.body).toMatchObject({ code: 400, msg: accountOff });

    // Enabled again top-down; then the account may join, and stays when its organisation is disabled again.
    expect((await call('PUT', { id: branch.id, name: '停用分部', pid: rootId, state: 1 })).status).toBe(200);
    expect((await call('PUT', { id: team.id, name: '停用小组二', pid: branch.id, state: 1 })).status).toBe(200);
    const joined = await t.call('PUT', '/account', { token: admin, body: { id, ...account(team.id, 'b') } });
    expect(joined.status, joined.body.msg).toBe(200);
    expect((await call('PUT', { id: team.id, name: '停用小组二', pid: branch.id, state: 0 })).status).toBe(200);
    const stays = await t.call('PUT', '/account', {
      token: admin,
      body: { id, ...account(team.id, 'b'), accountName: '仍在停用组织' },
    });
    expect(stays.status, stays.body.msg).toBe(200);
  });
});

describe('the seeded root organisation in English', () => {
  it('is answered as Head office to an English request, and saving that back keeps 总公司 stored', async () => {
    const t = await startTestApp('sqlite');
    try {
      const token = await t.login();
      const en = { 'accept-language': 'en-US' };
      const [root] = (await t.call('GET', '/orgs', { token, headers: en })).body.data as OrgOut[];
      expect(root).toMatchObject({ name: 'Head office', pid: null });
      const child = (await t.call('POST', '/org', { token, body: { name: 'Sales', pid: root!.id } })).body
        .data as OrgOut;
      const [found] = (await t.call('GET', '/orgs', { token, headers: en, query: { id: child.id } })).body
        .data as OrgOut[];
      expect(found?.ancestors).toEqual([{ id: root!.id, name: 'Head office' }]);
      const saved = await t.call('PUT', '/org', {
        token,
        headers: en,
        body: { id: root!.id, name: 'Head office', fullName: root!.fullName, pid: null, leader: 'Li Lei' },
      });
      expect(saved.status, saved.body.msg).toBe(200);
      const stored = await t.database.db
        .selectFrom('org')
        .select(['name', 'full_name', 'leader'])
        .where('id', '=', root!.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ name: '总公司', leader: 'Li Lei' });
      expect(((await t.call('GET', '/orgs', { token })).body.data as OrgOut[])[0]?.name).toBe('总公司');

      // An English export names it Head office, in its path too; read back, it is the same organisation.
      const english = await fetchTable(t, '/org/export', { token, query: { format: 'csv' }, language: 'en-US' });
      expect(english.rows.slice(1).map((row) => row[0])).toEqual(['Head office', 'Head office/Sales']);
      expect(english.rows[1]?.[1]).toBe('Head office');
      const file = await t.app.fastify.inject({
        method: 'GET',
        url: `${API_BASE}/org/export?format=csv`,
        headers: { authorization: token, 'accept-language': 'en-US' },
      });
      const before = await t.database.db.selectFrom('org').selectAll().orderBy('id').execute();
      const preview = await uploadPreview(t, '/org/import/preview', token, 'orgs.csv', file.rawPayload);
      expect(preview.data).toMatchObject({ total: 2, valid: 2, existing: 2, errors: [] });
      const done = await t.call('POST', '/org/import/commit', {
        token,
        body: { previewId: preview.data.previewId, mode: 'upsert' },
      });
      expect(done.body.data).toEqual({ inserted: 0, updated: 2, skipped: 0 });
      expect(await t.database.db.selectFrom('org').selectAll().orderBy('id').execute()).toEqual(before);
    } finally {
      await t.close();
    }
  });
});
