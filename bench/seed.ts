import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { runSetup } from '../apps/server/src/modules/setup/setup.service.js';
import { openPostgres, openSqlite } from '../apps/server/src/platform/db/database.js';
import { migrate } from '../apps/server/src/platform/db/migrations.js';
import type { DB } from '../apps/server/src/platform/db/schema.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';

/** The data set of the issue: sizes can be lowered through the environment for a quick try. */
export interface SeedSize {
  accounts: number;
  orgs: number;
  resources: number;
  roles: number;
  dicts: number;
  itemsPerDict: number;
}

export const FULL_SIZE: SeedSize = {
  accounts: 1_000_000,
  orgs: 10_000,
  resources: 2_000,
  roles: 100,
  dicts: 200,
  itemsPerDict: 20,
};

export const ADMIN_PASSWORD = 'Bench#Admin2026';
/** Every seeded account has this password (one argon2 hash computed once and reused). */
export const ACCOUNT_PASSWORD = 'Bench#User2026';
/** Org tree: org n (n >= 2) hangs under org floor((n - 2) / BRANCHING) + 1, the root being 1: depth ~8 at 10,000. */
export const BRANCHING = 3;
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭'];

/**
 * Account n: number `u` + 7 digits, name surname + n, mobile 139 + 8 digits of n, organisation 2 + n % orgs, role
 * n % roles.
 */
export const accountNumberOf = (n: number) => `u${String(n).padStart(7, '0')}`;

export interface SeedReport {
  seconds: number;
  accounts: number;
  /** The role (not super-admin) of seeded accounts whose number ends in 00. */
  firstRoleId: number;
}

async function prepare(db: Kysely<DB>, dialect: 'sqlite' | 'postgres') {
  await migrate(db as never, dialect);
  await runSetup(db, dialect, { adminPassword: ADMIN_PASSWORD });
}

