// The roles' resources every account answer carries (sysRole.resources) come from the permission cache: read once
// per permission version, whatever the number of list pages asking, and read again after any change of a grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, type TestDatabase } from '../../../test/harness.js';
import { migrate } from '../../platform/db/migrations.js';
import { runSetup } from '../setup/setup.service.js';
import { createResourcesRepository } from './resources.repository.js';
import { createResourcesService } from './resources.service.js';

describe.each(lanes)('the roles’ resources of account answers on %s', (lane) => {
  let database: TestDatabase;
  let roleA = 0;
  let roleB = 0;
  let resourceIds: number[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(lane);
    await migrate(database.db as never, database.dialect);
    await runSetup(database.db, database.dialect, {});
    const now = new Date().toISOString();
    const role = async (name: string) =>
      (
        await database.db
          .insertInto('role')
          .values({ name, remark: null, builtin: 0, create_time: now, update_time: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    roleA = await role('甲');
    roleB = await role('乙');
    resourceIds = (await database.db.selectFrom('resource').select('id').orderBy('id').limit(3).execute()).map(
      (r) => r.id,
    );
    await database.db
      .insertInto('role_resource')
      .values([
        { role_id: roleA, resource_id: resourceIds[1]! },
        { role_id: roleA, resource_id: resourceIds[0]! },
        { role_id: roleB, resource_id: resourceIds[2]! },
      ])
      .execute();
  });
  afterAll(() => database.dispose());

  it('reads the grants once per permission version, ordered by id, every resource under 0', async () => {
    const repo = createResourcesRepository(database.db);
    let reads = 0;
    const counting = {
      ...repo,
      grantsOf: (ids: readonly number[]) => {
        reads++;
        return repo.grantsOf(ids);
      },
    };
    const resources = createResourcesService(counting);
    const first = await resources.grantsOf([roleA, roleB], false);
    expect(first.get(roleA)!.map((r) => r.id)).toEqual([resourceIds[0], resourceIds[1]]);
    expect(first.get(roleB)!.map((r) => r.id)).toEqual([resourceIds[2]]);
    for (let page = 0; page < 10; page++) await resources.grantsOf([roleA, roleB], true);
    expect(reads).toBe(1);
    const all = await resources.grantsOf([], true);
    expect(all.get(0)!.length).toBe(
      Number(
        (
          await database.db
            .selectFrom('resource')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

    // A grant changed (the triggers move the permission version): the next answer reads it.
    await database.db.deleteFrom('role_resource').where('role_id', '=', roleB).execute();
    expect((await resources.grantsOf([roleB], false)).get(roleB)).toEqual([]);
    expect(reads).toBe(2);
  });
});
