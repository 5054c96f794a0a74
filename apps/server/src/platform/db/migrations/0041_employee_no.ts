import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// 工号 (an account's employee number): unique when set, and matched by the account list's contains search.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('account').addColumn('employee_no', 'varchar(64)').execute();
  // Unique when set: both engines let any number of rows hold null under a unique index.
  await db.schema.createIndex('account_employee_no_key').on('account').column('employee_no').unique().execute();
  await searchOver(db, dialect, ['account_number', 'account_name', 'contact_number', 'email', 'employee_no']);
}

/**
 * The contains search's table and triggers (0024 on SQLite, 0034 on PostgreSQL) over `columns`, rebuilt from the
 * accounts as they are: the columns the account descriptor marks `searched`, spelled here as a frozen migration must.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
async function searchOver(db: Kysely<any>, dialect: Dialect, columns: readonly string[]): Promise<void> {
  const list = sql.raw(columns.join(', '));
  const prefixed = (prefix: string) => sql.raw(columns.map((c) => `${prefix}.${c}`).join(', '));
  for (const trigger of ['account_search_insert', 'account_search_delete', 'account_search_update']) {
    await sql`drop trigger if exists ${sql.raw(trigger)} ${sql.raw(dialect === 'postgres' ? 'on account' : '')}`.execute(
      db,
    );
  }
  if (dialect === 'sqlite') {
    await sql`drop table if exists account_search`.execute(db);
    await sql`create virtual table account_search using fts5(
      ${list}, content = 'account', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
    await sql`insert into account_search (account_search) values ('rebuild')`.execute(db);
    await sql`create trigger account_search_insert after insert on account begin
      insert into account_search (rowid, ${list}) values (new.id, ${prefixed('new')});
    end`.execute(db);
    await sql`create trigger account_search_delete after delete on account begin
      insert into account_search (account_search, rowid, ${list}) values ('delete', old.id, ${prefixed('old')});
    end`.execute(db);
    await sql`create trigger account_search_update after update of ${list} on account begin
      insert into account_search (account_search, rowid, ${list}) values ('delete', old.id, ${prefixed('old')});
      insert into account_search (rowid, ${list}) values (new.id, ${prefixed('new')});
    end`.execute(db);
    return;
  }
  // PostgreSQL: the joined, lowercased text (columns joined by U+0001, so a term never matches across two).
  const params = sql.raw(columns.map((c) => `${c} text`).join(', '));
  const joined = sql.raw(columns.map((c) => `coalesce(${c}, '')`).join(' || chr(1) || '));
  await sql`drop function if exists account_search_sync()`.execute(db);
  await sql`drop function if exists account_search_text(text, text, text, text)`.execute(db);
  await sql`create function account_search_text(${params}) returns text language sql immutable parallel safe as $$
      select lower(${joined})
    $$`.execute(db);
  await sql`update account_search s set doc = account_search_text(${prefixed('a')}) from account a
    where a.id = s.id`.execute(db);
  await sql`create function account_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into account_search (id, doc) select id, account_search_text(${list}) from inserted;
      elsif tg_op = 'DELETE' then
        delete from account_search s using deleted d where s.id = d.id;
      else
        update account_search set doc = account_search_text(${prefixed('new')}) where id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger account_search_insert after insert on account
    referencing new table as inserted for each statement execute function account_search_sync()`.execute(db);
  await sql`create trigger account_search_delete after delete on account
    referencing old table as deleted for each statement execute function account_search_sync()`.execute(db);
  const changed = sql.raw(columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or '));
  await sql`create trigger account_search_update after update of ${list} on account for each row
    when (${changed}) execute function account_search_sync()`.execute(db);
}