/** SQLite: one prepared statement per table in big transactions, straight through better-sqlite3. */
export async function seedSqlite(file: string, size: SeedSize): Promise<SeedReport> {
  const started = performance.now();
  const database = openSqlite(file);
  await prepare(database.db, 'sqlite');
  await database.close();
  const hash = await hashPassword(ACCOUNT_PASSWORD);

  const s = new SQLite(file);
  s.pragma('journal_mode = WAL');
  s.pragma('synchronous = OFF');
  s.pragma('cache_size = -400000');
  const now = new Date().toISOString();
  const root = (s.prepare('select id from org where pid is null order by id').get() as { id: number }).id;
  const insertOrg = s.prepare('insert into org (id, pid, name, full_name, create_time) values (?, ?, ?, ?, ?)');
  s.transaction(() => {
    for (let n = 2; n <= size.orgs + 1; n++) {
      const pid = n <= BRANCHING + 1 ? root : Math.floor((n - 2) / BRANCHING) + 1;
      insertOrg.run(n, pid, `组织${n}`, `组织${n}全称`, now);
    }
  })();
  const existing = (s.prepare('select count(*) as n from resource').get() as { n: number }).n;
  const insertResource = s.prepare(
    'insert into resource (pid, name, type, route, method, url, order_num, builtin) values (null, ?, 1, null, ?, ?, ?, 0)',
  );
  s.transaction(() => {
    for (let n = existing; n < size.resources; n++) insertResource.run(`接口${n}`, 'get', `/bench/${n}`, n);
  })();
  const resourceIds = (s.prepare('select id from resource order by id').all() as { id: number }[]).map((r) => r.id);
  const insertRole = s.prepare(
    'insert into role (name, remark, builtin, create_time, update_time) values (?, null, 0, ?, ?)',
  );
  const grant = s.prepare('insert into role_resource (role_id, resource_id) values (?, ?)');
  const roleIds: number[] = [];
  s.transaction(() => {
    for (let n = 0; n < size.roles; n++) {
      const id = Number(insertRole.run(`角色${n}`, now, now).lastInsertRowid);
      roleIds.push(id);
      // 50 resources each, spread over the tree.
      for (let k = 0; k < 50; k++) grant.run(id, resourceIds[(n * 7 + k * 37) % resourceIds.length]);
    }
  })();
  const insertDict = s.prepare('insert into dict (dict_name, dict_code, remark, create_time) values (?, ?, null, ?)');
  const insertItem = s.prepare('insert into dict_item (dict_code, value, pid, order_num) values (?, ?, ?, ?)');
  s.transaction(() => {
    for (let n = 0; n < size.dicts; n++) {
      const code = `dict_${n}`;
      insertDict.run(`字典${n}`, code, now);
      let parent: number | null = null;
      for (let k = 0; k < size.itemsPerDict; k++) {
        const id: number = Number(insertItem.run(code, `值${k}`, k % 5 === 0 ? null : parent, k).lastInsertRowid);
        if (k % 5 === 0) parent = id;
      }
    }
  })();
  const insertAccount = s.prepare(
    `insert into account (account_number, account_name, contact_number, password_hash, state, org_id, role_id, builtin, create_time, update_time)
     values (?, ?, ?, ?, 1, ?, ?, 0, ?, ?)`,
  );
  // Secondary indexes are dropped for the bulk insert and rebuilt once after it (much faster than row by row).
  const indexes = s
    .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = 'account' and sql is not null`)
    .all() as { name: string; sql: string }[];
  for (const index of indexes) s.exec(`drop index ${index.name}`);
  const batch = 100_000;
  for (let from = 1; from <= size.accounts; from += batch) {
    s.transaction(() => {
      for (let n = from; n < from + batch && n <= size.accounts; n++) {
        insertAccount.run(
          accountNumberOf(n),
          `${SURNAMES[n % SURNAMES.length]}${n}`,
          `139${String(n).padStart(8, '0')}`,
          hash,
          2 + (n % size.orgs),
          roleIds[n % roleIds.length],
          now,
          now,
        );
      }
    })();
  }
  for (const index of indexes) s.exec(index.sql);
  s.exec('analyze');
  const accounts = (s.prepare(`select n from row_count where name = 'account'`).get() as { n: number }).n;
  s.close();
  return { seconds: (performance.now() - started) / 1000, accounts, firstRoleId: roleIds[0]! };
}

/** Accounts per PostgreSQL insert statement. */
const ACCOUNT_BATCH = 1_000_000;

/** PostgreSQL: INSERT … SELECT generate_series into a fresh database, then VACUUM ANALYZE. */
export async function seedPostgres(url: string, size: SeedSize): Promise<SeedReport> {
  const started = performance.now();
  const database = openPostgres(url);
  await prepare(database.db, 'postgres');
  await database.close();
  const hash = await hashPassword(ACCOUNT_PASSWORD);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const now = new Date().toISOString();
  await q('set maintenance_work_mem = $1', ['256MB']).catch(() => q("set maintenance_work_mem = '256MB'"));
  await q('begin');
  const root = (await q('select id from org where pid is null order by id limit 1')).rows[0].id as number;
  await q(
    `insert into org (id, pid, name, full_name, create_time)
     select n, case when n <= $1 + 1 then $2 else (n - 2) / $1 + 1 end, '组织' || n, '组织' || n || '全称', $3
     from generate_series(2, $4 + 1) n`,
    [BRANCHING, root, now, size.orgs],
  );
  await q(`select setval(pg_get_serial_sequence('org', 'id'), (select max(id) from org))`);
  await q(
    `insert into resource (pid, name, type, route, method, url, order_num, builtin)
     select null, '接口' || n, 1, null, 'get', '/bench/' || n, n, 0
     from generate_series((select count(*) from resource), $1 - 1) n`,
    [size.resources],
  );
  await q(
    `insert into role (name, remark, builtin, create_time, update_time)
     select '角色' || n, null, 0, $1, $1 from generate_series(0, $2 - 1) n`,
    [now, size.roles],
  );
  await q(
    `with r as (select id, row_number() over (order by id) - 1 as n from role where builtin = 0),
          res as (select id, row_number() over (order by id) - 1 as k from resource),
          total as (select count(*) as c from resource)
     insert into role_resource (role_id, resource_id)
     select distinct r.id, res.id from r, generate_series(0, 49) g, total, res
     where res.k = (r.n * 7 + g * 37) % total.c`,
  );
  await q(
    `insert into dict (dict_name, dict_code, remark, create_time)
     select '字典' || n, 'dict_' || n, null, $1 from generate_series(0, $2 - 1) n`,
    [now, size.dicts],
  );
  await q(
    `insert into dict_item (dict_code, value, pid, order_num)
     select 'dict_' || n, '值' || k, null, k from generate_series(0, $1 - 1) n, generate_series(0, $2 - 1) k`,
    [size.dicts, size.itemsPerDict],
  );
  // Items k % 5 != 0 hang under the nearest preceding item k % 5 = 0 of their dictionary.
  await q(
    `update dict_item c set pid = p.id from dict_item p
     where p.dict_code = c.dict_code and p.order_num = c.order_num - c.order_num % 5 and c.order_num % 5 <> 0`,
  );
  const roleIds = (await q('select id from role where builtin = 0 order by id')).rows.map((r) => r.id as number);
  // Secondary indexes (the search table's trigram index among them) are dropped for the bulk insert and rebuilt once
  // after it (the unique one stays).
  const indexes = (
    await q(
      `select indexname, indexdef from pg_indexes where tablename in ('account', 'account_search')
       and indexname not in (select conname from pg_constraint where conrelid in ('account'::regclass,
         'account_search'::regclass))`,
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of indexes) await q(`drop index ${index.indexname}`);
  // In statements of ACCOUNT_BATCH rows: each statement's series and the triggers' transition tables stay that size
  // whatever the data set (5,000,000 accounts seed in five).
  for (let from = 1; from <= size.accounts; from += ACCOUNT_BATCH) {
    await q(
      `insert into account (account_number, account_name, contact_number, password_hash, state, org_id, role_id, builtin, create_time, update_time)
       select 'u' || lpad(n::text, 7, '0'), (array[${SURNAMES.map((x) => `'${x}'`).join(',')}])[n % ${SURNAMES.length} + 1] || n,
              '139' || lpad(n::text, 8, '0'), $1, 1, 2 + n % $2, $3::int + n % $4, 0, $5, $5
       from generate_series($6::int, $7::int) n`,
      [hash, size.orgs, roleIds[0], roleIds.length, now, from, Math.min(size.accounts, from + ACCOUNT_BATCH - 1)],
    );
  }
  for (const index of indexes) await q(index.indexdef);
  await q('commit');
  await q('vacuum analyze');
  const accounts = Number((await q(`select n from row_count where name = 'account'`)).rows[0].n);
  await client.end();
  return { seconds: (performance.now() - started) / 1000, accounts, firstRoleId: roleIds[0]! };
}

/** A fresh database on the server of `serverUrl`; answers its url and a dropper. */
export async function freshPostgresDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export { sql };
