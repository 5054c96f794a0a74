import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from './harness.js';

/**
 * The specification's own front end (the Vue 3 template cutting-mat/template-element-plus, commit 82e276b) against
 * the server: its writes replayed as it builds them. The template sends back the row it was given,
 * plus its form-only fields; each body below is built the way the file named beside it builds it, from the
 * server's own answers. Every one must succeed, and what it changes must be what the form changed.
 */

type Row = Record<string, unknown>;

/** `deepcopy` of src/core/util.ts: a JSON round trip. */
const deepcopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** buildTree of src/core/util.ts: the flat list nested by pid, each node with its `children`. */
function buildTree(list: Row[]): Row[] {
  const byId = new Map<unknown, Row & { children: Row[] }>(list.map((row) => [row.id, { ...row, children: [] }]));
  const roots: Row[] = [];
  for (const node of byId.values()) {
    const parent = node.pid == null ? undefined : byId.get(node.pid);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function findIn(tree: Row[], id: unknown): Row | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const inner = findIn((node.children as Row[] | undefined) ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

describe.each(lanes)('the template-element-plus client on %s', (lane) => {
  let t: TestApp;
  let token: string;
  let rootOrg: Row;

  const ok = async (method: string, path: string, options: Parameters<TestApp['call']>[2] = {}) => {
    const res = await t.call(method, path, { token, ...options });
    expect(res.status, `${method} ${path}: ${res.body.msg}`).toBe(200);
    return res.body.data as never;
  };

  beforeAll(async () => {
    t = await startTestApp(lane);
    // src/main/views/Login.vue → POST /login { account, password } (src/main/api/common.js)
    token = await t.login();
    rootOrg = (await ok('GET', '/orgs'))[0] as Row;
  });
  afterAll(() => t.close());

  it('organisations: 添加 (src/user/views/Organization.vue add/save) and 编辑 the row it was given', async () => {
    // add(data): editForm = { pid: data.pid } — the tree's "add" hands the parent's id as pid; the form adds name, fullName.
    const created = (await ok('POST', '/org', {
      body: { pid: rootOrg.id, name: '模板机构', fullName: '模板机构全称' },
    })) as Row;
    // edit(data): editForm = deepcopy(row) from GET /orgs; the person changes the name.
    const row = ((await ok('GET', '/orgs', { query: { pid: Number(rootOrg.id) } })) as Row[]).find(
      (o) => o.id === created.id,
    ) as Row;
    const editForm = deepcopy(row);
    editForm.name = '模板机构（改）';
    const saved = (await ok('PUT', '/org', { body: editForm })) as Row;
    expect(saved).toMatchObject({ id: created.id, name: '模板机构（改）', fullName: '模板机构全称', pid: rootOrg.id });
  });

  it('roles: 添加 and 编辑 with the resource picker (src/user/views/Role.vue)', async () => {
    const resources = (await ok('GET', '/resources')) as Row[];
    const picked = resources.slice(0, 3).map((r) => r.id);
    // editForm { name, remark, resources: [] }, @check → resources = ids
    const created = (await ok('POST', '/role', { body: { name: '模板角色', remark: '', resources: picked } })) as Row;
    const roles = (await ok('GET', '/role/s')) as Row[];
    const row = roles.find((r) => r.id === created.id) as Row;
    // edit(data): deepcopy(data); resources = data.resources (the picker then sets the ids).
    const editForm = deepcopy(row);
    editForm.resources = picked.slice(0, 2);
    editForm.remark = '改过';
    const saved = (await ok('PUT', '/role', { body: editForm })) as Row;
    expect(saved).toMatchObject({ id: created.id, name: '模板角色', remark: '改过' });
    const listed = ((await ok('GET', '/role/s')) as Row[]).find((r) => r.id === created.id) as Row;
    expect(listed.resources).toEqual(picked.slice(0, 2));
  });

  it('resources: 添加子路由, 添加请求资源 and 编辑 the tree node (src/user/views/Resource.vue)', async () => {
    const tree = buildTree((await ok('GET', '/resources')) as Row[]);
    const parent = tree[0] as Row;
    // append(item): { pid: item.id, name, route, type: 0 }; 排序 typed into <el-input type="number"> arrives as text.
    const menu = (await ok('POST', '/resource', {
      body: { pid: parent.id, name: '模板菜单', route: '/template/menu', type: 0, orderNum: '5' },
    })) as Row;
    expect(menu).toMatchObject({ pid: parent.id, type: 0, orderNum: 5 });
    // addResource(item): { pid: item.id, method: 'get', name, url, type: 1 }
    const api = (await ok('POST', '/resource', {
      body: { pid: menu.id, method: 'get', name: '模板接口', url: '/template/api', type: 1 },
    })) as Row;
    // edit(data): deepcopy(node of the built tree, children included); method lower-cased; pid from the cascader.
    const node = findIn(buildTree((await ok('GET', '/resources')) as Row[]), api.id) as Row;
    const editForm = deepcopy(node);
    editForm.method = String(editForm.method).toLowerCase();
    editForm.name = '模板接口（改）';
    editForm.pid = [parent.id, menu.id].pop();
    const saved = (await ok('PUT', '/resource', { body: editForm })) as Row;
    expect(saved).toMatchObject({ id: api.id, name: '模板接口（改）', url: '/template/api', pid: menu.id });
    // resetFrom(): { pid: "", name, route } — a menu at the top, "" meaning none.
    const top = (await ok('POST', '/resource', {
      body: { pid: '', name: '模板顶层', route: '/template', type: 0 },
    })) as Row;
    expect(top.pid).toBeNull();
  });

  it('dictionaries and their items (src/system/views/Dict.vue, src/system/components/DictEditer.vue)', async () => {
    const dict = (await ok('POST', '/dict', {
      body: { dictName: '模板字典', dictCode: 'template_dict', remark: '' },
    })) as Row;
    const dicts = (await ok('GET', '/dict/s', { query: { p: 1, pageSize: 100 } })) as { list: Row[] };
    const dictRow = dicts.list.find((d) => d.id === dict.id) as Row;
    const dictForm = Object.assign({}, dictRow, { dictName: '模板字典（改）' });
    expect(await ok('PUT', '/dict', { body: dictForm })).toMatchObject({ dictName: '模板字典（改）' });

    // editForm { pid: "", value, dictCode } and save(): dictCode = the dictionary's.
    const first = (await ok('POST', '/dict/item', {
      body: { pid: '', value: '一级', dictCode: 'template_dict' },
    })) as Row;
    expect(first.pid).toBeNull();
    // append(data): editForm.pid = data.id
    const child = (await ok('POST', '/dict/item', {
      body: { pid: first.id, value: '二级', dictCode: 'template_dict' },
    })) as Row;
    // edit(data): Object.assign({}, node of buildTree, children included)
    const items = (await ok('GET', '/dict/item/s', { query: { dictCode: 'template_dict' } })) as Row[];
    const node = findIn(buildTree(items), first.id) as Row;
    expect((node.children as Row[]).map((c) => c.id)).toEqual([child.id]);
    const itemForm = Object.assign({}, node, { value: '一级（改）', dictCode: 'template_dict' });
    expect(await ok('PUT', '/dict/item', { body: itemForm })).toMatchObject({ id: first.id, value: '一级（改）' });
  });

  it('accounts: 添加 with the form-only fields and 编辑 the list row (src/user/views/Account.vue)', async () => {
    const roles = (await ok('GET', '/role/s')) as Row[];
    const role = roles.find((r) => r.name === '模板角色') ?? roles.find((r) => !r.builtin);
    // editForm { id: "", accountNumber, accountName, password, roles: [], state: 1 } + checkPass, orgId (OrgPicker,
    // which also sets belongOrgName), roleId.
    const editForm: Row = {
      id: '',
      accountNumber: 'template-user',
      accountName: '模板用户',
      password: 'Template#2026',
      roles: [],
      state: 1,
      checkPass: 'Template#2026',
      orgId: rootOrg.id,
      belongOrgName: rootOrg.name,
      roleId: role?.id,
    };
    const created = (await ok('POST', '/account', { body: deepcopy(editForm) })) as Row;
    expect(created).toMatchObject({ accountNumber: 'template-user', accountName: '模板用户', state: true });

    // edit(data): Object.assign({}, row of GET /account/s); roles → [] (the row has none); the person renames.
    const page = (await ok('GET', '/account/s', { query: { p: 1, pageSize: 20, accountNumber: 'template-user' } })) as {
      list: Row[];
    };
    const edit = Object.assign({}, page.list[0]);
    edit.roles = Array.isArray(edit.roles) ? edit.roles : [];
    edit.accountName = '模板用户（改）';
    const saved = (await ok('PUT', '/account', { body: deepcopy(edit) })) as Row;
    expect(saved).toMatchObject({ id: created.id, accountName: '模板用户（改）', state: true, roleId: role?.id });

    // 重置密码: PUT /account/reset { id } (it worked before; kept here as the template sends it)
    const reset = (await ok('PUT', '/account/reset', { body: { id: created.id } })) as Row;
    expect(typeof reset.password).toBe('string');
  });

  it('the personal page saves a new avatar: PUT /account with the stored user (src/system/views/Profile.vue)', async () => {
    const user = (await ok('GET', '/getAccountInfo')) as Row;
    const newInfo = Object.assign({}, user, { avatar: '/api/file/raw/template/avatar.png' });
    const saved = (await ok('PUT', '/account', { body: newInfo })) as Row;
    expect(saved).toMatchObject({ id: user.id, avatar: '/api/file/raw/template/avatar.png' });
    const after = (await ok('GET', '/getAccountInfo')) as Row;
    expect({ ...after, avatar: user.avatar }).toEqual(user);
  });

  it('passes on nothing a route does not write: roleId, state, builtin, password, dataScope sent along change nothing', async () => {
    const smuggled = {
      roleId: 1,
      state: 0,
      builtin: true,
      password: 'Smuggled#2026',
      dataScope: 'all',
      scopeOrgIds: [1],
    };
    // An account edit writes roleId and state, not the password, dataScope nor builtin.
    const page = (await ok('GET', '/account/s', { query: { p: 1, pageSize: 20, accountNumber: 'template-user' } })) as {
      list: Row[];
    };
    const account = page.list[0] as Row;
    const { roleId: _r, state: _s, ...notWritten } = smuggled;
    await ok('PUT', '/account', { body: { ...account, ...notWritten } });
    const after = (
      (await ok('GET', '/account/s', { query: { p: 1, pageSize: 20, accountNumber: 'template-user' } })) as {
        list: Row[];
      }
    ).list[0];
    expect(after).toEqual(account);
    expect(
      (await t.call('POST', '/login', { body: { account: 'template-user', password: 'Smuggled#2026' } })).status,
    ).toBe(400);

    // An organisation, a role, a dictionary item: none of them takes any of these (but an organisation's and an
    // item's own 状态).
    const org = ((await ok('GET', '/orgs', { query: { pid: Number(rootOrg.id) } })) as Row[])[0] as Row;
    const { state: _orgState, ...notForOrgs } = smuggled;
    await ok('PUT', '/org', { body: { ...org, ...notForOrgs } });
    expect(((await ok('GET', '/orgs', { query: { pid: Number(rootOrg.id) } })) as Row[])[0]).toEqual(org);

    const role = ((await ok('GET', '/role/s')) as Row[]).find((r) => r.name === '模板角色') as Row;
    await ok('PUT', '/role', { body: { ...role, builtin: true, accountCount: 99, assignable: false, password: 'x' } });
    expect(((await ok('GET', '/role/s')) as Row[]).find((r) => r.id === role.id)).toEqual(role);

    const items = (await ok('GET', '/dict/item/s', { query: { dictCode: 'template_dict' } })) as Row[];
    const item = items[0] as Row;
    const { state: _itemState, ...notForItems } = smuggled;
    await ok('PUT', '/dict/item', { body: { ...item, ...notForItems } });
    expect(((await ok('GET', '/dict/item/s', { query: { dictCode: 'template_dict' } })) as Row[])[0]).toEqual(item);
  });

  it('registers (src/main/views/Register.vue): the form, its checkPass and the code it typed', async () => {
    const mobile = '13912345678';
    // InputSMS: POST /captcha/sms/register { mobile, captcha } (the captcha the specification asks for), then
    // GET /captcha/sms/validate { id, userInput } → token; register(formData) sends the whole form.
    const captcha = (await ok('GET', '/captcha/image', { token: undefined })) as Row;
    const captchaToken = await ok('GET', '/captcha/image/validate', {
      token: undefined,
      query: { id: String(captcha.id), userInput: t.codeFor(String(captcha.id)) },
    });
    const sent = (await ok('POST', '/captcha/sms/register', {
      token: undefined,
      body: { mobile, captcha: captchaToken },
    })) as Row;
    const userInput = t.codeFor(mobile);
    const smsToken = await ok('GET', '/captcha/sms/validate', {
      token: undefined,
      query: { id: String(sent.id), userInput },
    });
    const formData = {
      mobile,
      token: smsToken,
      name: '模板注册',
      company: '模板公司',
      password: 'Register#2026',
      checkPass: 'Register#2026',
      userInput,
    };
    const registered = (await ok('POST', '/account/admin/register/noAuth', {
      token: undefined,
      body: formData,
    })) as Row;
    expect(registered).toMatchObject({ accountNumber: mobile });
    expect(await t.login(mobile, 'Register#2026')).toEqual(expect.any(String));
  });
});
