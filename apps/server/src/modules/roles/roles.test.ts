import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface RoleOut {
  id: number;
  name: string;
  remark: string | null;
  resources: number[];
  builtin: boolean;
  accountCount: number;
  dataScope: string;
  requireSecondFactor: boolean;
}
interface ResourceOut {
  id: number;
  type: number;
  method: string | null;
  url: string | null;
  route: string | null;
}

describe.each(lanes)('roles API on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  let all: ResourceOut[];
  const api = (method: string, url: string) => all.find((r) => r.method === method && r.url === url)!.id;
  const menu = (route: string) => all.find((r) => r.route === route)!.id;

  const roles = async () => (await t.call('GET', '/role/s', { token: admin })).body.data as RoleOut[];
  const createRole = (body: Record<string, unknown>, token = admin) => t.call('POST', '/role', { token, body });

  async function accountWith(roleId: number | null) {
    const accountNumber = `r${Math.random().toString(36).slice(2, 9)}`;
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: '角色测试', password: 'Rl#2026-safe', orgId: rootOrg, roleId, state: 1 },
    });
    return { id: (res.body.data as { id: number }).id, token: await t.login(accountNumber, 'Rl#2026-safe') };
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    all = (await t.call('GET', '/resources', { token: admin })).body.data as ResourceOut[];
  });
  afterAll(() => t.close());

  it('creates a role with its resources and lists it with the number of accounts holding it', async () => {
    const ids = [menu('/user'), menu('/user/Account'), api('get', '/account/s')];
    const res = await createRole({ name: ' 审计员 ', remark: '只读', resources: ids });
    const role = res.body.data as RoleOut;
    expect(role).toMatchObject({ name: '审计员', remark: '只读', builtin: false, accountCount: 0 });
    expect([...role.resources].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    await accountWith(role.id);
    await accountWith(role.id);
    expect((await roles()).find((r) => r.id === role.id)?.accountCount).toBe(2);
  });

  it('gives a role created without a data scope 本组织 (least privilege), and keeps it when an edit sends none', async () => {
    const made = (await createRole({ name: `默认数据权限-${lane}`, resources: [menu('/')] })).body.data as RoleOut;
    expect(made.dataScope).toBe('org');
    const renamed = await t.call('PUT', '/role', {
      token: admin,
      body: { id: made.id, name: `默认数据权限改名-${lane}`, resources: made.resources },
    });
    expect((renamed.body.data as RoleOut).dataScope).toBe('org');
    const chosen = (await createRole({ name: `全部数据权限-${lane}`, resources: [menu('/')], dataScope: 'all' })).body
      .data as RoleOut;
    expect(chosen.dataScope).toBe('all');
  });

  it('keeps 需要双因素认证 through create, update and the list: off by default, unchanged when absent', async () => {
    const plain = (await createRole({ name: `无需双因素-${lane}`, resources: [menu('/')] })).body.data as RoleOut;
    expect(plain.requireSecondFactor).toBe(false);
    const made = await createRole({ name: `需双因素-${lane}`, resources: [menu('/')], requireSecondFactor: true });
    expect(made.status, made.body.msg).toBe(200);
    const strict = made.body.data as RoleOut;
    expect(strict.requireSecondFactor).toBe(true);

    // An edit without the field keeps the stored flag; with it, sets it.
    const renamed = await t.call('PUT', '/role', {
      token: admin,
      body: { id: strict.id, name: `需双因素改名-${lane}`, resources: strict.resources },
    });
    expect(renamed.status, renamed.body.msg).toBe(200);
    expect((renamed.body.data as RoleOut).requireSecondFactor).toBe(true);
    const listed = await roles();
    expect(listed.find((r) => r.id === strict.id)?.requireSecondFactor).toBe(true);
    expect(listed.find((r) => r.id === plain.id)?.requireSecondFactor).toBe(false);
    expect(listed.find((r) => r.builtin)?.requireSecondFactor).toBe(false);

    const off = await t.call('PUT', '/role', {
      token: admin,
      body: { id: strict.id, name: `需双因素改名-${lane}`, resources: strict.resources, requireSecondFactor: false },
    });
    expect((off.body.data as RoleOut).requireSecondFactor).toBe(false);
    const on = await t.call('PUT', '/role', {
      token: admin,
      body: { id: plain.id, name: plain.name, resources: plain.resources, requireSecondFactor: true },
    });
    expect((on.body.data as RoleOut).requireSecondFactor).toBe(true);
    const after = await roles();
    expect(after.find((r) => r.id === strict.id)?.requireSecondFactor).toBe(false);
    expect(after.find((r) => r.id === plain.id)?.requireSecondFactor).toBe(true);

    const wrong = await createRole({ name: `错误-${lane}`, resources: [menu('/')], requireSecondFactor: 'yes' });
    expect(wrong.status).toBe(400);
  });

  it.each([
    [{ resources: [1] }, '请填写角色名称'],
    [{ name: '无权限' }, '请填写权限'],
    [{ name: '空权限', resources: [] }, '请填写权限'],
    [{ name: '重复', resources: [1, 1] }, '权限不能重复'],
    [{ name: '不存在', resources: [999999] }, '权限不存在：999999'],
  ])('refuses %o', async (body, message) => {
    const res = await createRole(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(message);
  });

  it('refuses a duplicate name', async () => {
    await createRole({ name: '唯一', resources: [menu('/')] });
    const again = await createRole({ name: '唯一', resources: [menu('/')] });
    expect(again.body).toEqual({ code: 400, msg: '角色名称“唯一”已存在', field: 'name' });
  });

  it('keeps the super-admin role untouchable', async () => {
    const superRole = (await roles()).find((r) => r.builtin)!;
    expect(superRole.resources).toHaveLength(all.length);
    const edit = await t.call('PUT', '/role', {
      token: admin,
      body: { id: superRole.id, name: superRole.name, resources: [menu('/')] },
    });
    expect(edit.body).toEqual({ code: 400, msg: '超级管理员角色是内置角色，不能修改或删除' });
    const remove = await t.call('DELETE', '/role', { token: admin, query: { id: superRole.id } });
    expect(remove.body.msg).toBe('超级管理员角色是内置角色，不能修改或删除');
  });

  it('refuses to delete a role in use, saying by how many accounts', async () => {
    const role = (await createRole({ name: '在用', resources: [menu('/')] })).body.data as RoleOut;
    const holder = await accountWith(role.id);
    const refused = await t.call('DELETE', '/role', { token: admin, query: { id: role.id } });
    expect(refused.body).toEqual({ code: 400, msg: '该角色正被 1 个账号使用，不能删除' });
    await t.call('DELETE', '/account', { token: admin, query: { id: holder.id } });
    expect((await t.call('DELETE', '/role', { token: admin, query: { id: role.id } })).status).toBe(200);
  });

  it('lets nobody grant a resource they do not hold, nor edit a role wider than themselves', async () => {
    const managerRole = (
      await createRole({
        name: `角色管理员-${lane}`,
        resources: [api('get', '/role/s'), api('post', '/role'), api('put', '/role'), api('get', '/account/s')],
      })
    ).body.data as RoleOut;
    const manager = await accountWith(managerRole.id);

    const escalate = await createRole({ name: '越权', resources: [api('delete', '/account')] }, manager.token);
    expect(escalate.status).toBe(403);
    expect(escalate.body.msg).toBe('不能授予您自己没有的权限：删除账号');
    const fine = await createRole({ name: `可授予-${lane}`, resources: [api('get', '/account/s')] }, manager.token);
    expect(fine.status).toBe(200);

    const wide = (
      await createRole({ name: `宽角色-${lane}`, resources: [api('delete', '/account'), api('get', '/account/s')] })
    ).body.data as RoleOut;
    // A role wider than the caller is out of its reach altogether (the dominance rule).
    const rename = await t.call('PUT', '/role', {
      token: manager.token,
      body: { id: wide.id, name: `宽角色改名-${lane}`, resources: wide.resources },
    });
    expect(rename.status).toBe(403);
    expect(rename.body.msg).toBe(`角色“宽角色-${lane}”拥有您没有的权限，您不能对其执行“编辑角色”`);
    // 需要双因素认证 grants nothing, yet a role out of reach stays out of reach for it too.
    const flag = await t.call('PUT', '/role', {
      token: manager.token,
      body: { id: wide.id, name: wide.name, resources: wide.resources, requireSecondFactor: true },
    });
    expect(flag.status).toBe(403);
    expect((await roles()).find((r) => r.id === wide.id)?.requireSecondFactor).toBe(false);
    const within = fine.body.data as RoleOut;
    const renamed = await t.call('PUT', '/role', {
      token: manager.token,
      body: { id: within.id, name: `可授予改名-${lane}`, resources: within.resources, requireSecondFactor: true },
    });
    expect(renamed.status).toBe(200);
    expect((renamed.body.data as RoleOut).requireSecondFactor).toBe(true);
  });

  it('replaces the resource set on edit, and the holders get the new permissions on their next request', async () => {
    const role = (await createRole({ name: `可变-${lane}`, resources: [api('get', '/account/s')] })).body
      .data as RoleOut;
    const holder = await accountWith(role.id);
    const first = await t.call('GET', '/account/s', { token: holder.token, query: { p: 1, pageSize: 1 } });
    expect(first.status).toBe(200);
    const stamp = first.headers['x-permission-stamp'];
    expect((await t.call('GET', '/role/s', { token: holder.token })).status).toBe(403);

    await t.call('PUT', '/role', {
      token: admin,
      body: { id: role.id, name: role.name, resources: [api('get', '/role/s')] },
    });
    const after = await t.call('GET', '/role/s', { token: holder.token });
    expect(after.status).toBe(200);
    expect(after.headers['x-permission-stamp']).not.toBe(stamp);
    expect((await t.call('GET', '/account/s', { token: holder.token, query: { p: 1, pageSize: 1 } })).status).toBe(403);
  });
});
