import { API_BASE } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, startTestApp, type TestApp } from '../../../test/harness.js';
import { csvOf, type ImportPreviewBody, multipart } from '../../../test/import-upload.js';
import { fetchTable } from '../../../test/table-file.js';

const EN = { 'accept-language': 'en-US' };

interface Info {
  accountName: string;
  orgName: string;
  belongOrgName: string;
  roleName: string;
  sysRole: { name: string; remark: string };
  sysOrg: { name: string; fullName: string };
}
interface RoleOut {
  id: number;
  name: string;
  remark: string | null;
  builtin: boolean;
}
interface AccountRow {
  accountNumber: string;
  accountName: string;
  orgName: string;
  roleName: string | null;
}

describe.each(lanes)('seeded names in the request language on %s', (lane) => {
  let t: TestApp;
  let admin: string;

  const info = async (headers: Record<string, string> = {}) =>
    (await t.call('GET', '/getAccountInfo', { token: admin, headers })).body.data as Info;
  const roles = async (headers: Record<string, string> = {}) =>
    (await t.call('GET', '/role/s', { token: admin, headers })).body.data as RoleOut[];
  const adminRow = async (headers: Record<string, string> = {}) => {
    const page = (
      await t.call('GET', '/account/s', {
        token: admin,
        headers,
        query: { p: 1, pageSize: 20, accountNumber: 'admin' },
      })
    ).body.data as { list: AccountRow[] };
    return page.list.find((row) => row.accountNumber === 'admin');
  };
  const profileName = (accountName: string, headers: Record<string, string> = {}) =>
    t.call('PUT', '/account/profile', { token: admin, headers, body: { accountName } });
  const storedAdminName = async () =>
    (
      await t.database.db
        .selectFrom('account')
        .select('account_name')
        .where('account_number', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).account_name;

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('answers the root, the super-admin role and admin in English for an English request, as stored otherwise', async () => {
    expect(await info(EN)).toMatchObject({
      accountName: 'System administrator',
      orgName: 'Head office',
      belongOrgName: 'Head office',
      roleName: 'Super administrator',
      sysRole: { name: 'Super administrator', remark: 'Built-in role with every permission' },
      sysOrg: { name: 'Head office', fullName: 'Head office' },
    });
    expect(await info()).toMatchObject({
      accountName: '系统管理员',
      orgName: '总公司',
      roleName: '超级管理员',
      sysRole: { name: '超级管理员', remark: '内置角色，拥有全部权限' },
    });

    expect((await roles(EN)).find((role) => role.builtin)).toMatchObject({
      name: 'Super administrator',
      remark: 'Built-in role with every permission',
    });
    expect((await roles()).find((role) => role.builtin)?.name).toBe('超级管理员');

    expect(await adminRow(EN)).toMatchObject({
      accountName: 'System administrator',
      orgName: 'Head office',
      roleName: 'Super administrator',
    });
    expect(await adminRow()).toMatchObject({ accountName: '系统管理员', orgName: '总公司', roleName: '超级管理员' });
  });

  it('names them in English in an English export, and reads either language back in an import', async () => {
    const query = { accountNumber: 'admin', columns: 'accountNumber,accountName,orgPath,roleName', format: 'csv' };
    const en = await fetchTable(t, '/account/export', { token: admin, query, language: 'en-US' });
    expect(en.rows[1]).toEqual(['admin', 'System administrator', 'Head office', 'Super administrator']);
    const zh = await fetchTable(t, '/account/export', { token: admin, query });
    expect(zh.rows[1]).toEqual(['admin', '系统管理员', '总公司', '超级管理员']);

    // A new account under a root named either way, previewed by an English request: both paths are found.
    for (const root of ['Head office', '总公司']) {
      const sheet = csvOf([
        ['Account', 'Name', 'Organization', 'Role'],
        [`seed.${root.length}`, 'Seed test', root, ''],
      ]);
      const res = await t.app.fastify.inject({
        method: 'POST',
        url: `${API_BASE}/account/import/preview`,
        headers: {
          ...EN,
          authorization: admin,
          'content-type': 'multipart/form-data; boundary=----gatehouse-import-boundary',
        },
        payload: multipart('accounts.csv', sheet),
      });
      const body = res.json() as { msg: string; data: ImportPreviewBody };
      expect(res.statusCode, body.msg).toBe(200);
      expect(body.data, root).toMatchObject({ total: 1, valid: 1, errors: [] });
    }
  });

  it('keeps the stored name when the English form is saved back unchanged, and answers a renamed row as stored', async () => {
    expect((await profileName('System administrator', EN)).status).toBe(200);
    expect(await storedAdminName()).toBe('系统管理员');
    expect((await info()).accountName).toBe('系统管理员');

    expect((await profileName('Ops lead', EN)).status).toBe(200);
    expect(await storedAdminName()).toBe('Ops lead');
    expect((await info(EN)).accountName).toBe('Ops lead');

    expect((await profileName('系统管理员')).status).toBe(200);
    expect((await info(EN)).accountName).toBe('System administrator');
    // A renamed root is answered as stored in every language.
    await t.database.db.updateTable('org').set({ name: '门楼集团' }).where('pid', 'is', null).execute();
    expect((await info(EN)).orgName).toBe('门楼集团');
    await t.database.db.updateTable('org').set({ name: '总公司' }).where('pid', 'is', null).execute();
  });
});
