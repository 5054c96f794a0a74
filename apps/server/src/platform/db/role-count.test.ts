import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { migrate } from './migrations.js';

// The per-role account counters (row_count 'role:<id>', kept by triggers): right after every kind of write, and on
// PostgreSQL not rewritten by an update that changes no account's role (migration 0030): a bulk disable
// used to rewrite, and hold locked to its commit, the counter of every role its accounts held.
describe.each(lanes)('role account counters on %s', (lane) => {
  let database: TestDatabase;
  let roles: number[];
  const now = '2026-01-01T00:00:00.000Z';

  const counters = async () => {
    const rows = await database.db
      .selectFrom('row_count')
      .select(['name', 'n'])
      .where(
        'name',
        'in',
        roles.map((id) => `role:${id}`),
      )
      .orderBy('name')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
  };
  /** PostgreSQL: the row versions of the counters (a rewrite gives a row a new xmin). */
  const versions = async () =>
    (
      await sql<{ name: string; v: string }>`select name, xmin::text as v from row_count
        where name like 'role:%' order by name`.execute(database.db)
    ).rows;

  beforeAll(async () => {
    database = await openTestDatabase(lane);
    await migrate(database.db as never, lane);
    const db = database.db;
    const org = await sql<{ id: number }>`insert into org (pid, name, full_name, create_time)
      values (null, 'root', null, ${now}) returning id`.execute(db);
    roles = [];
    for (const name of ['甲', '乙']) {
      const role = await sql<{ id: number }>`insert into role (name, remark, builtin, create_time, update_time)
        values (${name}, null, 0, ${now}, ${now}) returning id`.execute(db);
      roles.push(role.rows[0]!.id);
    }
    for (let n = 0; n < 6; n++) {
      await sql`insert into account (account_number, account_name, password_hash, state, org_id, role_id, builtin,
        create_time, update_time) values (${`rc${n}`}, ${`rc${n}`}, 'x', 1, ${org.rows[0]!.id}, ${roles[n % 2]!}, 0,
        ${now}, ${now})`.execute(db);
    }
  });
  afterAll(() => database.dispose());

  it('counts inserts, role changes and deletes, and an update of other columns writes no counter', async () => {
    const [a, b] = roles.map((id) => `role:${id}`) as [string, string];
    expect(await counters()).toEqual({ [a]: 3, [b]: 3 });

    const before = lane === 'postgres' ? await versions() : [];
    await sql`update account set state = 0, update_time = ${now} where account_number like 'rc%'`.execute(database.db);
    expect(await counters()).toEqual({ [a]: 3, [b]: 3 });
    if (lane === 'postgres') expect(await versions()).toEqual(before);

    await sql`update account set role_id = ${roles[1]!} where account_number = 'rc0'`.execute(database.db);
    expect(await counters()).toEqual({ [a]: 2, [b]: 4 });
    // A statement that moves accounts both ways nets them: rc1 (乙) to 甲 and rc2 (甲) to 乙 leave 2 and 4.
    await sql`update account set role_id = case account_number when 'rc1' then cast(${roles[0]!} as integer) else cast(${roles[1]!} as integer) end
      where account_number in ('rc1', 'rc2')`.execute(database.db);
    expect(await counters()).toEqual({ [a]: 2, [b]: 4 });
    await sql`update account set role_id = null where account_number = 'rc3'`.execute(database.db);
    expect(await counters()).toEqual({ [a]: 2, [b]: 3 });
    await sql`delete from account where account_number in ('rc4', 'rc5')`.execute(database.db);
    expect(await counters()).toEqual({ [a]: 1, [b]: 2 });
  });
});
