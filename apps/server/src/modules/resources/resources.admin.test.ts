import { flattenMenus, menus } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface ResourceOut {
  id: number;
  pid: number | null;
  name: string;
  type: 0 | 1;
  route: string | null;
  method: string | null;
  url: string | null;
  remark: string | null;
  orderNum: number;
  icon: string | null;
  builtin: boolean;
}

describe.each(lanes)('resources API on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  const list = async () => (await t.call('GET', '/resources', { token: admin })).body.data as ResourceOut[];
  const create = (body: Record<string, unknown>) => t.call('POST', '/resource', { token: admin, body });
  const full = (r: ResourceOut, changes: Partial<ResourceOut> = {}) => {
    const { builtin: _builtin, ...rest } = { ...r, ...changes };
    return rest;
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('adds a menu and an API resource under it, ordered by orderNum; the method is stored lower-case', async () => {
    const menu = (await create({ type: 0, name: '报表', route: '/report', orderNum: 5 })).body.data as ResourceOut;
    expect(menu).toMatchObject({ type: 0, route: '/report', method: null, url: null, builtin: false, orderNum: 5 });
    const second = (
      await create({ type: 1, name: '导出', pid: menu.id, method: 'POST', url: '/report/export', orderNum: 2 })
    ).body.data as ResourceOut;
    const first = (await create({ type: 1, name: '查询', pid: menu.id, method: 'get', url: '/report/s', orderNum: 1 }))
      .body.data as ResourceOut;
    expect(second.method).toBe('post');
    const children = (await list()).filter((r) => r.pid === menu.id).map((r) => r.id);
    expect(children).toEqual([first.id, second.id]);
  });

  it.each([
    [{ name: '缺类型' }, '请填写类型'],
    [{ type: 2, name: 'x' }, '类型取值不正确'],
    [{ type: 0 }, '请填写名称'],
    [{ type: 1, name: '无方法', url: '/a' }, '请选择请求方法'],
    [{ type: 1, name: '无URL', method: 'get' }, '请填写 URL'],
    [{ type: 1, name: '坏URL', method: 'get', url: 'a/b' }, 'URL 必须以 / 开头'],
    [{ type: 1, name: '坏方法', method: 'patch', url: '/a' }, '方法'],
    [{ type: 0, name: '坏父级', pid: 999999 }, '父级资源不存在'],
    [{ type: 1, name: '重复', method: 'get', url: '/account/s' }, '已存在相同方法和 URL 的资源：GET /account/s'],
  ])('refuses %o', async (body, message) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(message);
  });

  it('keeps API resources leaves: only menus can have children', async () => {
    const leaf = (await create({ type: 1, name: '叶子', method: 'get', url: `/leaf/${lane}` })).body
      .data as ResourceOut;
    const res = await create({ type: 0, name: '挂在接口下', pid: leaf.id });
    expect(res.body).toEqual({ code: 400, msg: '父级必须是菜单（路由）类型的资源' });
  });

  it('refuses to delete a node with children and never creates a cycle', async () => {
    const parent = (await create({ type: 0, name: '父', route: '/p' })).body.data as ResourceOut;
    const child = (await create({ type: 0, name: '子', route: '/p/c', pid: parent.id })).body.data as ResourceOut;
    const refused = await t.call('DELETE', '/resource', { token: admin, query: { id: parent.id } });
    expect(refused.body).toEqual({ code: 400, msg: '该资源下还有 1 个子资源，请先删除子资源' });
    const cycle = await t.call('PUT', '/resource', { token: admin, body: full(parent, { pid: child.id }) });
    expect(cycle.body).toEqual({ code: 400, msg: '不能把资源移动到它自己或它的下级之下' });
    expect((await t.call('DELETE', '/resource', { token: admin, query: { id: child.id } })).status).toBe(200);
    expect((await t.call('DELETE', '/resource', { token: admin, query: { id: parent.id } })).status).toBe(200);
  });

  it('protects built-in resources: no delete, no method/url/route change, but name and order may change', async () => {
    const builtin = (await list()).find((r) => r.method === 'get' && r.url === '/account/s')!;
    expect(builtin.builtin).toBe(true);
    const remove = await t.call('DELETE', '/resource', { token: admin, query: { id: builtin.id } });
    expect(remove.body).toEqual({ code: 400, msg: '内置资源不能删除' });
    const move = await t.call('PUT', '/resource', { token: admin, body: full(builtin, { url: '/account/list' }) });
    expect(move.body).toEqual({ code: 400, msg: '内置资源的类型、路由、方法和 URL 不能修改' });
    const rename = await t.call('PUT', '/resource', {
      token: admin,
      body: full(builtin, { name: '账号查询', orderNum: 3 }),
    });
    expect(rename.body.data).toMatchObject({ name: '账号查询', orderNum: 3, url: '/account/s', builtin: true });
    const menu = (await list()).find((r) => r.route === '/user/Account')!;
    const reroute = await t.call('PUT', '/resource', { token: admin, body: full(menu, { route: '/elsewhere' }) });
    expect(reroute.status).toBe(400);
  });

  it('edits an admin-made resource with every field of specification §5', async () => {
    const made = (await create({ type: 1, name: '旧', method: 'get', url: `/old/${lane}` })).body.data as ResourceOut;
    const res = await t.call('PUT', '/resource', {
      token: admin,
      body: {
        id: made.id,
        type: 1,
        name: '新',
        pid: null,
        route: null,
        method: 'delete',
        url: `/new/${lane}`,
        remark: '说明',
      },
    });
    expect(res.body.data).toMatchObject({ name: '新', method: 'delete', url: `/new/${lane}`, remark: '说明' });
    const missing = await t.call('PUT', '/resource', { token: admin, body: { id: made.id, type: 1, name: '缺字段' } });
    expect(missing.status).toBe(400);
  });

  it('seeds the contract icon on every built-in menu, none on API resources; the session answers them too', async () => {
    const all = await list();
    for (const menu of flattenMenus(menus)) {
      expect(all.find((r) => r.type === 0 && r.route === menu.path)?.icon, menu.path).toBe(menu.icon);
    }
    expect(all.find((r) => r.route === '/user/Account')?.icon).toBe('UserOutlined');
    expect(all.filter((r) => r.type === 1).every((r) => r.icon === null)).toBe(true);
    const held = (await t.call('GET', '/getPermissions', { token: admin })).body.data as ResourceOut[];
    expect(held.find((r) => r.route === '/')?.icon).toBe('HomeOutlined');
  });

  it('stores a menu icon; an edit leaving it out keeps it, null removes it; API resources never hold one', async () => {
    const made = (await create({ type: 0, name: '报表中心', route: `/reports/${lane}`, icon: 'BarChartOutlined' })).body
      .data as ResourceOut;
    expect(made.icon).toBe('BarChartOutlined');
    const { icon: _icon, ...withoutIcon } = full(made, { name: '报表' });
    const kept = await t.call('PUT', '/resource', { token: admin, body: withoutIcon });
    expect(kept.body.data).toMatchObject({ name: '报表', icon: 'BarChartOutlined' });
    const cleared = await t.call('PUT', '/resource', { token: admin, body: full(made, { icon: null }) });
    expect((cleared.body.data as ResourceOut).icon).toBeNull();
    const api = (await create({ type: 1, name: '图标接口', method: 'get', url: `/icon/${lane}`, icon: 'UserOutlined' }))
      .body.data as ResourceOut;
    expect(api.icon).toBeNull();
  });

  it.each([
    ['lowerCamel', 'userOutlined'],
    ['markup', '<svg/>'],
    ['too long', `A${'b'.repeat(64)}`],
  ])('refuses a %s icon naming the field', async (_what, icon) => {
    const res = await create({ type: 0, name: '坏图标', icon });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('图标');
  });

  it('a start fills the icon of a built-in menu that has none, and keeps one an administrator chose', async () => {
    const db = t.database.db;
    await db.updateTable('resource').set({ icon: null }).where('route', '=', '/user/Role').execute();
    await db.updateTable('resource').set({ icon: 'StarOutlined' }).where('route', '=', '/user/Organization').execute();
    const second = await startTestApp(lane, {}, t.database);
    await second.close();
    const all = await list();
    expect(all.find((r) => r.route === '/user/Role')?.icon).toBe('SafetyCertificateOutlined');
    expect(all.find((r) => r.route === '/user/Organization')?.icon).toBe('StarOutlined');
  });
});
