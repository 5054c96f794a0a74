import { ENTITIES, storedColumns } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openTestDatabase, type TestDatabase } from '../../../test/harness.js';

/**
 * An entity's descriptor names its stored columns once (contract entity.ts); the migrations create them. The two
 * must agree on both dialects: a column the descriptor names and the table lacks, or a column the table has and the
 * descriptor forgets, fails here.
 */
describe.each(lanes)('entity descriptors against the migrated tables on %s', (lane) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(lane, true);
  });
  afterAll(() => database?.dispose());

  it.each(ENTITIES.map((entity) => [entity.table, entity] as const))('%s: the same columns', async (_, entity) => {
    const tables = await database.db.introspection.getTables();
    const table = tables.find((found) => found.name === entity.table);
    expect(table, entity.table).toBeDefined();
    const columns = (table?.columns ?? []).map((column) => column.name).sort();
    expect([...storedColumns(entity), ...(entity.ownColumns ?? [])].sort()).toEqual(columns);
  });
});
