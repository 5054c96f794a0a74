import type { FieldSpec } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { defaultStored, inputTakesNull } from '../../platform/entity-rows.js';
import { GENERIC_WRITABLE } from './accounts.mapper.js';

/** Whether a field is written as a text (its input a string, or a string or null). */
const takesText = (spec: FieldSpec) => {
  const input = spec.input as { type?: string; anyOf?: Array<{ type?: string }> } | undefined;
  return input?.type === 'string' || (input?.anyOf ?? []).some((member) => member.type === 'string');
};
/** The descriptor's writable text fields without a hook (served generically), by key. */
const GENERIC_TEXTS = GENERIC_WRITABLE.filter(([, spec]) => !spec.codec && takesText(spec));

interface AccountOut {
  id: number;
  accountNumber: string;
  accountName: string;
  state: boolean;
  orgName: string;
  belongOrgName: string;
  roleId: number | null;
  roleName: string | null;
  secondFactor: boolean;
}
interface PageOut {
  list: AccountOut[];
  totalPage: number;
  totalCount: number;
}

describe.each(lanes)('accounts API on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let rootOrg: number;
  let superRole: number;
  let adminId: number;

  const valid = (overrides: Record<string, unknown> = {}) => ({
    accountNumber: `acc${Math.random().toString(36).slice(2, 9)}`,
    accountName: '李四',
    password: 'Lx9#qwe-rty',
    orgId: rootOrg,
    state: 1,
    ...overrides,
  });
  const create = (body: Record<string, unknown>) => t.call('POST', '/account', { token: admin, body });
  const list = async (query: Record<string, string | number>) =>
    (await t.call('GET', '/account/s', { token: admin, query })).body.data as PageOut;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    rootOrg = ((await t.call('GET', '/orgs', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    superRole = ((await t.call('GET', '/role/s', { token: admin })).body.data as Array<{ id: number }>)[0]!.id;
    adminId = ((await t.call('GET', '/getAccountInfo', { token: admin })).body.data as AccountOut).id;
  });
  afterAll(() => t.close());

  it('creates an account: trimmed, state as a boolean, organisation and role names joined, no secrets out', async () => {
    const res = await create(valid({ accountNumber: '  wang.wu  ', accountName: ' 王五 ', roleId: superRole }));
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('操作成功');
    const account = res.body.data as AccountOut & Record<string, unknown>;
    expect(account).toMatchObject({
      accountNumber: 'wang.wu',
      accountName: '王五',
      state: true,
      orgName: '总公司',
      roleName: '超级管理员',
    });
    expect(JSON.stringify(account)).not.toMatch(/password|hash|argon/i);
  });

  it.each([
    // The body's field at fault (`field`, where the form shows the message), or none for a rule of no one field.
    [{ accountNumber: undefined }, '请填写账号', 'accountNumber'],
    [{ accountName: undefined }, '请填写用户名', 'accountName'],
    [{ password: undefined }, '请填写密码', 'password'],
    [{ orgId: undefined }, '请填写所属组织', 'orgId'],
    [{ state: undefined }, '请填写状态', 'state'],
    [{ accountNumber: 'x'.repeat(101) }, '账号长度不能超过 100 个字符', 'accountNumber'],
    [{ accountNumber: '   ' }, '账号不能为空白', 'accountNumber'],
    [{ password: 'Ab1!' }, '密码长度不能少于 8 个字符', 'password'],
    [{ password: 'x'.repeat(129) }, '密码长度不能超过 128 个字符', 'password'],
    [{ password: 'password1' }, '密码过于常见，请换一个更难猜的密码', 'password'],
    [{ password: 'abcdefghij' }, '密码至少包含字母、数字、符号中的 2 类', 'password'],
    [{ orgId: 999999 }, '所属组织不存在', 'orgId'],
    [{ roleId: 999999 }, '角色不存在', 'roleId'],
    [{ state: 2 }, '状态取值不正确', 'state'],
    [{ email: 'not-an-email' }, '邮箱格式不正确', undefined],
    [{ orgId: '' }, '请填写所属组织', 'orgId'],
    [{ orgId: 'abc' }, '所属组织格式不正确', 'orgId'],
    [{ orgId: true }, '所属组织格式不正确', 'orgId'],
    [{ orgId: '1e3' }, '所属组织格式不正确', 'orgId'],
  ])('refuses %o with “%s” and writes nothing', async (change, message, field) => {
    const before = (await list({ p: 1, pageSize: 1 })).totalCount;
    const body: Record<string, unknown> = valid();
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete body[key];
      else body[key] = value;
    }
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: message, ...(field ? { field } : {}) });
    expect((await list({ p: 1, pageSize: 1 })).totalCount).toBe(before);
  });

  it('refuses a duplicate account number, also after trimming, and two racing creates make one account', async () => {
    const body = valid({ accountNumber: 'dup-user' });
    expect((await create(body)).status).toBe(200);
    const again = await create({ ...body, accountNumber: ' dup-user ' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('账号“dup-user”已存在');

    const racing = await Promise.all([
      create(valid({ accountNumber: 'race' })),
      create(valid({ accountNumber: 'race' })),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('pages with totalCount and totalPage, newest first, and filters by prefix taking wildcards literally', async () => {
    for (let i = 0; i < 5; i++)
      expect((await create(valid({ accountNumber: `page_${i}`, accountName: `分页${i}` }))).status).toBe(200);
    await create(valid({ accountNumber: 'pageX9', accountName: '分页X' }));
    const first = await list({ p: 1, pageSize: 2, accountNumber: 'page_' });
    expect(first.totalCount).toBe(5);
    expect(first.totalPage).toBe(3);
    expect(first.list.map((a) => a.accountNumber)).toEqual(['page_4', 'page_3']);
    const last = await list({ p: 3, pageSize: 2, accountNumber: 'page_' });
    expect(last.list.map((a) => a.accountNumber)).toEqual(['page_0']);
    const byName = await list({ p: 1, pageSize: 20, accountName: '分页X' });
    expect(byName.list.map((a) => a.accountNumber)).toEqual(['pageX9']);
    expect((await list({ p: 1, pageSize: 20, accountNumber: '%' })).totalCount).toBe(0);
    const beyond = await list({ p: 99, pageSize: 20, accountNumber: 'page_' });
    expect(beyond.list).toEqual([]);
    expect(beyond.totalCount).toBe(5);
  });

  it('says which accounts have a second factor, in the list and in one account', async () => {
    const a = (await create(valid({ accountNumber: 'sf-on' }))).body.data as AccountOut;
    expect(a.secondFactor).toBe(false);
    expect((await create(valid({ accountNumber: 'sf-off' }))).status).toBe(200);
    // Kept by modules/second-factor as it enrols and resets; set here directly.
    await t.database.db.updateTable('account').set({ second_factor: 1 }).where('id', '=', a.id).execute();
    const shown = await list({ p: 1, pageSize: 20, accountNumber: 'sf-o' });
    const byNumber = new Map(shown.list.map((row) => [row.accountNumber, row.secondFactor]));
    expect(Object.fromEntries(byNumber)).toEqual({ 'sf-on': true, 'sf-off': false });
    // The sorted list reads the same rows.
    const sorted = await list({ p: 1, pageSize: 20, accountNumber: 'sf-o', sort: 'accountNumber' });
    expect(sorted.list.map((row) => [row.accountNumber, row.secondFactor])).toEqual([
      ['sf-off', false],
      ['sf-on', true],
    ]);
    const edited = await t.call('PUT', '/account', {
      token: admin,
      body: { id: a.id, accountNumber: 'sf-on', accountName: '改名', orgId: rootOrg, state: 1, roleId: null },
    });
    expect((edited.body.data as AccountOut).secondFactor).toBe(true);
  });

  it('filters by 状态, 角色, 创建时间, 双因素认证 and verified contacts, alone and together, in the list and its export', async () => {
    const resources = (await t.call('GET', '/resources', { token: admin })).body.data as Array<{ id: number }>;
    const madeRole = await t.call('POST', '/role', {
      token: admin,
      body: { name: `filter-role-${lane}`, resources: [resources[0]!.id] },
    });
    expect(madeRole.status, madeRole.body.msg).toBe(200);
    const role = (madeRole.body.data as { id: number }).id;
    const made = new Map<string, number>();
    for (const [suffix, extra] of [
      ['a', { state: 1, roleId: role, contactNumber: '13800138001', email: 'fa@example.com' }],
      ['b', { state: 0, roleId: role, contactNumber: '13800138002' }],
      ['c', { state: 0, email: 'fc@example.com' }],
      ['d', { state: 1 }],
    ] as const) {
      const res = await create(valid({ accountNumber: `filt-${suffix}`, ...extra }));
      expect(res.status, res.body.msg).toBe(200);
      made.set(suffix, (res.body.data as AccountOut).id);
    }
    const db = t.database.db;
    // Kept by the second-factor and verification modules as they run; set here directly.
    await db.updateTable('account').set({ second_factor: 1 }).where('id', '=', made.get('c')!).execute();
    await db
      .updateTable('account')
      .set({ contact_verified: 1, email_verified: 1 })
      .where('id', '=', made.get('a')!)
      .execute();
    // 'd' was created a day later than the others.
    const earlier = '2026-03-01T08:00:00.000Z';
    const later = '2026-03-02T08:00:00.000Z';
    await db
      .updateTable('account')
      .set({ create_time: earlier })
      .where('id', 'in', [...made.values()])
      .execute();
    await db.updateTable('account').set({ create_time: later }).where('id', '=', made.get('d')!).execute();

    const numbers = async (query: Record<string, string | number>) => {
      const page = await list({ p: 1, pageSize: 20, accountNumber: 'filt-', ...query });
      expect(page.totalCount).toBe(page.list.length);
      return page.list.map((a) => a.accountNumber.slice(5)).sort();
    };
    expect(await numbers({})).toEqual(['a', 'b', 'c', 'd']);
    expect(await numbers({ state: 0 })).toEqual(['b', 'c']);
    expect(await numbers({ state: '1' })).toEqual(['a', 'd']);
    expect(await numbers({ roleId: role })).toEqual(['a', 'b']);
    expect(await numbers({ roleId: role, state: 0 })).toEqual(['b']);
    expect(await numbers({ secondFactor: 1 })).toEqual(['c']);
    expect(await numbers({ secondFactor: 0 })).toEqual(['a', 'b', 'd']);
    expect(await numbers({ contactVerified: 1 })).toEqual(['a']);
    // Not verified: a number is set and not proven ('c' and 'd' have none).
    expect(await numbers({ contactVerified: 0 })).toEqual(['b']);
    expect(await numbers({ emailVerified: 0 })).toEqual(['c']);
    expect(await numbers({ emailVerified: 1 })).toEqual(['a']);
    // Both bounds inclusive, in epoch milliseconds or ISO 8601.
    expect(await numbers({ startTime: Date.parse(later) })).toEqual(['d']);
    expect(await numbers({ endTime: earlier })).toEqual(['a', 'b', 'c']);
    expect(await numbers({ startTime: earlier, endTime: String(Date.parse(earlier)) })).toEqual(['a', 'b', 'c']);
    // The sorted list filters alike.
    const sorted = await list({ p: 1, pageSize: 20, accountNumber: 'filt-', state: 0, sort: 'accountNumber' });
    expect(sorted.list.map((a) => a.accountNumber)).toEqual(['filt-b', 'filt-c']);
    // The export takes the same filters.
    const exported = await t.app.fastify.inject({
      method: 'GET',
      url: '/api/account/export',
      query: { accountNumber: 'filt-', state: '0', roleId: String(role), columns: 'accountNumber', format: 'csv' },
      headers: { authorization: admin },
    });
    expect(exported.statusCode).toBe(200);
    expect(
      exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['账号', 'filt-b']);
    // A value outside the filter's rule is named.
    const wrong = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 20, state: 2 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('状态');
  });

  it('names the paging parameter it needs', async () => {
    const res = await t.call('GET', '/account/s', { token: admin, query: { p: 1 } });
    expect(res.body).toEqual({ code: 400, msg: '请填写每页条数' });
    const big = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 1000 } });
    expect(big.body).toEqual({ code: 400, msg: '每页条数不能大于 100' });
  });

  it('edits an account and accepts a boolean state', async () => {
    const created = (await create(valid({ accountNumber: 'to-edit' }))).body.data as AccountOut;
    const res = await t.call('PUT', '/account', {
      token: admin,
      body: {
        id: created.id,
        accountNumber: 'edited',
        accountName: '改名',
        orgId: rootOrg,
        state: false,
        roleId: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accountNumber: 'edited', accountName: '改名', state: false, roleId: null });
  });

  it('writes every writable field without a hook: given on create and edit, kept when an edit leaves it out, blank null', async () => {
    for (const [i, [key, spec]] of GENERIC_TEXTS.entries()) {
      const value = `G${i}w${lane.length}`;
      const made = (await create(valid({ [key]: value }))).body.data as AccountOut & Record<string, unknown>;
      expect(made[key], key).toBe(value);
      const edit = (change: Record<string, unknown>) =>
        t.call('PUT', '/account', {
          token: admin,
          body: {
            id: made.id,
            accountNumber: made.accountNumber,
            accountName: '改',
            orgId: rootOrg,
            state: 1,
            ...change,
          },
        });
      const kept = await edit({});
      expect(kept.status, kept.body.msg).toBe(200);
      expect((kept.body.data as Record<string, unknown>)[key], `${key} kept`).toBe(value);
      const changed = await edit({ [key]: `${value}z` });
      expect((changed.body.data as Record<string, unknown>)[key], `${key} changed`).toBe(`${value}z`);
      if (inputTakesNull(spec)) {
        expect(((await edit({ [key]: '' })).body.data as Record<string, unknown>)[key], `${key} blank`).toBeNull();
        const blank = (await create(valid({ [key]: '' }))).body.data as Record<string, unknown>;
        expect(blank[key], `${key} blank on create`).toBeNull();
      }
      const without = (await create(valid())).body.data as Record<string, unknown>;
      expect(without[key], `${key} left out of a create`).toBe(defaultStored(spec));
    }
  });

  it('refuses a unique field’s value another account holds, naming the field; the account itself and nulls pass', async () => {
    for (const [i, [key, spec]] of GENERIC_TEXTS.filter(([, spec]) => spec.unique).entries()) {
      const value = `U${i}q${lane.length}`;
      const holder = (await create(valid({ [key]: value }))).body.data as AccountOut;
      const label = spec.label['zh-CN'];
      expect((await create(valid({ [key]: value }))).body, key).toEqual({
        code: 400,
        msg: `${label}“${value}”已存在`,
        field: key,
      });
      const other = (await create(valid())).body.data as AccountOut;
      const base = { accountName: '改', orgId: rootOrg, state: 1 };
      const taken = await t.call('PUT', '/account', {
        token: admin,
        body: { id: other.id, accountNumber: other.accountNumber, ...base, [key]: value },
      });
      expect(taken.body, key).toEqual({ code: 400, msg: `${label}“${value}”已存在`, field: key });
      const self = await t.call('PUT', '/account', {
        token: admin,
        body: { id: holder.id, accountNumber: holder.accountNumber, ...base, [key]: value },
      });
      expect(self.status, self.body.msg).toBe(200);
      if (inputTakesNull(spec)) {
        expect((await create(valid({ [key]: null }))).status).toBe(200);
        expect((await create(valid({ [key]: null }))).status).toBe(200);
      }
    }
  });

  it('protects the built-in admin and the caller', async () => {
    const base = { id: adminId, accountNumber: 'admin', accountName: '系统管理员', orgId: rootOrg, roleId: superRole };
    const disable = await t.call('PUT', '/account', { token: admin, body: { ...base, state: 0 } });
    expect(disable.body).toEqual({ code: 400, msg: '内置管理员账号不能被禁用' });
    const demote = await t.call('PUT', '/account', { token: admin, body: { ...base, state: 1, roleId: null } });
    expect(demote.body).toEqual({ code: 400, msg: '内置管理员账号必须保留超级管理员角色' });
    const remove = await t.call('DELETE', '/account', { token: admin, query: { id: adminId } });
    expect(remove.body).toEqual({ code: 400, msg: '内置管理员账号不能被删除' });

    const other = (await create(valid({ roleId: superRole }))).body.data as AccountOut;
    const otherToken = await t.login(other.accountNumber, 'Lx9#qwe-rty');
    const self = await t.call('DELETE', '/account', { token: otherToken, query: { id: other.id } });
    expect(self.body).toEqual({ code: 400, msg: '不能删除当前登录的账号' });
  });

  it('deletes an account; deleting it again says it is gone', async () => {
    const created = (await create(valid())).body.data as AccountOut;
    expect((await t.call('DELETE', '/account', { token: admin, query: { id: created.id } })).status).toBe(200);
    const again = await t.call('DELETE', '/account', { token: admin, query: { id: created.id } });
    expect(again.body).toEqual({ code: 400, msg: '账号不存在或已被删除' });
  });

  it('resets a password to a strong random one that works once, ending the old sessions', async () => {
    const created = (await create(valid())).body.data as AccountOut;
    const oldToken = await t.login(created.accountNumber, 'Lx9#qwe-rty');
    const res = await t.call('PUT', '/account/reset', { token: admin, body: { id: created.id } });
    const { password } = res.body.data as { password: string };
    // Shell-safe (platform/passwords.ts): 20 letters and digits, both classes.
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(password).toMatch(/[A-Za-z]/);
    expect(password).toMatch(/\d/);
    expect((await t.call('GET', '/getAccountInfo', { token: oldToken })).status).toBe(401);
    expect(
      (await t.call('POST', '/login', { body: { account: created.accountNumber, password: 'Lx9#qwe-rty' } })).status,
    ).toBe(400);
    await t.login(created.accountNumber, password);
    const second = (await t.call('PUT', '/account/reset', { token: admin, body: { id: created.id } })).body.data as {
      password: string;
    };
    expect(second.password).not.toBe(password);
  });
});
