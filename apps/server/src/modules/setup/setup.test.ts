import { flattenMenus, routes } from '@gatehouse/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, type TestDatabase, testConfig } from '../../../test/harness.js';
import type { Database } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrations.js';
import { verifyPassword } from '../../platform/passwords.js';
import { prepareDatabase } from './prepare.js';
import { resetAdminPassword, runSetup } from './setup.service.js';

describe.each(lanes)('first start and resource synchronisation on %s', (lane) => {
  let database: TestDatabase;
  afterEach(() => database.dispose());

  async function fresh() {
    database = await openTestDatabase(lane);
    await migrate(database.db as never, database.dialect);
    return database.db;
  }

  it('creates the root organisation, the super-admin role, admin, one menu per screen and one API per route', async () => {
    const db = await fresh();
    const result = await runSetup(db, database.dialect, {});
    expect(result.generatedAdminPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const admin = await db
      .selectFrom('account')
      .selectAll()
      .where('account_number', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.password_hash, result.generatedAdminPassword!)).toBe(true);
    expect(admin.builtin).toBe(1);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);

    const role = await db.selectFrom('role').selectAll().where('id', '=', admin.role_id!).executeTakeFirstOrThrow();
    expect(role).toMatchObject({ name: '超级管理员', builtin: 1 });
    const orgs = await db.selectFrom('org').selectAll().execute();
    expect(orgs).toHaveLength(1);

    const menus = await db.selectFrom('resource').selectAll().where('type', '=', 0).execute();
    expect(menus.map((m) => [m.route, m.name]).sort()).toEqual(
      flattenMenus()
        .map((m) => [m.path, m.title])
        .sort(),
    );
    const account = menus.find((m) => m.route === '/user/Account')!;
    expect(menus.find((m) => m.id === account.pid)?.route).toBe('/user');

    const apis = await db.selectFrom('resource').selectAll().where('type', '=', 1).execute();
    expect(apis).toHaveLength(Object.keys(routes).length);
    const list = apis.find((a) => a.method === 'get' && a.url === '/account/s')!;
    expect(list).toMatchObject({ name: '账号列表', pid: account.id, builtin: 1 });
  });

  it('keeps ids and admin-made resources on the next start, restores a missing route, and never resets admin', async () => {
    const db = await fresh();
    await runSetup(db, database.dialect, { adminPassword: 'First#Passw0rd' });
    const before = await db.selectFrom('resource').select(['id', 'method', 'url', 'route']).orderBy('id').execute();
    await db
      .insertInto('resource')
      .values({
        pid: null,
        name: '自定义菜单',
        type: 0,
        route: '/custom',
        method: null,
        url: null,
        remark: null,
        order_num: 50,
        builtin: 0,
      })
      .execute();
    await db.deleteFrom('resource').where('method', '=', 'put').where('url', '=', '/account/reset').execute();

    const second = await runSetup(db, database.dialect, { adminPassword: 'Other#Passw0rd' });
    expect(second.resourcesAdded).toBe(1);
    expect(second.generatedAdminPassword).toBeUndefined();
    const after = await db
      .selectFrom('resource')
      .select(['id', 'method', 'url', 'route', 'builtin'])
      .orderBy('id')
      .execute();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((r) => r.route === '/custom')?.builtin).toBe(0);
    expect(after.some((r) => r.method === 'put' && r.url === '/account/reset')).toBe(true);
    for (const r of before.filter((r) => r.url !== '/account/reset')) {
      expect(after.find((a) => a.id === r.id)).toMatchObject({ method: r.method, url: r.url, route: r.route });
    }
    const admin = await db
      .selectFrom('account')
      .selectAll()
      .where('account_number', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(admin.password_hash, 'First#Passw0rd')).toBe(true);
    expect(await db.selectFrom('role').selectAll().execute()).toHaveLength(1);
    const secrets = await db.selectFrom('setting').selectAll().where('key', '=', 'jwt_secret').execute();
    expect(secrets).toHaveLength(1);
  });

  it('refuses a weak ADMIN_PASSWORD before writing anything', async () => {
    const db = await fresh();
    await expect(runSetup(db, database.dialect, { adminPassword: 'admin' })).rejects.toThrow('密码长度');
    expect(await db.selectFrom('account').selectAll().execute()).toHaveLength(0);
  });
});

describe.each(lanes)('resetting a missed admin password on %s', (lane) => {
  it('takes ADMIN_PASSWORD when set (no change asked, as at the first start) and refuses one the policy refuses', async () => {
    const database = await openTestDatabase(lane);
    try {
      await migrate(database.db as never, database.dialect);
      await runSetup(database.db, database.dialect, {});
      await database.db.updateTable('account').set({ state: 0 }).where('account_number', '=', 'admin').execute();
      await expect(resetAdminPassword(database.db, { adminPassword: 'short' })).rejects.toThrow('密码长度');
      expect(await resetAdminPassword(database.db, { adminPassword: 'Chosen#Pass2026' })).toEqual({
        password: 'Chosen#Pass2026',
        generated: false,
      });
      const admin = await database.db
        .selectFrom('account')
        .select(['password_hash', 'must_change_password', 'state'])
        .where('account_number', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(admin.password_hash, 'Chosen#Pass2026')).toBe(true);
      // Enabled again: a locked-out administrator is the reason to run it.
      expect(admin).toMatchObject({ must_change_password: 0, state: 1 });
    } finally {
      await database.dispose();
    }
  });
});

describe('the migrations at start on PostgreSQL', () => {
  it('run on a connection of their own without the request timeouts, closed afterwards', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const timeoutOf = async (db: Database['db']) =>
        (await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db)).rows[0]!.statement_timeout;
      // The requests' pool keeps its bound.
      expect(await timeoutOf(database.db)).toBe('15s');
      const opened: Array<{ timeout: string; closed: boolean }> = [];
      const watched: Database = {
        ...database,
        maintenance() {
          const maintenance = database.maintenance!();
          const seen = { timeout: '', closed: false };
          opened.push(seen);
          return {
            ...maintenance,
            close: async () => {
              seen.timeout = await timeoutOf(maintenance.db);
              seen.closed = true;
              await maintenance.close();
            },
          };
        },
      };
      await prepareDatabase(testConfig(), watched);
      expect(opened).toEqual([{ timeout: '0', closed: true }]);
      expect(await database.db.selectFrom('account').select('account_number').execute()).toEqual([
        { account_number: 'admin' },
      ]);
    } finally {
      await database.dispose();
    }
  });
});
