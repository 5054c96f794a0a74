import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { lanes, openTestDatabase, startTestApp } from '../../../test/harness.js';
import { openSqlite } from './database.js';
import { preparedQuery } from './prepared.js';
import type { DB } from './schema.js';

describe.each(lanes)('preparedQuery on %s', (lane) => {
  it('runs one compiled query with each call’s values, an argument used twice included', async () => {
    const t = await startTestApp(lane);
    try {
      const byName = preparedQuery(t.database.db, (db, name: string, again: string) =>
        db
          .selectFrom('org')
          .select(['id', 'name'])
          .where((eb) => eb.or([eb('name', '=', name), eb('full_name', '=', name), eb('name', '=', again)]))
          .orderBy('id')
          .limit(5),
      );
      const root = await t.database.db.selectFrom('org').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
      expect(await byName(root.name, 'no such org')).toEqual([root]);
      expect(await byName('no such org', 'nor this one')).toEqual([]);
      expect(await byName('no such org', root.name)).toEqual([root]);
    } finally {
      await t.close();
    }
  });

  it('compiles every call on a Kysely with plugins, so they see each query with its values', async () => {
    const t = await startTestApp(lane);
    try {
      const seen: unknown[] = [];
      const traced = t.database.db.withPlugin({
        transformQuery: (args) => {
          seen.push(args.node);
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const byId = preparedQuery(traced, (db, id: number) => db.selectFrom('org').select('id').where('id', '=', id));
      await byId(1);
      await byId(2);
      expect(seen).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('refuses an argument that does not end up as a bound parameter', async () => {
    const t = await startTestApp(lane);
    try {
      const unused = preparedQuery(t.database.db, (db, _name: string) => db.selectFrom('org').select('id'));
      await expect(unused('x')).rejects.toThrow('argument 0 is not a bound parameter');
    } finally {
      await t.close();
    }
  });
});

/** The throw-away table these tests read: item 1 'one' and item 2 'two'. */
async function createItems(db: Kysely<DB>) {
  await sql`create table item (id integer primary key, name text not null)`.execute(db);
  await sql`insert into item (id, name) values (1, 'one'), (2, 'two')`.execute(db);
}

/** The name of an item of the throw-away table. */
const nameOfItem = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('item' as never)
    .select('name' as never)
    .where('id' as never, '=', id as never);

/** A prepared query on `db` reads every time: equal rows, never the same array or row objects, none frozen. */
async function expectReadEveryTime(db: Kysely<DB>) {
  const byId = preparedQuery(db, nameOfItem);
  const first = await byId(1);
  expect(first).toEqual([{ name: 'one' }]);
  const second = await byId(1);
  expect(second).toEqual([{ name: 'one' }]);
  expect(second).not.toBe(first);
  expect(second[0]).not.toBe(first[0]);
  expect(Object.isFrozen(first) || Object.isFrozen(first[0])).toBe(false);
}

describe('preparedQuery on SQLite', () => {
  const open = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-prepared-'));
    const file = join(dir, 'prepared.db');
    const database = openSqlite(file);
    await createItems(database.db);
    return {
      database,
      file,
      dispose: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };

  it('reads every time and answers rows of its own, which the caller may change', async () => {
    const c = await open();
    try {
      await expectReadEveryTime(c.database.db);
      const byId = preparedQuery(c.database.db, nameOfItem);
      const [row] = (await byId(2)) as { name: string }[];
      row!.name = 'changed by the caller';
      expect(await byId(2)).toEqual([{ name: 'two' }]);
    } finally {
      await c.dispose();
    }
  });

  it('sees a write of its own and one committed by another connection on the very next call', async () => {
    const c = await open();
    const other = new SQLite(c.file);
    try {
      const byId = preparedQuery(c.database.db, nameOfItem);
      expect(await byId(1)).toEqual([{ name: 'one' }]);
      await sql`update item set name = 'uno' where id = 1`.execute(c.database.db);
      expect(await byId(1)).toEqual([{ name: 'uno' }]);
      other.prepare("update item set name = 'deux' where id = 2").run();
      // No turn of the event loop in between: nothing is kept, so there is nothing to wait for.
      expect(await byId(2)).toEqual([{ name: 'deux' }]);
    } finally {
      other.close();
      await c.dispose();
    }
  });

  it('prepares the SQL of a statement run again only once (the statement cache)', async () => {
    const c = await open();
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    try {
      const byId = preparedQuery(c.database.db, nameOfItem);
      for (const id of [1, 2, 1, 2]) await byId(id);
      const texts = prepare.mock.calls.map(([source]) => source).filter((source) => source.includes('"item"'));
      expect(texts).toHaveLength(1);
      // The cache still serves a statement written through the query builder each time, results unchanged.
      const fresh = () =>
        c.database.db
          .selectFrom('item' as never)
          .select('name' as never)
          .orderBy('id' as never);
      expect(await fresh().execute()).toEqual([{ name: 'one' }, { name: 'two' }]);
      expect(await fresh().execute()).toEqual([{ name: 'one' }, { name: 'two' }]);
    } finally {
      prepare.mockRestore();
      await c.dispose();
    }
  });

  it('sees a write made inside a transaction from within it', async () => {
    const c = await open();
    try {
      await c.database.db.transaction().execute(async (trx) => {
        const inTrx = preparedQuery(trx as unknown as typeof c.database.db, nameOfItem);
        expect(await inTrx(1)).toEqual([{ name: 'one' }]);
        await sql`update item set name = 'inside' where id = 1`.execute(trx);
        expect(await inTrx(1)).toEqual([{ name: 'inside' }]);
      });
      expect(await preparedQuery(c.database.db, nameOfItem)(1)).toEqual([{ name: 'inside' }]);
    } finally {
      await c.dispose();
    }
  });
});

describe.each(
  process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [],
)('preparedQuery on a PostgreSQL server (%s)', (lane) => {
  it('runs as a named statement, prepared once per connection, and reads every time', async () => {
    const database = await openTestDatabase(lane);
    try {
      await createItems(database.db);
      await expectReadEveryTime(database.db);
      // One connection at a time here, so the pool hands out the one that prepared it.
      const prepared = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(database.db);
      expect(prepared.rows.filter((row) => /^gh_\d+$/.test(row.name) && row.statement.includes('"item"'))).toHaveLength(
        1,
      );
    } finally {
      await database.dispose();
    }
  });
});
