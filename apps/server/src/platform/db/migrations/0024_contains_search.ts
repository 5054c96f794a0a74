import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Released: its sha-256 is in released.json. Change nothing here; add a new migration instead.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // Issue 23, contains search (`keyword` of GET /account/s): any part of the account number, name, mobile or e-mail,
  // served by a trigram index on each engine (ADR 0024).
  if (dialect === 'sqlite') {
    // An FTS5 table of trigrams over the four columns, its content read from `account` (external content: the text
    // is not stored twice), kept by triggers in the writing transaction.
    await sql`create virtual table account_search using fts5(
      account_number, account_name, contact_number, email,
      content = 'account', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
    await sql`insert into account_search (account_search) values ('rebuild')`.execute(db);
    await sql`create trigger account_search_insert after insert on account begin
      insert into account_search (rowid, account_number, account_name, contact_number, email)
      values (new.id, new.account_number, new.account_name, new.contact_number, new.email);
    end`.execute(db);
    await sql`create trigger account_search_delete after delete on account begin
      insert into account_search (account_search, rowid, account_number, account_name, contact_number, email)
      values ('delete', old.id, old.account_number, old.account_name, old.contact_number, old.email);
    end`.execute(db);
    await sql`create trigger account_search_update after update of account_number, account_name, contact_number, email
      on account begin
      insert into account_search (account_search, rowid, account_number, account_name, contact_number, email)
      values ('delete', old.id, old.account_number, old.account_name, old.contact_number, old.email);
      insert into account_search (rowid, account_number, account_name, contact_number, email)
      values (new.id, new.account_number, new.account_name, new.contact_number, new.email);
    end`.execute(db);
    return;
  }
  // PostgreSQL: pg_trgm where this role may create it (a superuser, or a trusted extension in the database's owner's
  // hands). It is tried in a savepoint: a refusal (or a server without the contrib module, PGlite) leaves the migration
  // going, without the index. The fallback: the same ILIKE, unindexed: correct, every count capped (ADR 0024).
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions
    where name = 'pg_trgm'`.execute(db);
  if (!available.rows[0]?.n) return;
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return;
  }
  // One GIN index over the four columns joined by U+0001 (no request text holds it: the contract refuses control
  // characters), so a term never matches across two columns. accounts.repository.ts writes the same expression.
  await sql`create index account_search_trgm on account using gin ((
    account_number || chr(1) || account_name || chr(1) || coalesce(contact_number, '') || chr(1) || coalesce(email, '')
  ) gin_trgm_ops)`.execute(db);
}
