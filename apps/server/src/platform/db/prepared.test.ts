import { describe, expect, it } from 'vitest';
import { lanes, startTestApp } from '../../../test/harness.js';
import { preparedQuery } from './prepared.js';

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
