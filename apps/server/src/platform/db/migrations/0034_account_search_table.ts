import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // SQLite already keeps its contains search in a table of its own (0024's FTS5 `account_search`).
  if (dialect === 'sqlite') return;
  // PostgreSQL's contains search moves from an expression index on `account` to a narrow table of its own (ADR 0033):
  // a pg_trgm match is always rechecked against the row, and rechecking 7,000 matches on the full-width account table
  // (1.3 GB at 5,000,000 accounts) computed the joined expression and an ILIKE on each of them, 58 ms warm; the same
  // matches in this table, already joined and lowercased, 4 ms. Its rows are the account's id and the four columns
  // joined by U+0001 and lowercased, kept by triggers in the writing transaction as SQLite's FTS5 table is.
  await sql`create function account_search_text(account_number text, account_name text, contact_number text,
    email text) returns text language sql immutable parallel safe as $$
      select lower(account_number || chr(1) || account_name || chr(1) || coalesce(contact_number, '') || chr(1)
        || coalesce(email, ''))
    $$`.execute(db);
  await sql`create table account_search (id integer primary key, doc text not null)`.execute(db);
  await sql`insert into account_search (id, doc)
    select id, account_search_text(account_number, account_name, contact_number, email) from account`.execute(db);
  // Inserts and deletes per statement (an import or a seed of a million rows is one statement each); an update per
  // row, and only of the rows whose searched columns changed (a bulk disable touches no search row).
  await sql`create function account_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into account_search (id, doc)
        select id, account_search_text(account_number, account_name, contact_number, email) from inserted;
      elsif tg_op = 'DELETE' then
        delete from account_search s using deleted d where s.id = d.id;
      else
        update account_search
        set doc = account_search_text(new.account_number, new.account_name, new.contact_number, new.email)
        where id = new.id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger account_search_insert after insert on account
    referencing new table as inserted for each statement execute function account_search_sync()`.execute(db);
  await sql`create trigger account_search_delete after delete on account
    referencing old table as deleted for each statement execute function account_search_sync()`.execute(db);
  await sql`create trigger account_search_update after update of account_number, account_name, contact_number, email
    on account for each row
    when (old.account_number is distinct from new.account_number or old.account_name is distinct from new.account_name
      or old.contact_number is distinct from new.contact_number or old.email is distinct from new.email)
    execute function account_search_sync()`.execute(db);
  // The index moves with the text (0024 created it only where pg_trgm could be created; ADR 0024's fallback, an
  // unindexed LIKE, now reads this narrow table instead of every account).
  const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(
    db,
  );
  await sql`drop index if exists account_search_trgm`.execute(db);
  if (trgm.rows[0]?.n) {
    await sql`create index account_search_trgm on account_search using gin (doc gin_trgm_ops)`.execute(db);
  }
}
