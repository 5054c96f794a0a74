import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_SEARCH_CAP, accountEntity, type FieldSpec } from '@gatehouse/contract';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, startTestApp, type TestApp } from '../../../test/harness.js';
import { openSqlite } from '../../platform/db/database.js';
import { migrate } from '../../platform/db/migrations.js';
import type { DB } from '../../platform/db/schema.js';
import { type AccountFilter, type AccountSort, createAccountsRepository } from './accounts.repository.js';

const FIELDS = Object.entries(accountEntity.fields) as Array<[string, FieldSpec]>;
/** The descriptor's `searched` fields' columns, in its order (the search table's, migrations 0024, 0034 and on). */
const SEARCHED = FIELDS.flatMap(([, field]) => (field.searched && field.column ? [field.column] : []));
/** Whether a field is stored and answered as a text. */
const isText = (field: FieldSpec) => {
  const answer = field.answer as { type?: string; anyOf?: Array<{ type?: string }> } | undefined;
  return (
    !field.codec && (answer?.type === 'string' || (answer?.anyOf ?? []).some((member) => member.type === 'string'))
  );
};
/** The descriptor's other stored texts: never matched by the keyword. */
const UNSEARCHED_TEXTS = FIELDS.flatMap(([, field]) =>
  !field.searched && field.column && isText(field) ? [field.column] : [],
);

// The search index held to the descriptor: each searched column is found, through the index and without it.
describe.each(lanes)('account contains search over the descriptor’s searched fields on %s', (lane) => {
  let t: TestApp;
  const now = '2026-01-01T00:00:00.000Z';
  /** A term of its own per column: a long one (the index serves it) and one rare character (it does not). */
  const longTerm = (i: number) => `qxz${i}vw`;
  const shortTerm = (i: number) => String.fromCodePoint(0x9f98 - i);

  beforeAll(async () => {
    t = await startTestApp(lane);
  });
  afterAll(() => t.close());

  it('finds an account by a term only one searched column of it holds, and never by another text column', async () => {
    const db = t.database.db;
    const root = (await db.selectFrom('org').select('id').where('pid', 'is', null).executeTakeFirstOrThrow()).id;
    const insert = async (number: string, values: Record<string, string>) =>
      (
        await db
          .insertInto('account')
          .values({
            account_number: number,
            account_name: '某人',
            password_hash: 'x',
            state: 1,
            org_id: root,
            role_id: null,
            builtin: 0,
            create_time: now,
            update_time: now,
            ...(values as object),
          })
          .returning('account_number')
          .executeTakeFirstOrThrow()
      ).account_number;
    const held = new Map<number, string>();
    for (const [i, column] of SEARCHED.entries()) {
      held.set(i, await insert(`plain${i}`, { [column]: `${longTerm(i)}${shortTerm(i)}` }));
    }
    const repo = createAccountsRepository(db);
    const found = async (keyword: string, more: AccountFilter = {}) =>
      (await repo.page({ keyword, ...more }, 0, 20)).rows.map((row) => row.account_number);
    for (const [i, column] of SEARCHED.entries()) {
      for (const keyword of [longTerm(i), longTerm(i).toUpperCase(), shortTerm(i)]) {
        expect(await found(keyword), `${column}: ${keyword}`).toEqual([held.get(i)]);
        // With another filter beside it (the search table checked against the account's rows).
        expect(await found(keyword, { state: 1 }), `${column}: ${keyword} and a filter`).toEqual([held.get(i)]);
      }
    }
    if (UNSEARCHED_TEXTS.length > 0) {
      await insert('unsearched', Object.fromEntries(UNSEARCHED_TEXTS.map((column) => [column, 'wyq9kj鼗'])));
      for (const keyword of ['wyq9kj', '鼗']) expect(await found(keyword), keyword).toEqual([]);
    }
  });
});

