import { type Kysely, sql } from 'kysely';
import { containsPattern } from '../../platform/db/like.js';
import { preparedQuery } from '../../platform/db/prepared.js';
import type { DB } from '../../platform/db/schema.js';
import { countAccounts } from '../accounts/accounts.reads.js';
import { disabledOrgs, ORG_COLUMNS } from './orgs.reads.js';
export function createOrgsRepository(db: Kysely<DB>) {
  const withHasChildren = (db: Kysely<DB>) =>
    db
      .selectFrom('org')
      .select((eb) => [
        ...ORG_COLUMNS.map((column) => `org.${column}` as const),
        eb
          .exists(eb.selectFrom('org as child').select('child.id').whereRef('child.pid', '=', 'org.id'))
          .as('has_children'),
      ]);
  // Each level in its order: 显示排序, then id (org_pid_sort_idx).
  const inOrder = (db: Kysely<DB>) => withHasChildren(db).orderBy('org.sort_order').orderBy('org.id');
  // The lazy tree's one read (every expand of the organisation tree and picker): compiled once per shape.
  const roots = preparedQuery(db, (db) => inOrder(db).where(sql<boolean>`org.pid is null`));
  const childrenOf = preparedQuery(db, (db, pid: number) => inOrder(db).where('org.pid', '=', pid));
  return {
    /** Children of `pid` (roots when null), each with whether it has children of its own. */
    children(pid: number | null) {
      return pid === null ? roots() : childrenOf(pid);
    },
    /** Up to `limit` organisations whose name or full name contains `text` (literally), by name. */
    named(text: string, limit: number) {
      const pattern = containsPattern(text);
      return withHasChildren(db)
        .where((eb) =>
          eb.or([
            sql<boolean>`org.name like ${pattern} escape '\\'`,
            sql<boolean>`org.full_name like ${pattern} escape '\\'`,
          ]),
        )
        .orderBy('org.name')
        .orderBy('org.id')
        .limit(limit)
        .execute();
    },
    /**
     * Every organisation above `ids` (id, parent, name), in one recursive read: the picker names each search hit by
     * its path and opens the tree down to it.
     */
    async above(ids: readonly number[]) {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: number; pid: number | null; name: string }>`with recursive up(id, pid, name) as (
        select parent.id, parent.pid, parent.name from org parent
          where parent.id in (select pid from org where id in (${sql.join(ids)}))
        union
        select org.id, org.pid, org.name from org join up on org.id = up.pid
      ) select id, pid, name from up`.execute(db);
      return rows;
    },
    one(id: number) {
      return this.select().where('org.id', '=', id).executeTakeFirst();
    },
    select() {
      return withHasChildren(db);
    },
    findById(id: number) {
      return db.selectFrom('org').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The tree's shape after `afterId`, by id, at most `limit` (the export's keyset read of the whole tree). */
    shapeAfter(afterId: number, limit: number) {
      return db
        .selectFrom('org')
        .select(['id', 'pid', 'name', 'sort_order'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    /** The exported fields of the organisations `ids` (in no particular order). */
    exportRows(ids: readonly number[]) {
      return db
        .selectFrom('org')
        .select([
          'id',
          'pid',
          'name',
          'full_name',
          'org_code',
          'region_id',
          'sort_order',
          'leader',
          'phone',
          'state',
          'create_time',
        ])
        .where('id', 'in', ids)
        .execute();
    },
    async insert(row: {
      pid: number | null;
      name: string;
      full_name: string | null;
      org_code: string | null;
      region_id: number | null;
      sort_order?: number;
      leader?: string | null;
      phone?: string | null;
      state?: number;
      create_time: string;
    }) {
      const { id } = await db.insertInto('org').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async update(
      id: number,
      changes: {
        pid: number | null;
        name: string;
        full_name: string | null;
        org_code?: string | null;
        region_id?: number | null;
        sort_order?: number;
        leader?: string | null;
        phone?: string | null;
        state?: number;
      },
    ) {
      await db.updateTable('org').set(changes).where('id', '=', id).execute();
    },
    /** The disabled (停用) organisations, with their names: nothing new goes under them. */
    disabled(): Promise<ReadonlyMap<number, string>> {
      return disabledOrgs(db);
    },
    /** Whether the organisation exists and is enabled: undefined when there is none. */
    async enabled(id: number): Promise<boolean | undefined> {
      const row = await db.selectFrom('org').select('state').where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : row.state === 1;
    },
    /** How many organisations directly below `id` are enabled (disabling needs none). */
    async enabledChildren(id: number): Promise<number> {
      const row = await db
        .selectFrom('org')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('pid', '=', id)
        .where('state', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Sets some of an organisation's own fields (an import's upsert: only the columns its file has). */
    async patch(
      id: number,
      changes: {
        full_name?: string | null;
        org_code?: string | null;
        region_id?: number | null;
        sort_order?: number;
        leader?: string | null;
        phone?: string | null;
        state?: number;
      },
    ) {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('org').set(changes).where('id', '=', id).execute();
    },
    /** Every organisation holding a code, with it (an import checks a file's codes at once). */
    codes() {
      return db.selectFrom('org').select(['id', 'org_code']).where('org_code', 'is not', null).execute() as Promise<
        { id: number; org_code: string }[]
      >;
    },
    async delete(id: number) {
      await db.deleteFrom('org').where('id', '=', id).execute();
    },
    /** Another organisation under the same parent (a root among roots) with this name. */
    async siblingNamed(pid: number | null, name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('org').select('id').where('name', '=', name);
      q = pid === null ? q.where('pid', 'is', null) : q.where('pid', '=', pid);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /** Another organisation holding this code. */
    async codeTaken(code: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('org').select('id').where('org_code', '=', code);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    countAccounts(id: number): Promise<number> {
      return countAccounts(db, { orgId: id });
    },
  };
}

export type OrgsRepository = ReturnType<typeof createOrgsRepository>;

/** The first start's root organisation (modules/setup), named `name`; answers its id. */
export async function insertRootOrg(db: Kysely<DB>, name: string, now: string): Promise<number> {
  const { id } = await db
    .insertInto('org')
    .values({ pid: null, name, full_name: name, create_time: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
