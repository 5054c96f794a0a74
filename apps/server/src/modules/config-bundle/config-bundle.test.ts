import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';

interface Bundle {
  format: string;
  version: number;
  exportedAt?: string;
  resources: Array<Record<string, unknown> & { type: number; method: string | null; url: string | null }>;
  roles: Array<{
    name: string;
    remark: string | null;
    builtin: boolean;
    dataScope: string;
    scopeOrgs: string[][];
    resources: string[];
    requireSecondFactor?: boolean;
  }>;
  dicts: Array<{
    dictCode: string;
    dictName: string;
    remark: string | null;
    items: Array<{
      value: string;
      parent: string | null;
      orderNum: number;
      keyValue?: string;
      state?: boolean;
      tagColor?: string | null;
    }>;
  }>;
  orgs: Array<{ path: string[]; fullName: string | null; orgCode: string | null; regionId: number | null }>;
  params?: Array<{ key: string; value: string }>;
}
interface Change {
  id: string;
  kind: string;
  key: string;
  action: 'add' | 'change' | 'remove';
  fields: Array<{ field: string; before: unknown; after: unknown }>;
}
interface ResourceOut {
  id: number;
  method: string | null;
  url: string | null;
  route: string | null;
}

const PASSWORD = 'Cfg#2026-safe';
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe.each(lanes)('configuration bundle on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let all: ResourceOut[];
  let rootOrg: number;
  const api = (method: string, url: string) => all.find((r) => r.method === method && r.url === url)!.id;
  const menu = (route: string) => all.find((r) => r.route === route)!.id;

  const exportBundle = async (app = t, token = admin) => {
    const res = await app.call('GET', '/config/bundle', { token });
    expect(res.status, res.body.msg).toBe(200);
    return res.body as unknown as Bundle;
  };
  const diff = async (bundle: unknown, app = t, token = admin) => {
    const res = await app.call('POST', '/config/bundle/diff', { token, body: bundle });
    expect(res.status, res.body.msg).toBe(200);
    return (res.body.data as { changes: Change[] }).changes;
  };
  const apply = (bundle: unknown, changeIds: string[], app = t, token = admin) =>
    app.call('POST', '/config/bundle/apply', { token, body: { bundle, changeIds } });

  async function accountWith(roleId: number, orgId = rootOrg) {
    const accountNumber = `cfg${Math.random().toString(36).slice(2, 9)}`;
    const res = await t.call('POST', '/account', {
      token: admin,
      body: { accountNumber, accountName: '配置测试', password: PASSWORD, orgId, roleId, state: 1 },
    });
    expect(res.status, res.body.msg).toBe(200);
    return { id: (res.body.data as { id: number }).id, token: await t.login(accountNumber, PASSWORD) };
  }

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    all = (await t.call('GET', '/resources', { token: admin })).body.data as ResourceOut[];
    // Some configuration: an organisation tree, a dictionary with a tree of items, roles (one with a 自定义 scope).
    const east = (await t.call('POST', '/org', { token: admin, body: { name: '华东区', pid: rootOrg } })).body.data as {
      id: number;
    };
    await t.call('POST', '/org', {
      token: admin,
      body: { name: '上海', pid: east.id, fullName: '上海分公司', orgCode: 'SH01' },
    });
    await t.call('POST', '/dict', { token: admin, body: { dictName: '地区', dictCode: 'area', remark: '行政区' } });
    const east1 = (await t.call('POST', '/dict/item', { token: admin, body: { dictCode: 'area', value: '华东' } })).body
      .data as { id: number };
    await t.call('POST', '/dict/item', {
      token: admin,
      body: { dictCode: 'area', value: '江苏', pid: east1.id, orderNum: 2, keyValue: 'JS', state: 0, tagColor: 'cyan' },
    });
    await t.call('POST', '/resource', {
      token: admin,
      body: { type: 0, name: '报表', route: '/report', pid: menu('/system'), orderNum: 9, icon: 'BookOutlined' },
    });
    const custom = await t.call('POST', '/role', {
      token: admin,
      body: {
        name: '华东审计',
        remark: '只读',
        resources: [menu('/user'), api('get', '/account/s')],
        dataScope: 'custom',
        scopeOrgIds: [east.id],
      },
    });
    expect(custom.status, custom.body.msg).toBe(200);
  });
  afterAll(() => t.close());

  it('exports a versioned file of natural keys, without ids, accounts or secrets', async () => {
    const res = await t.call('GET', '/config/bundle', { token: admin });
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="gatehouse-config-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const bundle = res.body as unknown as Bundle;
    expect(bundle).toMatchObject({ format: 'gatehouse-config', version: 1 });
    // No database ids anywhere, and nothing of accounts (the admin account, its password hash).
    const keys = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          keys.add(key);
          walk(child);
        }
      }
    };
    walk(bundle);
    expect([...keys].filter((key) => /^(id|pid|.*Id|password.*|account.*)$/.test(key))).toEqual(['regionId']);
    expect(JSON.stringify(bundle)).not.toMatch(/\$argon2|\$2[aby]\$|"admin"|系统管理员/);
    expect(bundle.roles.find((r) => r.builtin)).toMatchObject({ builtin: true, resources: [] });
    expect(bundle.roles.find((r) => r.name === '华东审计')).toMatchObject({
      dataScope: 'custom',
      scopeOrgs: [['总公司', '华东区']],
      resources: ['api:get /account/s', 'menu:/user'],
      requireSecondFactor: false,
    });
    expect(bundle.orgs.map((o) => o.path.join('/'))).toEqual(['总公司', '总公司/华东区', '总公司/华东区/上海']);
    expect(bundle.dicts.find((d) => d.dictCode === 'area')?.items).toEqual([
      { value: '华东', parent: null, orderNum: 0, keyValue: '华东', state: true, tagColor: null },
      { value: '江苏', parent: '华东', orderNum: 2, keyValue: 'JS', state: false, tagColor: 'cyan' },
    ]);
    expect(bundle.resources.find((r) => r.route === '/report')).toMatchObject({
      parent: 'menu:/system',
      builtin: false,
    });
    // Compared with the installation it came from: nothing to do.
    expect(await diff(bundle)).toEqual([]);
  });

  it('imported into a fresh database, applying every change leaves an empty diff', async () => {
    const bundle = await exportBundle();
    const fresh = await startTestApp(lane);
    try {
      const token = await fresh.login();
      const changes = await diff(bundle, fresh, token);
      expect(changes.every((c) => c.action === 'add')).toBe(true);
      expect(changes.map((c) => c.id)).toEqual(
        expect.arrayContaining([
          'resource:menu:/report',
          'org:["总公司","华东区"]',
          'org:["总公司","华东区","上海"]',
          'dict:area',
          'dictItem:area/华东',
          'dictItem:area/江苏',
          'role:华东审计',
        ]),
      );
      // Built-in objects matched by their keys: the super-admin role, the built-in menus and APIs, the root.
      expect(changes.some((c) => c.kind === 'resource' && c.key === 'menu:/user')).toBe(false);
      expect(changes.some((c) => c.kind === 'org' && c.key === '总公司')).toBe(false);
      const applied = await apply(
        bundle,
        changes.map((c) => c.id),
        fresh,
        token,
      );
      expect(applied.status, applied.body.msg).toBe(200);
      expect(applied.body.data).toEqual({ applied: changes.length });
      expect(await diff(bundle, fresh, token)).toEqual([]);
      const again = await exportBundle(fresh, token);
      expect({ ...again, exportedAt: undefined }).toEqual({ ...bundle, exportedAt: undefined });
      // Each apply is in the operation log.
      const log = (await fresh.call('GET', '/audit/s', { token, query: { p: 1, pageSize: 20 } })).body.data as {
        list: Array<{ title: string; outcome: string }>;
      };
      expect(log.list.filter((e) => e.title === '应用配置包')).toEqual([
        expect.objectContaining({ title: '应用配置包', outcome: 'success' }),
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('shows a changed role, dictionary item and organisation with the fields before and after', async () => {
    const bundle = await exportBundle();
    const role = bundle.roles.find((r) => r.name === '华东审计')!;
    role.remark = '审计用';
    role.resources = [...role.resources, 'api:get /role/s'];
    bundle.dicts.find((d) => d.dictCode === 'area')!.items.find((i) => i.value === '江苏')!.orderNum = 5;
    bundle.orgs.find((o) => o.path.join('/') === '总公司/华东区/上海')!.fullName = '上海公司';
    const changes = await diff(bundle);
    expect(changes).toEqual([
      {
        id: 'org:["总公司","华东区","上海"]',
        kind: 'org',
        key: '总公司/华东区/上海',
        label: '上海',
        action: 'change',
        fields: [{ field: 'fullName', before: '上海分公司', after: '上海公司' }],
      },
      {
        id: 'dictItem:area/江苏',
        kind: 'dictItem',
        key: 'area/江苏',
        label: '江苏',
        action: 'change',
        fields: [{ field: 'orderNum', before: 2, after: 5 }],
      },
      {
        id: 'role:华东审计',
        kind: 'role',
        key: '华东审计',
        label: '华东审计',
        action: 'change',
        fields: [
          { field: 'remark', before: '只读', after: '审计用' },
          {
            field: 'resources',
            before: ['api:get /account/s', 'menu:/user'],
            after: ['api:get /account/s', 'api:get /role/s', 'menu:/user'],
          },
        ],
      },
    ]);
  });

  it('lists additions and removals, never removes built-in resources nor touches the super-admin role', async () => {
    const bundle = await exportBundle();
    bundle.dicts.push({
      dictCode: 'color',
      dictName: '颜色',
      remark: null,
      items: [{ value: '红', parent: null, orderNum: 0 }],
    });
    bundle.roles = bundle.roles.filter((r) => r.name !== '华东审计');
    // A bundle of an installation without some built-in resources, and with the super-admin role renamed.
    bundle.resources = bundle.resources.filter((r) => !(r.method === 'delete' && r.url === '/account'));
    bundle.roles.find((r) => r.builtin)!.name = '超管';
    const changes = await diff(bundle);
    expect(changes.map((c) => [c.id, c.action])).toEqual([
      ['dict:color', 'add'],
      ['dictItem:color/红', 'add'],
      ['role:华东审计', 'remove'],
    ]);
    expect(changes.find((c) => c.id === 'dict:color')!.fields).toEqual([
      { field: 'dictName', before: null, after: '颜色' },
      { field: 'remark', before: null, after: null },
    ]);
  });

  it('carries 需要双因素认证: exported, compared and applied; a file without it leaves a role’s own alone', async () => {
    const made = await t.call('POST', '/role', {
      token: admin,
      body: { name: '双因素角色', remark: '严格', resources: [menu('/')], requireSecondFactor: true },
    });
    expect(made.status, made.body.msg).toBe(200);
    const flagOf = async (name: string) =>
      (
        (await t.call('GET', '/role/s', { token: admin })).body.data as Array<{
          name: string;
          requireSecondFactor: boolean;
        }>
      ).find((r) => r.name === name)?.requireSecondFactor;
    const bundle = await exportBundle();
    expect(bundle.roles.find((r) => r.name === '双因素角色')?.requireSecondFactor).toBe(true);
    expect(bundle.roles.find((r) => r.builtin)?.requireSecondFactor).toBe(false);
    expect(await diff(bundle)).toEqual([]);

    // Turned off in the file: a change of that one field, applied like PUT /role.
    const off = copy(bundle);
    off.roles.find((r) => r.name === '双因素角色')!.requireSecondFactor = false;
    const changes = await diff(off);
    expect(changes).toEqual([
      expect.objectContaining({
        id: 'role:双因素角色',
        action: 'change',
        fields: [{ field: 'requireSecondFactor', before: true, after: false }],
      }),
    ]);
    expect((await apply(off, ['role:双因素角色'])).status).toBe(200);
    expect(await flagOf('双因素角色')).toBe(false);
    expect((await apply(bundle, ['role:双因素角色'])).status).toBe(200);
    expect(await flagOf('双因素角色')).toBe(true);

    // A file without the field (exported before it existed): nothing to compare, and a change for another reason
    // keeps the role's own flag; a role it adds gets it off, as POST /role without it.
    const older = copy(bundle);
    for (const role of older.roles) delete role.requireSecondFactor;
    expect(await diff(older)).toEqual([]);
    older.roles.find((r) => r.name === '双因素角色')!.remark = '旧文件';
    older.roles.push({
      name: '旧文件角色',
      remark: null,
      builtin: false,
      dataScope: 'all',
      scopeOrgs: [],
      resources: ['menu:/'],
    });
    const olderChanges = await diff(older);
    expect(olderChanges.find((c) => c.id === 'role:双因素角色')?.fields).toEqual([
      { field: 'remark', before: '严格', after: '旧文件' },
    ]);
    expect(olderChanges.find((c) => c.id === 'role:旧文件角色')?.fields.map((f) => f.field)).toEqual([
      'remark',
      'dataScope',
      'scopeOrgs',
      'resources',
    ]);
    expect((await apply(older, ['role:双因素角色', 'role:旧文件角色'])).status).toBe(200);
    expect(await flagOf('双因素角色')).toBe(true);
    expect(await flagOf('旧文件角色')).toBe(false);

    // A role the file adds with the flag on is made with it.
    const added = copy(bundle);
    added.roles.push({
      name: '新双因素角色',
      remark: null,
      builtin: false,
      dataScope: 'all',
      scopeOrgs: [],
      resources: ['menu:/'],
      requireSecondFactor: true,
    });
    const addition = (await diff(added)).find((c) => c.id === 'role:新双因素角色');
    expect(addition?.fields).toContainEqual({ field: 'requireSecondFactor', before: null, after: true });
    expect((await apply(added, ['role:新双因素角色'])).status).toBe(200);
    expect(await flagOf('新双因素角色')).toBe(true);
  });

  it('carries an item’s 数据键值, 状态 and 标签颜色; a file without them leaves an item’s own alone', async () => {
    const itemOf = async (value: string) =>
      (
        (await t.call('GET', '/dict/item/s', { token: admin, query: { dictCode: 'area' } })).body.data as Array<{
          value: string;
          keyValue: string;
          state: boolean;
          tagColor: string | null;
        }>
      ).find((i) => i.value === value);
    const bundle = await exportBundle();
    const changed = copy(bundle);
    Object.assign(changed.dicts.find((d) => d.dictCode === 'area')!.items.find((i) => i.value === '江苏')!, {
      keyValue: 'jiangsu',
      state: true,
      tagColor: 'magenta',
    });
    expect(await diff(changed)).toEqual([
      expect.objectContaining({
        id: 'dictItem:area/江苏',
        action: 'change',
        fields: [
          { field: 'keyValue', before: 'JS', after: 'jiangsu' },
          { field: 'state', before: false, after: true },
          { field: 'tagColor', before: 'cyan', after: 'magenta' },
        ],
      }),
    ]);
    expect((await apply(changed, ['dictItem:area/江苏'])).status).toBe(200);
    expect(await itemOf('江苏')).toMatchObject({ keyValue: 'jiangsu', state: true, tagColor: 'magenta' });

    // Exported before 数据键值, 状态 and 标签颜色 existed: nothing of them compared; another change keeps them; an added item gets the defaults.
    const older = copy(bundle);
    for (const d of older.dicts) {
      for (const item of d.items) {
        delete item.keyValue;
        delete item.state;
        delete item.tagColor;
      }
    }
    older.dicts.find((d) => d.dictCode === 'area')!.items.find((i) => i.value === '江苏')!.orderNum = 7;
    older.dicts.find((d) => d.dictCode === 'area')!.items.push({ value: '浙江', parent: '华东', orderNum: 3 });
    const olderChanges = await diff(older);
    expect(olderChanges.map((c) => [c.id, c.fields.map((f) => f.field)])).toEqual([
      ['dictItem:area/江苏', ['orderNum']],
      ['dictItem:area/浙江', ['parent', 'orderNum']],
    ]);
    expect((await apply(older, ['dictItem:area/江苏', 'dictItem:area/浙江'])).status).toBe(200);
    expect(await itemOf('江苏')).toMatchObject({ keyValue: 'jiangsu', state: true, tagColor: 'magenta' });
    expect(await itemOf('浙江')).toMatchObject({ keyValue: '浙江', state: true, tagColor: null });

    // A colour outside the closed list is refused by the file's schema, naming the field.
    const wrong = copy(bundle);
    wrong.dicts.find((d) => d.dictCode === 'area')!.items[0]!.tagColor = 'teal';
    const refused = await t.call('POST', '/config/bundle/diff', { token: admin, body: wrong });
    expect(refused.body).toMatchObject({ code: 400, msg: '标签颜色取值不正确' });

    // Back as it was for the tests after this one.
    expect((await apply(bundle, ['dictItem:area/江苏', 'dictItem:area/浙江'])).status).toBe(200);
  });

  it('applies only the chosen changes', async () => {
    const bundle = await exportBundle();
    bundle.dicts.push({ dictCode: 'size', dictName: '尺码', remark: null, items: [] });
    bundle.dicts.push({ dictCode: 'shape', dictName: '形状', remark: null, items: [] });
    bundle.orgs.push({ path: ['总公司', '华南区'], fullName: null, orgCode: null, regionId: null });
    const res = await apply(bundle, ['dict:size', 'org:["总公司","华南区"]']);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ applied: 2 });
    expect((await diff(bundle)).map((c) => c.id)).toEqual(['dict:shape']);
  });

  it('adds no organisation under a disabled one, saying which', async () => {
    const off = (await t.call('POST', '/org', { token: admin, body: { name: '禁用区', pid: rootOrg, state: 0 } })).body
      .data as { id: number };
    expect(off.id).toBeGreaterThan(0);
    const bundle = await exportBundle();
    bundle.orgs.push({ path: ['总公司', '禁用区', '新部门'], fullName: null, orgCode: null, regionId: null });
    const res = await apply(bundle, ['org:["总公司","禁用区","新部门"]']);
    expect(res.body).toMatchObject({ code: 400 });
    expect(res.body.msg).toContain('上级组织“禁用区”已禁用');
    expect((await diff(bundle)).map((c) => c.id)).toContain('org:["总公司","禁用区","新部门"]');
  });

  it('writes nothing when one chosen change fails half-way', async () => {
    const org = (await t.call('POST', '/org', { token: admin, body: { name: '西北区', pid: rootOrg } })).body.data as {
      id: number;
    };
    const role = (await t.call('POST', '/role', { token: admin, body: { name: '西北员工', resources: [menu('/')] } }))
      .body.data as { id: number };
    await accountWith(role.id, org.id);
    const bundle = await exportBundle();
    bundle.dicts.push({ dictCode: 'half', dictName: '半途', remark: null, items: [] });
    bundle.orgs = bundle.orgs.filter((o) => o.path.join('/') !== '总公司/西北区');
    const changes = await diff(bundle);
    expect(changes.map((c) => [c.id, c.action])).toEqual([
      ['org:["总公司","西北区"]', 'remove'],
      ['dict:half', 'add'],
    ]);
    const res = await apply(
      bundle,
      changes.map((c) => c.id),
    );
    // The organisation is refused the way DELETE /org refuses it, after the dictionary was written: rolled back.
    expect(res.body).toEqual({ code: 400, msg: '组织“总公司/西北区”：该组织下还有 1 个账号，请先删除或调走这些账号' });
    expect((await diff(bundle)).map((c) => c.id)).toEqual(['org:["总公司","西北区"]', 'dict:half']);
  });

  it('refuses a change id that is not in the diff, and a role whose new resources are not chosen', async () => {
    const bundle = await exportBundle();
    const unknown = await apply(bundle, ['dict:nothing']);
    expect(unknown.body).toEqual({ code: 400, msg: '所选变更“dict:nothing”不在比较结果中，请重新比较' });

    bundle.resources.push({
      type: 1,
      name: '自定义接口',
      route: null,
      method: 'get',
      url: '/custom/thing',
      parent: null,
      remark: null,
      orderNum: 0,
      icon: null,
      builtin: false,
    });
    bundle.roles.push({
      name: '新角色',
      remark: null,
      builtin: false,
      dataScope: 'all',
      scopeOrgs: [],
      resources: ['api:get /custom/thing'],
    });
    const res = await apply(bundle, ['role:新角色']);
    expect(res.body).toEqual({
      code: 400,
      msg: '角色“新角色”：权限“api:get /custom/thing”不存在，请同时选择添加该资源',
    });
    const both = await apply(bundle, ['role:新角色', 'resource:api:get /custom/thing']);
    expect(both.status, both.body.msg).toBe(200);
  });

  it('refuses a wrong file with a zh-CN message naming what is wrong', async () => {
    const bundle = await exportBundle();
    const call = (body: unknown) => t.call('POST', '/config/bundle/diff', { token: admin, body });
    expect((await call({ ...bundle, format: 'other' })).body).toEqual({
      code: 400,
      msg: '这不是 Gatehouse 配置文件：文件格式（format）应为 gatehouse-config',
    });
    expect((await call({ ...bundle, version: 2 })).body).toEqual({
      code: 400,
      msg: '不支持的配置文件版本 2：本系统读取版本 1',
    });
    const other = await call({ list: [] });
    expect(other.status).toBe(400);
    expect(other.body.msg).toBe('请填写文件格式');
    const dup = copy(bundle);
    dup.dicts.push({ ...dup.dicts.find((d) => d.dictCode === 'area')! });
    expect((await call(dup)).body).toEqual({ code: 400, msg: '配置文件中字典“area”重复' });
    const orphan = copy(bundle);
    orphan.orgs.push({ path: ['总公司', '无上级', '下级'], fullName: null, orgCode: null, regionId: null });
    expect((await call(orphan)).body.msg).toBe('配置文件中组织“总公司/无上级/下级”的上级“总公司/无上级”不存在');
    const badRole = copy(bundle);
    badRole.roles.push({
      name: '坏',
      remark: null,
      builtin: false,
      dataScope: 'all',
      scopeOrgs: [],
      resources: ['menu:/none'],
    });
    expect((await call(badRole)).body.msg).toBe('角色“坏”的权限“menu:/none”不在配置文件的资源中');
  });

  describe('an actor with a narrow role', () => {
    let narrow: { id: number; token: string };
    let narrowRole: number;
    beforeAll(async () => {
      const res = await t.call('POST', '/role', {
        token: admin,
        body: {
          name: `配置管理员-${lane}`,
          // Narrow in what it holds, not in what it sees: the bundle is 全部-scope work (a role without a scope is
          // 本组织 since b8d6df3).
          dataScope: 'all',
          resources: [
            menu('/system/ConfigBundle'),
            api('post', '/config/bundle/diff'),
            api('post', '/config/bundle/apply'),
            api('get', '/config/bundle'),
            api('post', '/role'),
            api('put', '/role'),
            api('get', '/account/s'),
            api('post', '/org'),
          ],
        },
      });
      expect(res.status, res.body.msg).toBe(200);
      narrowRole = (res.body.data as { id: number }).id;
      narrow = await accountWith(narrowRole);
    });

    it('cannot grant through a bundle a resource it does not hold', async () => {
      const bundle = await exportBundle(t, narrow.token);
      bundle.roles.push({
        name: '越权角色',
        remark: null,
        builtin: false,
        dataScope: 'all',
        scopeOrgs: [],
        resources: ['api:get /account/s', 'api:delete /account'],
      });
      const res = await apply(bundle, ['role:越权角色'], t, narrow.token);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('角色“越权角色”：不能授予您自己没有的权限：删除账号');
      const held = copy(bundle);
      held.roles.find((r) => r.name === '越权角色')!.resources = ['api:get /account/s'];
      const fine = await apply(held, ['role:越权角色'], t, narrow.token);
      expect(fine.status, fine.body.msg).toBe(200);
    });

    it('cannot widen an existing role nor act on a role wider than itself', async () => {
      const bundle = await exportBundle(t, narrow.token);
      const own = bundle.roles.find((r) => r.name === '越权角色')!;
      own.resources = [...own.resources, 'api:delete /role'];
      const widen = await apply(bundle, ['role:越权角色'], t, narrow.token);
      expect(widen.status).toBe(403);
      expect(widen.body.msg).toContain('不能授予您自己没有的权限：删除角色');

      const wider = copy(await exportBundle(t, narrow.token));
      wider.roles.find((r) => r.name === '华东审计')!.remark = '改一下';
      wider.roles.find((r) => r.name === '华东审计')!.resources = ['api:get /account/s', 'menu:/user'];
      // 华东审计 holds 用户管理 (a menu the actor lacks): out of its reach altogether.
      const out = await apply(wider, ['role:华东审计'], t, narrow.token);
      expect(out.status).toBe(403);
      expect(out.body.msg).toContain('拥有您没有的权限');
    });

    it('needs the permission of each single-object route it touches', async () => {
      const bundle = await exportBundle(t, narrow.token);
      bundle.dicts.push({ dictCode: 'narrow', dictName: '无权', remark: null, items: [] });
      const res = await apply(bundle, ['dict:narrow'], t, narrow.token);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('应用字典“narrow”的变更需要“添加字典”权限');
      const removal = copy(bundle);
      removal.roles = removal.roles.filter((r) => r.name !== '越权角色');
      const refused = await apply(removal, ['role:越权角色'], t, narrow.token);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('应用角色“越权角色”的变更需要“删除角色”权限');
    });
  });

  it('cannot remove a built-in resource nor touch the super-admin role, even by a crafted change id', async () => {
    const bundle = await exportBundle();
    bundle.resources = bundle.resources.filter((r) => !(r.method === 'delete' && r.url === '/account'));
    const superRole = bundle.roles.find((r) => r.builtin)!;
    bundle.roles = bundle.roles.filter((r) => !r.builtin);
    for (const id of ['resource:api:delete /account', `role:${superRole.name}`]) {
      const res = await apply(bundle, [id]);
      expect(res.body).toEqual({ code: 400, msg: `所选变更“${id}”不在比较结果中，请重新比较` });
    }
    // A role of the super-admin's name in the file is not the super-admin role: adding it is refused as a name taken.
    bundle.roles.push({ ...superRole, builtin: false, resources: ['menu:/'] });
    const taken = await apply(bundle, [`role:${superRole.name}`]);
    expect(taken.body).toEqual({ code: 400, msg: `角色“${superRole.name}”：角色名称“${superRole.name}”已存在` });
    expect((await t.call('GET', '/resources', { token: admin })).body.data).toHaveLength(all.length + 2);
  });

  it('is whole-installation work: an actor with a narrower data scope may not export, compare or apply', async () => {
    const orgs = (await t.call('GET', '/orgs', { token: admin, query: { name: '华东区' } })).body.data as Array<{
      id: number;
    }>;
    const role = await t.call('POST', '/role', {
      token: admin,
      body: {
        name: `华东配置员-${lane}`,
        resources: [
          api('post', '/config/bundle/diff'),
          api('post', '/config/bundle/apply'),
          api('get', '/config/bundle'),
          api('post', '/org'),
          api('post', '/role'),
          api('get', '/account/s'),
        ],
        dataScope: 'orgTree',
      },
    });
    expect(role.status, role.body.msg).toBe(200);
    const actor = await accountWith((role.body.data as { id: number }).id, orgs[0]!.id);
    const refusal = { code: 403, msg: '配置包包含全部组织与角色，只有数据权限为“全部”的账号可以导出、比较或应用' };
    const exported = await t.call('GET', '/config/bundle', { token: actor.token });
    expect(exported.status).toBe(403);
    expect(exported.body).toEqual(refusal);
    const bundle = await exportBundle();
    bundle.orgs.push({ path: ['总公司', '华东区', '杭州'], fullName: null, orgCode: null, regionId: null });
    const compared = await t.call('POST', '/config/bundle/diff', { token: actor.token, body: bundle });
    expect(compared.body).toEqual(refusal);
    const applied = await apply(bundle, ['org:["总公司","华东区","杭州"]'], t, actor.token);
    expect(applied.body).toEqual(refusal);
    expect(
      await t.database.db.selectFrom('org').select('id').where('name', '=', '杭州').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses to remove a role in use, like DELETE /role', async () => {
    const bundle = await exportBundle();
    bundle.roles = bundle.roles.filter((r) => r.name !== '西北员工');
    const res = await apply(bundle, ['role:西北员工']);
    expect(res.body).toEqual({ code: 400, msg: '角色“西北员工”：该角色正被 1 个账号使用，不能删除' });
  });

  it('carries the 系统参数 changed on their screen: compared, applied by the super-admin only, refused when wrong', async () => {
    const put = (key: string, value: string, reset = false) =>
      t.call('PUT', '/system/param', { token: admin, body: { key, value, ...(reset ? { reset } : {}) } });
    // Signed in before the captcha is switched on below.
    const everything = await t.call('POST', '/role', {
      token: admin,
      body: { name: '全部接口', resources: all.map((r) => r.id), dataScope: 'all' },
    });
    expect(everything.status, everything.body.msg).toBe(200);
    const actor = await accountWith((everything.body.data as { id: number }).id);
    expect((await put('loginLockAfter', '7')).status).toBe(200);
    const bundle = await exportBundle();
    // Only what was changed on the screen travels; the environment's values stay with their installation.
    expect(bundle.params).toEqual([{ key: 'loginLockAfter', value: '7' }]);
    expect(await diff(bundle)).toEqual([]);

    // Here it is undone, and the captcha switched on: the bundle changes the first back, leaves the second alone.
    expect((await put('loginLockAfter', '', true)).status).toBe(200);
    expect((await put('loginCaptcha', 'true')).status).toBe(200);
    const changes = await diff(bundle);
    expect(changes).toEqual([
      expect.objectContaining({
        id: 'param:loginLockAfter',
        kind: 'param',
        key: 'loginLockAfter',
        label: '失败几次后锁定',
        action: 'change',
        fields: [{ field: 'value', before: '10', after: '7' }],
      }),
    ]);

    // An administrator holding every API but not the super-admin role: refused, nothing written.
    const refused = await apply(bundle, ['param:loginLockAfter'], t, actor.token);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('只有超级管理员可以执行“修改系统参数”');

    const applied = await apply(bundle, ['param:loginLockAfter']);
    expect(applied.status, applied.body.msg).toBe(200);
    const listed = (await t.call('GET', '/system/param/s', { token: admin })).body.data as Array<{
      key: string;
      value: string;
      source: string;
    }>;
    expect(listed.find((p) => p.key === 'loginLockAfter')).toMatchObject({ value: '7', source: 'database' });
    expect(listed.find((p) => p.key === 'loginCaptcha')).toMatchObject({ value: 'true', source: 'database' });

    // A value outside the parameter's kind, or a setting that needs a restart: 400 naming it, before anything else.
    const wrong = copy(bundle);
    wrong.params = [{ key: 'loginLockAfter', value: '0' }];
    const res = await t.call('POST', '/config/bundle/diff', { token: admin, body: wrong });
    expect(res.body.msg).toBe('系统参数“loginLockAfter”：“失败几次后锁定”取值不正确：应为 1 到 10000 的整数');
    wrong.params = [{ key: 'port', value: '9000' }];
    const restart = await t.call('POST', '/config/bundle/diff', { token: admin, body: wrong });
    expect(restart.body.msg).toBe('系统参数“port”：“端口”需要重启才能生效，只能在环境变量 PORT 中设置');
    expect((await put('loginLockAfter', '', true)).status).toBe(200);
    expect((await put('loginCaptcha', '', true)).status).toBe(200);
  });
});