// Contains search (`keyword`) over the account number, name, mobile and e-mail, on both engines.
describe.each(lanes)('account contains search on %s', (lane) => {
  let t: TestApp;
  let admin: string;
  let orgA: number;
  let orgB: number;
  const ids = new Map<string, number>();
  const now = '2026-01-01T00:00:00.000Z';

  const insert = async (
    number: string,
    name: string,
    mobile: string | null,
    email: string | null,
    org = orgA,
  ): Promise<number> => {
    const { id } = await t.database.db
      .insertInto('account')
      .values({
        account_number: number,
        account_name: name,
        contact_number: mobile,
        email,
        password_hash: 'x',
        state: 1,
        org_id: org,
        role_id: null,
        builtin: 0,
        create_time: now,
        update_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(number, id);
    return id;
  };

  /** The account numbers a filter finds (newest first, or in the sort's order), and its total. */
  const find = async (filter: AccountFilter, sort?: AccountSort, cap?: number, limit = 100) => {
    const repo = createAccountsRepository(t.database.db, cap);
    const { rows, total, capped } = sort
      ? await repo.sortedPage(filter, sort, 0, limit)
      : await repo.page(filter, 0, limit);
    return { numbers: rows.map((r) => r.account_number), total, capped };
  };
  const numbers = async (keyword: string, more: AccountFilter = {}) =>
    (await find({ keyword, ...more })).numbers.sort();

  beforeAll(async () => {
    t = await startTestApp(lane);
    admin = await t.login();
    const db = t.database.db;
    await sql`insert into org (pid, name, full_name, create_time) select id, 'east', null, ${now} from org where pid is null`.execute(
      db,
    );
    await sql`insert into org (pid, name, full_name, create_time) select id, 'west', null, ${now} from org where pid is null`.execute(
      db,
    );
    orgA = (await db.selectFrom('org').select('id').where('name', '=', 'east').executeTakeFirstOrThrow()).id;
    orgB = (await db.selectFrom('org').select('id').where('name', '=', 'west').executeTakeFirstOrThrow()).id;
    await insert('alpha001', '张三丰', '13812345678', 'Zhang.San@Example.com');
    await insert('beta_002', '李四', '+8613900001111', 'li%si@example.org');
    await insert('gamma"03', "王小'明", null, null);
    await insert('delta004', '张三', '13700000000', null, orgB);
    await insert('x100%', '欧阳娜娜', null, 'oy@example.net', orgB);
  });
  afterAll(() => t.close());

  it('matches any part of the account number, name, mobile or e-mail, ignoring case', async () => {
    expect(await numbers('pha00')).toEqual(['alpha001']);
    expect(await numbers('PHA')).toEqual(['alpha001']);
    expect(await numbers('2345')).toEqual(['alpha001']);
    expect(await numbers('0000111')).toEqual(['beta_002']);
    expect(await numbers('example.COM')).toEqual(['alpha001']);
    expect(await numbers('san@ex')).toEqual(['alpha001']);
    expect(await numbers('阳娜娜')).toEqual(['x100%']);
    expect(await numbers('nothing-like-it')).toEqual([]);
  });

  it('finds Chinese terms of one, two and three characters', async () => {
    expect(await numbers('张')).toEqual(['alpha001', 'delta004']);
    expect(await numbers('张三')).toEqual(['alpha001', 'delta004']);
    expect(await numbers('三丰')).toEqual(['alpha001']);
    expect(await numbers('张三丰')).toEqual(['alpha001']);
    expect(await numbers('娜')).toEqual(['x100%']);
    expect(await numbers('四')).toEqual(['beta_002']);
  });

  it('matches %, _, quotes and backslashes as themselves', async () => {
    expect(await numbers('%')).toEqual(['beta_002', 'x100%']);
    expect(await numbers('0%')).toEqual(['x100%']);
    expect(await numbers('i%s')).toEqual(['beta_002']);
    expect(await numbers('_')).toEqual(['beta_002']);
    // `a_0` as a wildcard would also match alpha001's "a00".
    expect(await numbers('a_0')).toEqual(['beta_002']);
    expect(await numbers('"')).toEqual(['gamma"03']);
    expect(await numbers('a"03')).toEqual(['gamma"03']);
    expect(await numbers("'明")).toEqual(['gamma"03']);
    expect(await numbers("小'明")).toEqual(['gamma"03']);
    expect(await numbers('\\')).toEqual([]);
    expect(await numbers('a\\_0')).toEqual([]);
    expect(await numbers('*')).toEqual([]);
    expect(await numbers('NEAR(a b)')).toEqual([]);
  });

  it('combines with the other filters, the sort and the data scope', async () => {
    expect(await numbers('张三', { accountNumber: 'delta' })).toEqual(['delta004']);
    expect(await numbers('张', { orgId: orgB })).toEqual(['delta004']);
    expect(await numbers('example', { orgId: orgA })).toEqual(['alpha001', 'beta_002']);
    expect(await numbers('1', { contactNumber: '13900001111' })).toEqual(['beta_002']);
    expect((await find({ keyword: '张' }, { field: 'accountNumber', order: 'asc' })).numbers).toEqual([
      'alpha001',
      'delta004',
    ]);
    expect((await find({ keyword: 'example' }, { field: 'accountNumber', order: 'desc' })).numbers).toEqual([
      'x100%',
      'beta_002',
      'alpha001',
    ]);
    // A scoped actor finds nothing outside its scope, whatever the term.
    expect(await numbers('张', { within: { orgIds: [orgB] } })).toEqual(['delta004']);
    expect(await numbers('张三丰', { within: { orgIds: [orgB] } })).toEqual([]);
    expect(await numbers('张', { within: { accountId: ids.get('alpha001')! } })).toEqual(['alpha001']);
    expect(await numbers('example', { within: { orgIds: [] } })).toEqual([]);
  });

  it('keeps the index in step with inserts, updates and deletes', async () => {
    const id = await insert('epsilon5', '赵钱孙', '13655556666', 'E5@Example.com');
    expect(await numbers('赵钱孙')).toEqual(['epsilon5']);
    expect(await numbers('5555')).toEqual(['epsilon5']);
    await t.database.db
      .updateTable('account')
      .set({ account_name: '周吴郑', email: 'new5@sample.io', contact_number: null })
      .where('id', '=', id)
      .execute();
    expect(await numbers('赵钱孙')).toEqual([]);
    expect(await numbers('5555')).toEqual([]);
    expect(await numbers('周吴郑')).toEqual(['epsilon5']);
    expect(await numbers('sample.io')).toEqual(['epsilon5']);
    expect(await numbers('psilon')).toEqual(['epsilon5']);
    await t.database.db.deleteFrom('account').where('id', '=', id).execute();
    expect(await numbers('周吴郑')).toEqual([]);
    expect(await numbers('psilon')).toEqual([]);
  });

  it('counts the matches up to the cap and says when there are more', async () => {
    // Terms served by the index (3 characters) and not (1 character), with a cap one below their matches.
    const matches = {
      exa: ['x100%', 'beta_002', 'alpha001'],
      e: ['x100%', 'delta004', 'beta_002', 'alpha001'],
    };
    for (const [keyword, all] of Object.entries(matches)) {
      const cap = all.length - 1;
      const capped = await find({ keyword }, undefined, cap, cap);
      expect(capped.total).toBe(cap);
      expect(capped.capped).toBe(true);
      expect(capped.numbers).toEqual(all.slice(0, cap));
      // A first page holding every match knows the total without counting.
      expect(await find({ keyword }, undefined, cap)).toMatchObject({ numbers: all });
      const sorted = await find({ keyword }, { field: 'accountNumber', order: 'asc' }, cap);
      expect(sorted).toMatchObject({ total: cap, capped: true, numbers: [...all].sort() });
      expect(await find({ keyword }, undefined, all.length, 1)).toMatchObject({ total: all.length, capped: false });
    }
    // The second page of a capped search is read from the newest end (no end to count back from).
    const repo = createAccountsRepository(t.database.db, 2);
    const second = await repo.page({ keyword: 'exa' }, 1, 1);
    expect(second).toMatchObject({ total: 2, capped: true });
    expect(second.rows.map((r) => r.account_number)).toEqual(['beta_002']);
  });

  it('answers keyword on GET /account/s with totalCapped past 10,000 matches', async () => {
    const list = async (query: Record<string, string | number>) => {
      const res = await t.call('GET', '/account/s', { token: admin, query: { p: 1, pageSize: 20, ...query } });
      return res as typeof res & {
        body: { data: { list: Array<{ accountNumber: string }>; totalCount: number; totalCapped?: boolean } };
      };
    };
    const found = await list({ keyword: ' 张三丰 ' });
    expect(found.status, found.body.msg).toBe(200);
    expect(found.body.data).toMatchObject({ totalCount: 1, totalPage: 1 });
    expect(found.body.data.totalCapped).toBeUndefined();
    expect(found.body.data.list.map((r) => r.accountNumber)).toEqual(['alpha001']);
    // The export takes the same search.
    const exported = await t.call('GET', '/account/export', {
      token: admin,
      query: { keyword: '张三', format: 'csv' },
    });
    expect(exported.status).toBe(200);
    const sheet = String(exported.body.data);
    expect(sheet).toContain('alpha001');
    expect(sheet).toContain('delta004');
    expect(sheet).not.toContain('beta_002');
    const tooLong = await list({ keyword: 'x'.repeat(101) });
    expect(tooLong.body).toEqual({ code: 400, msg: '搜索长度不能超过 100 个字符' });

    // 10,001 accounts whose names hold 批量: the count stops at the cap.
    await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${sql.lit(ACCOUNT_SEARCH_CAP + 1)})
      insert into account (account_number, account_name, password_hash, state, org_id, role_id, builtin, create_time, update_time)
      select 'bulk' || n, '批量' || n, 'x', 1, ${orgA}, null, 0, ${now}, ${now} from g`.execute(t.database.db);
    for (const keyword of ['批', '批量', 'bulk']) {
      const capped = await list({ keyword });
      expect(capped.status, capped.body.msg).toBe(200);
      expect(capped.body.data).toMatchObject({ totalCount: ACCOUNT_SEARCH_CAP, totalPage: 500, totalCapped: true });
      expect(capped.body.data.list).toHaveLength(20);
      expect(capped.body.data.list[0]?.accountNumber).toBe(`bulk${ACCOUNT_SEARCH_CAP + 1}`);
    }
    const exact = await list({ keyword: 'bulk1000' });
    expect(exact.body.data).toMatchObject({ totalCount: 3 });
    expect(exact.body.data.totalCapped).toBeUndefined();
  });
});

describe('account contains search on PostgreSQL without pg_trgm (the fallback of migration 0024)', () => {
  it('migrates without the index when the extension cannot be created, and still finds every match', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const db = database.db;
      // A function pg_trgm's script would create: CREATE EXTENSION fails, as for a role not allowed to create it.
      // (PGlite offers no pg_trgm at all: the other way to the fallback.)
      await sql`create function similarity(text, text) returns real language sql as 'select 0::real'`.execute(db);
      await migrate(db as never, 'postgres');
      const index = await sql<{ n: number }>`select count(*)::int as n from pg_indexes
        where indexname = 'account_search_trgm'`.execute(db);
      expect(index.rows[0]!.n).toBe(0);
      const org = await sql<{ id: number }>`insert into org (pid, name, full_name, create_time)
        values (null, 'root', null, '2026-01-01T00:00:00.000Z') returning id`.execute(db);
      for (const [number, name] of [
        ['zhang01', '张三丰'],
        ['li02', '李四'],
      ]) {
        await sql`insert into account (account_number, account_name, password_hash, state, org_id, builtin, create_time,
          update_time) values (${number}, ${name}, 'x', 1, ${org.rows[0]!.id}, 0, '2026-01-01', '2026-01-01')`.execute(
          db,
        );
      }
      const repo = createAccountsRepository(db);
      for (const [keyword, found] of [
        ['张三丰', ['zhang01']],
        ['三丰', ['zhang01']],
        ['HANG0', ['zhang01']],
        ['i0', ['li02']],
      ] as const) {
        const page = await repo.page({ keyword }, 0, 20);
        expect(page.rows.map((r) => r.account_number)).toEqual(found);
        expect(page).toMatchObject({ total: found.length, capped: false });
      }
    } finally {
      await database.dispose();
    }
  });
});

/**
 * The search-only pages of 30 accounts probe1…probe30, every third named 找到了n: under the cap the newest page and one
 * past the middle (read from the oldest end); past a cap of 6, counted to it, the pages still the newest matches.
 */
async function expectSearchPages(logged: Kysely<DB>) {
  const matching = [30, 27, 24, 21, 18, 15, 12, 9, 6, 3].map((n) => `probe${n}`);
  const numbers = (page: { rows: Array<{ account_number: string }> }) => page.rows.map((r) => r.account_number);
  const uncapped = createAccountsRepository(logged, 40);
  const first = await uncapped.page({ keyword: '找到了' }, 0, 4);
  expect(numbers(first)).toEqual(matching.slice(0, 4));
  expect(first).toMatchObject({ total: 10, capped: false });
  expect(numbers(await uncapped.page({ keyword: '找到了' }, 8, 4))).toEqual(matching.slice(8));
  const repo = createAccountsRepository(logged, 6);
  const capped = await repo.page({ keyword: '找到了' }, 0, 4);
  expect(numbers(capped)).toEqual(matching.slice(0, 4));
  expect(capped).toMatchObject({ total: 6, capped: true });
  expect(numbers(await repo.page({ keyword: '找到了' }, 4, 4))).toEqual(matching.slice(4, 8));
}

describe('account contains search on SQLite when the term is the only filter', () => {
  it('counts the matches and finds the page in the trigram table alone, reading account rows for the page only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-search-'));
    const file = join(dir, 'search.db');
    const database = openSqlite(file);
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const raw = new SQLite(file);
    // The repository on a second connection to the same file, whose every statement is recorded.
    const logged = new Kysely<DB>({
      dialect: new SqliteDialect({ database: raw }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    try {
      await migrate(database.db as never, 'sqlite');
      const org = await sql<{ id: number }>`insert into org (pid, name, full_name, create_time)
        values (null, 'root', null, '2026-01-01T00:00:00.000Z') returning id`.execute(database.db);
      for (let n = 1; n <= 30; n++) {
        await sql`insert into account (account_number, account_name, password_hash, state, org_id, builtin, create_time,
          update_time) values (${`probe${n}`}, ${n % 3 === 0 ? `找到了${n}` : `其他${n}`}, 'x', 1, ${org.rows[0]!.id}, 0,
          '2026-01-01', '2026-01-01')`.execute(database.db);
      }
      expect(await createAccountsRepository(logged, 40).page({ keyword: 'obe' }, 0, 4)).toMatchObject({
        total: 30,
        capped: false,
      });
      await expectSearchPages(logged);

      // Every statement that reads the trigram table reads nothing of `account`: the count and the page's ids come
      // from the index; only the page's rows are read from the account table, by id.
      const searching = statements.filter((s) => s.sql.includes('account_search'));
      expect(searching.length).toBeGreaterThan(0);
      for (const statement of searching) {
        const plan = raw
          .prepare(`explain query plan ${statement.sql}`)
          .all(...(statement.parameters as unknown[])) as Array<{ detail: string }>;
        const details = plan.map((p) => p.detail);
        expect(
          details.filter((d) => /\b(SCAN|SEARCH) account\b(?!_)/.test(d)),
          statement.sql,
        ).toEqual([]);
      }
    } finally {
      await logged.destroy();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('account contains search on PostgreSQL: its search table (migration 0034)', () => {
  it('keeps one lowered row per account through inserts, edits and deletes, and touches it only when a searched column changes', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const db = database.db;
      await migrate(db as never, 'postgres');
      const org = await sql<{ id: number }>`insert into org (pid, name, full_name, create_time)
        values (null, 'root', null, '2026-01-01T00:00:00.000Z') returning id`.execute(db);
      // One statement of three rows (the insert trigger is per statement) and one of one.
      await sql`insert into account (account_number, account_name, contact_number, email, password_hash, state, org_id,
        builtin, create_time, update_time) values
        ('ZhangSan', '张三', '13900000001', 'Zhang@Example.COM', 'x', 1, ${org.rows[0]!.id}, 0, '2026', '2026'),
        ('lisi', '李四', null, null, 'x', 1, ${org.rows[0]!.id}, 0, '2026', '2026'),
        ('wangwu', '王五', '13900000003', null, 'x', 1, ${org.rows[0]!.id}, 0, '2026', '2026')`.execute(db);
      await sql`insert into account (account_number, account_name, password_hash, state, org_id, builtin, create_time,
        update_time) values ('zhaoliu', '赵六', 'x', 1, ${org.rows[0]!.id}, 0, '2026', '2026')`.execute(db);
      const rows = async () =>
        (
          await sql<{ number: string; doc: string | null; version: string | null }>`select a.account_number as number,
            s.doc, s.xmin::text as version from account a left join account_search s on s.id = a.id
            order by a.id`.execute(db)
        ).rows;
      // The descriptor's searched columns, lowered (an empty one as ''), each a part of the row's text: joined by U+0001
      // in the order the migrations add them (compared as a set of parts, which that order does not change).
      const joined = (values: Readonly<Record<string, string>>) =>
        SEARCHED.map((column) => (values[column] ?? '').toLowerCase()).sort();
      const parts = (doc: string | null | undefined) => doc?.split('\u0001').sort();
      expect((await rows()).map((r) => parts(r.doc))).toEqual([
        joined({
          account_number: 'ZhangSan',
          account_name: '张三',
          contact_number: '13900000001',
          email: 'Zhang@Example.COM',
        }),
        joined({ account_number: 'lisi', account_name: '李四' }),
        joined({ account_number: 'wangwu', account_name: '王五', contact_number: '13900000003' }),
        joined({ account_number: 'zhaoliu', account_name: '赵六' }),
      ]);
      const before = await rows();
      // A state change (a bulk disable) rewrites no search row: the row version stays.
      await sql`update account set state = 0, update_time = '2027'`.execute(db);
      expect(await rows()).toEqual(before);
      // Naming a searched column without changing it rewrites nothing either; changing one rewrites that row alone.
      await sql`update account set account_name = account_name, email = 'LI@Example.com' where account_number = 'lisi'`.execute(
        db,
      );
      const after = await rows();
      expect(parts(after[1]!.doc)).toEqual(
        joined({ account_number: 'lisi', account_name: '李四', email: 'LI@Example.com' }),
      );
      expect(after[1]!.version).not.toBe(before[1]!.version);
      expect([after[0], after[2], after[3]]).toEqual([before[0], before[2], before[3]]);
      await sql`delete from account where account_number in ('wangwu', 'zhaoliu')`.execute(db);
      expect((await sql<{ n: number }>`select count(*)::int as n from account_search`.execute(db)).rows[0]!.n).toBe(2);
      // Case folds on both sides: an upper-case term finds a lower-case row and the other way round.
      const repo = createAccountsRepository(db);
      for (const [keyword, found] of [
        ['HANGSA', ['ZhangSan']],
        ['example.com', ['lisi', 'ZhangSan']],
        ['EXAMPLE', ['lisi', 'ZhangSan']],
        ['张三', ['ZhangSan']],
      ] as const) {
        const page = await repo.page({ keyword }, 0, 20);
        expect(
          page.rows.map((r) => r.account_number),
          keyword,
        ).toEqual(found);
      }
    } finally {
      await database.dispose();
    }
  });

  it('counts the matches and finds the page in the search table alone, reading account rows for the page only', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const db = database.db;
      await migrate(db as never, 'postgres');
      const org = await sql<{ id: number }>`insert into org (pid, name, full_name, create_time)
        values (null, 'root', null, '2026-01-01T00:00:00.000Z') returning id`.execute(db);
      await sql`insert into account (account_number, account_name, password_hash, state, org_id, builtin, create_time,
        update_time)
        select 'probe' || n, case when n % 3 = 0 then '找到了' || n else '其他' || n end, 'x', 1, ${org.rows[0]!.id}, 0,
          '2026', '2026' from generate_series(1, 30) n`.execute(db);
      await sql`analyze`.execute(db);
      // Every statement the repository sends, as sent.
      const statements: CompiledQuery[] = [];
      const logged = db.withPlugin({
        transformQuery: (args) => {
          statements.push(db.getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      await expectSearchPages(logged);

      const searching = statements.filter((s) => s.sql.includes('account_search'));
      expect(searching.length).toBeGreaterThan(0);
      for (const statement of searching) {
        const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]),
        );
        const nodes = plan.rows.map((r) => r['QUERY PLAN']);
        expect(
          nodes.filter((line) => /\bon account\b(?!_)/.test(line)),
          statement.sql,
        ).toEqual([]);
      }
    } finally {
      await database.dispose();
    }
  });
});
