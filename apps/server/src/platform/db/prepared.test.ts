import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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

/** The throw-away table the cache tests read: item 1 'one' and item 2 'two'. */
async function createItems(db: Kysely<DB>) {
  await sql`create table item (id integer primary key, name text not null)`.execute(db);
  await sql`insert into item (id, name) values (1, 'one'), (2, 'two')`.execute(db);
}

/** A cached prepared query on `db` that must read every time: equal rows, never the same array. */
async function expectReadEveryTime(db: Kysely<DB>) {
  const byId = preparedQuery(db, nameOfItem, { cache: 10 });
  const first = await byId(1);
  expect(first).toEqual([{ name: 'one' }]);
  expect(await byId(1)).not.toBe(first);
}

/** The name of an item of the throw-away table the cache tests create. */
const nameOfItem = (db: Kysely<DB>, id: number) =>
  db
    .selectFrom('item' as never)
    .select('name' as never)
    .where('id' as never, '=', id as never);

describe('preparedQuery with a cache on SQLite', () => {
  const open = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-cache-'));
    const file = join(dir, 'cache.db');
    const database = openSqlite(file);
    await createItems(database.db);
    const byId = preparedQuery(
      database.db,
      (db, id: number) =>
        db
          .selectFrom('item' as never)
          .select(['id', 'name'] as never[])
          .where('id' as never, '=', id as never),
      { cache: 10 },
    );
    return {
      database,
      file,
      byId: byId as unknown as (id: number) => Promise<readonly { id: number; name: string }[]>,
      dispose: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };

  it('serves the very same frozen rows while nothing was written, and reads again after a write here', async () => {
    const c = await open();
    try {
      const first = await c.byId(1);
      expect(first).toEqual([{ id: 1, name: 'one' }]);
      expect(await c.byId(1)).toBe(first);
      expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
      expect(() => {
        (first[0] as { name: string }).name = 'changed';
      }).toThrow(TypeError);
      // Other values are other entries.
      expect(await c.byId(2)).toEqual([{ id: 2, name: 'two' }]);
      await sql`update item set name = 'uno' where id = 1`.execute(c.database.db);
      const again = await c.byId(1);
      expect(again).not.toBe(first);
      expect(again).toEqual([{ id: 1, name: 'uno' }]);
      // A write inside a transaction counts too, even one rolled back (the stamp only ever errs on reading).
      await expect(
        c.database.db.transaction().execute(async (trx) => {
          await sql`update item set name = 'tmp' where id = 1`.execute(trx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const afterRollback = await c.byId(1);
      expect(afterRollback).not.toBe(again);
      expect(afterRollback).toEqual([{ id: 1, name: 'uno' }]);
    } finally {
      await c.dispose();
    }
  });

  it('sees a write committed by another connection (another process) from the next turn of the event loop', async () => {
    const c = await open();
    const other = new SQLite(c.file);
    try {
      const first = await c.byId(2);
      expect(await c.byId(2)).toBe(first);
      other.prepare("update item set name = 'deux' where id = 2").run();
      // As a request would: one that arrives after the commit is read in a later turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(await c.byId(2)).toEqual([{ id: 2, name: 'deux' }]);
    } finally {
      other.close();
      await c.dispose();
    }
  });

  it('reads every time on a database opened without the cache (SQLITE_READ_CACHE=off)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-nocache-'));
    const database = openSqlite(join(dir, 'nocache.db'), { readCache: false });
    try {
      await createItems(database.db);
      await expectReadEveryTime(database.db);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never serves a read made inside a transaction from memory, nor stores it', async () => {
    const c = await open();
    try {
      await c.database.db.transaction().execute(async (trx) => {
        const inTrx = preparedQuery(trx as unknown as typeof c.database.db, nameOfItem, { cache: 10 });
        const a = await inTrx(1);
        await sql`update item set name = 'inside' where id = 1`.execute(trx);
        const b = await inTrx(1);
        expect(b).not.toBe(a);
        expect(b).toEqual([{ name: 'inside' }]);
      });
      expect(await c.byId(1)).toEqual([{ id: 1, name: 'inside' }]);
    } finally {
      await c.dispose();
    }
  });
});

describe.each(
  process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [],
)('preparedQuery on a PostgreSQL server (%s)', (lane) => {
  it('runs as a named statement, prepared once per connection, and is never served from memory', async () => {
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
