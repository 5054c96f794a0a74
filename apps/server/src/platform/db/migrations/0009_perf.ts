import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Row counts kept by triggers in the inserting or deleting transaction: the account list's unfiltered
  // total is one row read instead of a COUNT over every account (every process sees the same number).
  await db.schema
    .createTable('row_count')
    .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into row_count (name, n) select 'account', count(*) from account`.execute(db);
  // `role:<id>`: accounts holding the role (the roles page shows it for every role).
  await sql`insert into row_count (name, n)
          select 'role:' || role_id, count(*) from account where role_id is not null group by role_id`.execute(db);
  // Bumped by every change of the resource tree or of a role's grants: processes cache permission sets
  // and reload them when it moves.
  await sql`insert into row_count (name, n) values ('permission_version', 0)`.execute(db);
  if (dialect === 'sqlite') {
    await sql`create trigger account_count_insert after insert on account begin
            update row_count set n = n + 1 where name = 'account'; end`.execute(db);
    await sql`create trigger account_count_delete after delete on account begin
            update row_count set n = n - 1 where name = 'account'; end`.execute(db);
    await sql`create trigger account_role_insert after insert on account when new.role_id is not null begin
            insert into row_count (name, n) values ('role:' || new.role_id, 1)
              on conflict (name) do update set n = n + 1; end`.execute(db);
    await sql`create trigger account_role_delete after delete on account when old.role_id is not null begin
            update row_count set n = n - 1 where name = 'role:' || old.role_id; end`.execute(db);
    await sql`create trigger account_role_update after update of role_id on account
            when old.role_id is not new.role_id begin
              update row_count set n = n - 1 where name = 'role:' || old.role_id;
              insert into row_count (name, n) select 'role:' || new.role_id, 1 where new.role_id is not null
                on conflict (name) do update set n = n + 1;
            end`.execute(db);
    for (const table of ['resource', 'role_resource']) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_${event}_version`)} after ${sql.raw(event)} on ${sql.table(table)}
                begin update row_count set n = n + 1 where name = 'permission_version'; end`.execute(db);
      }
    }
    // LIKE is case-insensitive in SQLite: only a NOCASE index serves a prefix match.
    await sql`create index account_number_nocase_idx on account (account_number collate nocase)`.execute(db);
    await sql`create index account_name_nocase_idx on account (account_name collate nocase)`.execute(db);
  } else {
    // Statement-level with transition tables: a bulk insert updates the counter once.
    await sql`create function account_count() returns trigger language plpgsql as $$
            begin
              if tg_op = 'INSERT' then
                update row_count set n = n + (select count(*) from inserted) where name = 'account';
              else
                update row_count set n = n - (select count(*) from deleted) where name = 'account';
              end if;
              return null;
            end $$`.execute(db);
    await sql`create trigger account_count_insert after insert on account
            referencing new table as inserted for each statement execute function account_count()`.execute(db);
    await sql`create trigger account_count_delete after delete on account
            referencing old table as deleted for each statement execute function account_count()`.execute(db);
    await sql`create function account_role_count() returns trigger language plpgsql as $$
            begin
              if tg_op in ('DELETE', 'UPDATE') then
                update row_count set n = row_count.n - d.c
                from (select 'role:' || role_id as name, count(*) as c from deleted
                      where role_id is not null group by role_id) d
                where row_count.name = d.name;
              end if;
              if tg_op in ('INSERT', 'UPDATE') then
                insert into row_count (name, n)
                select 'role:' || role_id, count(*) from inserted where role_id is not null group by role_id
                on conflict (name) do update set n = row_count.n + excluded.n;
              end if;
              return null;
            end $$`.execute(db);
    await sql`create trigger account_role_insert after insert on account
            referencing new table as inserted for each statement execute function account_role_count()`.execute(db);
    await sql`create trigger account_role_delete after delete on account
            referencing old table as deleted for each statement execute function account_role_count()`.execute(db);
    await sql`create trigger account_role_update after update on account
            referencing old table as deleted new table as inserted
            for each statement execute function account_role_count()`.execute(db);
    await sql`create function permission_version() returns trigger language plpgsql as $$
            begin
              update row_count set n = n + 1 where name = 'permission_version';
              return null;
            end $$`.execute(db);
    for (const table of ['resource', 'role_resource']) {
      await sql`create trigger ${sql.raw(`${table}_version`)} after insert or update or delete on ${sql.table(table)}
              for each statement execute function permission_version()`.execute(db);
    }
    // Prefix LIKE needs pattern ops unless the database collation is C.
    await sql`create index account_number_pattern_idx on account (account_number varchar_pattern_ops)`.execute(db);
    await sql`create index account_name_pattern_idx on account (account_name varchar_pattern_ops)`.execute(db);
  }
}
