import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 32: on PostgreSQL the per-role account counters (row_count 'role:<id>', migration 0009) were written by every
  // UPDATE of account, whatever it changed: minus the old rows' roles, plus the new rows' roles. A bulk disable of 500
  // accounts rewrote the counters of every role they held and kept them locked to its commit, so concurrent writes to
  // accounts of the same roles queued behind each other (16 bulk disables at once: one at a time). An update now nets
  // the two sides and writes only the counters whose count changes (a change of role_id), in name order. SQLite's
  // trigger fires on `update of role_id` alone already.
  if (dialect !== 'postgres') return;
  await sql`create or replace function account_role_count() returns trigger language plpgsql as $$
            begin
              if tg_op = 'UPDATE' then
                insert into row_count (name, n)
                select name, sum(c) from (
                  select 'role:' || role_id as name, -count(*) as c from deleted where role_id is not null group by role_id
                  union all
                  select 'role:' || role_id, count(*) from inserted where role_id is not null group by role_id
                ) changes
                group by name having sum(c) <> 0 order by name
                on conflict (name) do update set n = row_count.n + excluded.n;
                return null;
              end if;
              if tg_op = 'DELETE' then
                update row_count set n = row_count.n - d.c
                from (select 'role:' || role_id as name, count(*) as c from deleted
                      where role_id is not null group by role_id) d
                where row_count.name = d.name;
              end if;
              if tg_op = 'INSERT' then
                insert into row_count (name, n)
                select 'role:' || role_id, count(*) from inserted where role_id is not null group by role_id
                on conflict (name) do update set n = row_count.n + excluded.n;
              end if;
              return null;
            end $$`.execute(db);
}
